import { NuqsAdapter } from "nuqs/adapters/next/app";
import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Transactions page's client components use (the detail sheet's own come with it: page.tsx) (checked by test/i18n/client-messages.test.ts), and nuqs's adapter for its filters in the URL. */
export default function TransactionsMessages({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages
      namespaces={["dateField", "errors.forbidden", "errors.unauthenticated", "pages.transactions.title", "transactions.columns", "transactions.copyId", "transactions.csv", "transactions.detail.copy", "transactions.detail.open", "transactions.export", "transactions.filters", "transactions.sort", "transactions.status", "transactions.verified", "transactions.verifiedWebhook", "transactions.views", "txKinds"]}
    >
      <NuqsAdapter>{children}</NuqsAdapter>
    </ClientMessages>
  );
}
