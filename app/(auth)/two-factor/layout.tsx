import { ClientMessages } from "@/components/providers/client-messages";

/** The messages the two-factor enrolment's client components use (checked by test/i18n/client-messages.test.ts). */
export default function TwoFactorMessages({ children }: { children: React.ReactNode }) {
  return <ClientMessages namespaces={["common", "reauth.confirming", "security"]}>{children}</ClientMessages>;
}
