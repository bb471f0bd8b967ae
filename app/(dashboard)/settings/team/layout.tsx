import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Team page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function TeamMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["auth.invalidEmail", "team"]}>{children}</ClientMessages>;
}
