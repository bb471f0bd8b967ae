"use client";

import { Toaster } from "@/components/ui/toast";
import { ReauthProvider } from "@/components/security/reauth-provider";
import { useI18n } from "./i18n-provider";
import { QueryProvider } from "./query-provider";

export function DashboardProviders({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <QueryProvider>
      {/* No NuqsAdapter here: the pages that keep state in the URL (Transactions, Account) have it in
          their layouts, and nuqs loads with them only. */}
      {/* No TooltipProvider here: each Tooltip has its own (components/ui/tooltip.tsx), and Radix's
          tooltip code loads only on the pages that show one. */}
      <ReauthProvider>{children}</ReauthProvider>
      <Toaster label={t("shell.notifications")} closeLabel={t("common.close")} />
    </QueryProvider>
  );
}
