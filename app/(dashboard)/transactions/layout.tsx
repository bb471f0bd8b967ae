import { NuqsAdapter } from "nuqs/adapters/next/app";
import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Transactions page's client components use (checked by test/i18n/client-messages.test.ts), and nuqs's adapter for its filters in the URL. */
export default function TransactionsMessages({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages
      namespaces={["charges.code.registered", "charges.code.registration", "charges.code.registrationPending", "errors.forbidden", "errors.unauthenticated", "infractions.statuses", "infractions.types", "pages.transactions.title", "send.failure", "transactions", "txKinds", "webhooks.eventNames"]}
    >
      <NuqsAdapter>{children}</NuqsAdapter>
    </ClientMessages>
  );
}
