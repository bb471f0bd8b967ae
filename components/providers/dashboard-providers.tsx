"use client";

import { Toaster } from "@/components/ui/toast";
import { ReauthProvider } from "@/components/security/reauth-provider";
import { useI18n } from "./i18n-provider";

export function DashboardProviders({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      {/* No QueryClientProvider here: React Query loads with the parts that read through it (the
          search palette's dialog, Convert's panel), each with components/providers/query-provider.tsx
          around it; the bell keeps its list itself (components/notifications/bell-list.ts). */}
      {/* No NuqsAdapter here: the pages that keep state in the URL (Transactions, Account) have it in
          their layouts, and nuqs loads with them only. */}
      {/* No TooltipProvider here: each Tooltip has its own (components/ui/tooltip.tsx), and Radix's
          tooltip code loads only on the pages that show one. */}
      <ReauthProvider>{children}</ReauthProvider>
      <Toaster label={t("shell.notifications")} closeLabel={t("common.close")} />
    </>
  );
}
