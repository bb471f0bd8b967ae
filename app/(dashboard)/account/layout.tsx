import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Account page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function AccountMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["account.limits.dayResetLocal", "account.limits.dayResetUtc", "account.tabs"]}>{children}</ClientMessages>;
}
