"use client";

import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useI18n } from "@/components/providers/i18n-provider";
import { refreshBalancesAction } from "@/app/(dashboard)/overview/actions";

/** Asks the API again now instead of using the shared cache (within the rate budget). */
export function RefreshBalancesButton() {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      onClick={() => run(() => refreshBalancesAction({}))}
    >
      <RefreshCw aria-hidden className={pending ? "animate-spin" : undefined} /> {t("overview.refresh")}
    </Button>
  );
}
