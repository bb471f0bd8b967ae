import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the payment page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function PayMessages({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages
      namespaces={["charges.code", "charges.detail.amount", "charges.print", "charges.public.print", "common.copied"]}
    >
      {children}
    </ClientMessages>
  );
}
