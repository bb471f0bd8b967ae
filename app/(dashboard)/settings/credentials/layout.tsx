import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the API credentials page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function CredentialsMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["credentials"]}>{children}</ClientMessages>;
}
