import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the invitation page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function InviteMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["invite"]}>{children}</ClientMessages>;
}
