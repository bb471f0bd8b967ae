import { ClientMessages } from "@/components/providers/client-messages";

/**
 * The public payment page sits outside the dashboard's layout: its client components get their
 * messages here (checked by test/i18n/client-messages.test.ts).
 */
export default function PayLayout({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages namespaces={["charges.code", "charges.detail.amount", "charges.print"]}>{children}</ClientMessages>
  );
}
