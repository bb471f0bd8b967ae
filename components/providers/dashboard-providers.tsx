"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import { TooltipProvider } from "@/components/ui/tooltip";
import { Toaster } from "@/components/ui/toast";
import { ReauthProvider } from "@/components/security/reauth-provider";
import { useI18n } from "./i18n-provider";
import { QueryProvider } from "./query-provider";

export function DashboardProviders({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <QueryProvider>
      <NuqsAdapter>
        <TooltipProvider delayDuration={300}>
          <ReauthProvider>{children}</ReauthProvider>
          <Toaster label={t("shell.notifications")} closeLabel={t("common.close")} />
        </TooltipProvider>
      </NuqsAdapter>
    </QueryProvider>
  );
}
