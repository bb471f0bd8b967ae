import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Receive pages' client components use (checked by test/i18n/client-messages.test.ts). */
export default function ReceiveMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["charges", "dateField", "pixDecoder"]}>{children}</ClientMessages>;
}
