"use client";

import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { resendPayoutAction } from "@/app/(dashboard)/send/actions";

/** A payout whose answer was lost, or that was never sent: sent again with the same reference and body (never paid twice). */
export function ResendPayoutButton({ id }: { id: string }) {
  const { t } = useI18n();
  const withReauth = useReauth();
  const { pending, run } = useRefreshingAction();
  return (
    <Button variant="outline" size="sm" className="w-fit" disabled={pending} onClick={() => run(() => withReauth(() => resendPayoutAction({ id })), () => toast({ title: t("send.list.resent"), variant: "success" }))}>
      {t("send.list.resend")}
    </Button>
  );
}
