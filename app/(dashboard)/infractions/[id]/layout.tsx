import { ClientMessages } from "@/components/providers/client-messages";

/** The messages an infraction's page's client components use (checked by test/i18n/client-messages.test.ts). */
export default function InfractionMessages({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages
      namespaces={["infractions.assignee", "infractions.banner", "infractions.detail.assigned", "infractions.detail.teamDeadline", "infractions.reply", "infractions.unassigned"]}
    >
      {children}
    </ClientMessages>
  );
}
