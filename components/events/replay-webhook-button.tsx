"use client";

import { RotateCcw } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useI18n } from "@/components/providers/i18n-provider";
import { replayWebhookAction } from "@/app/(dashboard)/settings/webhooks/actions";

export function ReplayWebhookButton({ id }: { id: number }) {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      onClick={() => run(() => replayWebhookAction({ id }), () => toast({ title: t("webhooks.replayed", { id }) }))}
    >
      <RotateCcw aria-hidden /> {t("webhooks.replay")}
    </Button>
  );
}
