import { ClientMessages } from "@/components/providers/client-messages";
import { QueryProvider } from "@/components/providers/query-provider";

/**
 * The public payment page sits outside the dashboard's layout: its status query needs the one
 * QueryClient too, and its client components their messages (checked by
 * test/i18n/client-messages.test.ts).
 */
export default function PayLayout({ children }: { children: React.ReactNode }) {
  return (
    <QueryProvider>
      <ClientMessages namespaces={["charges.code", "charges.detail.amount", "charges.print", "charges.public.print", "common.copied"]}>{children}</ClientMessages>
    </QueryProvider>
  );
}
