"use client";

import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useI18n } from "@/components/providers/i18n-provider";
import { refreshAccountAction } from "@/app/(dashboard)/account/actions";

/** Asks the API again now for profile, limits and fees instead of the team's shared copy. */
export function RefreshAccountButton() {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  return (
    <Button size="sm" variant="outline" disabled={pending} onClick={() => run(() => refreshAccountAction({}))} data-testid="account-refresh">
      <RefreshCw aria-hidden className={pending ? "animate-spin" : undefined} /> {t("account.refresh")}
    </Button>
  );
}
