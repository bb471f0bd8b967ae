import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Security page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function SecurityMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["auth", "security", "team.actions"]}>{children}</ClientMessages>;
}
