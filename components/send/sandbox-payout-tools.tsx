"use client";

/** Sandbox credential only: settle a pending payout, or fail it for one of the reasons the spec's error codes name (`codes`: those that fit it). */
import { useState } from "react";
import { FlaskConical } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { simulatePayoutAction } from "@/app/(dashboard)/send/actions";
import type { PayoutFailureCode } from "@/lib/vocabulary";

export function SandboxPayoutTools({ id, codes }: { id: string; codes: PayoutFailureCode[] }) {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  const [code, setCode] = useState<PayoutFailureCode>(codes[0] ?? "UNKNOWN");
  const done = () => toast({ title: t("send.sandbox.sent"), variant: "success" });
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="sandbox-payout-tools">
      <FlaskConical aria-hidden className="size-4 text-muted-foreground" />
      <span className="sr-only">{t("send.sandbox.description")}</span>
      <Button size="sm" variant="outline" disabled={pending} onClick={() => run(() => simulatePayoutAction({ id, event: "cashout.confirmed" }), done)}>
        {t("send.sandbox.settle")}
      </Button>
      <Button size="sm" variant="outline" disabled={pending} onClick={() => run(() => simulatePayoutAction({ id, event: "cashout.failed", errorCode: code }), done)}>
        {t("send.sandbox.fail")}
      </Button>
      <NativeSelect aria-label={t("send.sandbox.errorCode")} className="h-8 text-xs" value={code} onChange={(e) => setCode(e.target.value as typeof code)}>
        {codes.map((c) => (
          <option key={c} value={c}>
            {t(`send.sandbox.reasons.${c}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
