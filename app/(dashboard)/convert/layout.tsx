import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the Convert page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function ConvertMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["charges.errors", "convert"]}>{children}</ClientMessages>;
}
