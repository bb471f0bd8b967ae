import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the infraction settings page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function InfractionSettingsMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["infractions.settings"]}>{children}</ClientMessages>;
}
