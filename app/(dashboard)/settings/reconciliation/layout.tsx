import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Reconciliation page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function ReconciliationMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["reconciliation"]}>{children}</ClientMessages>;
}
