import { NuqsAdapter } from "nuqs/adapters/next/app";
import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Account page's client components use (checked by test/i18n/client-messages.test.ts), and nuqs's adapter for its tabs in the URL. */
export default function AccountMessages({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages namespaces={["account.limits.dayResetLocal", "account.limits.dayResetUtc", "account.tabs"]}>
      <NuqsAdapter>{children}</NuqsAdapter>
    </ClientMessages>
  );
}
