import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the bulk payout pages' client components use (checked by test/i18n/client-messages.test.ts). */
export default function BulkMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["bulk"]}>{children}</ClientMessages>;
}
