import { ClientMessages } from "@/components/providers/client-messages";

/**
 * The messages the Transactions page's client components use (the detail sheet's own come with it:
 * page.tsx; checked by test/i18n/client-messages.test.ts). nuqs's adapter comes with the code that
 * changes the URL (the toolbar's, the detail sheet's), not with the page.
 */
export default function TransactionsMessages({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages
      namespaces={["dateField", "errors.forbidden", "errors.unauthenticated", "pages.transactions.title", "transactions.columns", "transactions.copyId", "transactions.csv", "transactions.detail.copy", "transactions.detail.open", "transactions.export", "transactions.filters", "transactions.sort", "transactions.status", "transactions.verified", "transactions.verifiedWebhook", "transactions.views", "txKinds"]}
    >
      {children}
    </ClientMessages>
  );
}
