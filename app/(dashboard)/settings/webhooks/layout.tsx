import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Webhooks page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function WebhooksMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["webhooks.replay", "webhooks.replayed"]}>{children}</ClientMessages>;
}
