import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Wallets page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function WalletsMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["wallets"]}>{children}</ClientMessages>;
}
