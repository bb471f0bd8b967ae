import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Preferences page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function PreferencesMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["notifications.kinds", "notifications.preferences", "preferences"]}>{children}</ClientMessages>;
}
