"use client";

/** Admins: which payouts wait for a second member (none, above a threshold per currency, all). */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { APPROVAL_MODES, type ApprovalMode } from "@/lib/vocabulary";
import type { ApprovalPolicy } from "@/lib/payouts/policy";
import type { MessageKey } from "@/lib/i18n/translate";
import { decidePolicyChangeAction, setApprovalPolicyAction } from "@/app/(dashboard)/send/actions";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

export const POLICY_CURRENCIES = ["BRL", "MXN", "USDT", "USDC", "BTC", "ETH", "SOL", "BNB"] as const;

export function ApprovalPolicyForm({ policy }: { policy: ApprovalPolicy }) {
  const { t } = useI18n();
  const withReauth = useReauth();
  const { pending, run } = useRefreshingAction();
  const [mode, setMode] = useState<ApprovalMode>(policy.mode);
  const [thresholds, setThresholds] = useState<Record<string, string>>(policy.thresholds);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      className="grid gap-4"
      data-testid="approval-policy-form"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        run(
          async () => {
            const r = await withReauth(() => setApprovalPolicyAction({ mode, thresholds: mode === "above" ? thresholds : {} }));
            if (!r.ok) setErrors(r.error.fieldErrors ?? {});
            return r;
          },
          (data) => toast({ title: t(data.applied ? "send.policy.saved" : "send.policy.proposed"), variant: "success" }),
        );
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t("send.policy.title")}</legend>
        {APPROVAL_MODES.map((m) => (
          <label key={m} className="flex items-center gap-2 text-sm">
            <input type="radio" name="approval-mode" value={m} checked={mode === m} onChange={() => setMode(m)} className="size-4" />
            {t(`send.policy.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      {mode === "above" && (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">{t("send.policy.thresholds")}</legend>
          <p className="text-xs text-muted-foreground">{t("send.policy.thresholdsHelp")}</p>
          {errors.thresholds && <p className="text-sm text-destructive">{errors.thresholds}</p>}
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {POLICY_CURRENCIES.map((c) => (
              <FormField key={c} label={c} htmlFor={`threshold-${c}`} error={errors[`thresholds.${c}`]}>
                <Input inputMode="decimal" autoComplete="off" value={thresholds[c] ?? ""} onChange={(e) => setThresholds({ ...thresholds, [c]: e.target.value })} />
              </FormField>
            ))}
          </div>
        </fieldset>
      )}
      <Button type="submit" disabled={pending} className="justify-self-start">
        {t("send.policy.save")}
      </Button>
    </form>
  );
}

/** A change that lets more through, waiting for another admin: they approve or reject it; its proposer may withdraw it. */
export function PolicyProposal({ text, by, own, canDecide }: { text: string; by: string; own: boolean; canDecide: boolean }) {
  const { t } = useI18n();
  const withReauth = useReauth();
  const { pending, run } = useRefreshingAction();
  const decide = (decision: "approve" | "reject", done: MessageKey) =>
    run(
      () => withReauth(() => decidePolicyChangeAction({ decision })),
      () => toast({ title: t(done), variant: "success" }),
    );
  return (
    <Alert data-testid="approval-policy-proposal">
      <AlertTitle>{t("send.policy.waitingTitle")}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <span>{text}</span>
        <span className="text-xs">{by}</span>
        {canDecide && (
          <span className="flex flex-wrap gap-2">
            {own ? (
              <Button size="sm" variant="outline" disabled={pending} onClick={() => decide("reject", "send.policy.withdrawn")}>
                {t("send.policy.withdraw")}
              </Button>
            ) : (
              <>
                <Button size="sm" disabled={pending} onClick={() => decide("approve", "send.policy.approved")}>
                  {t("send.policy.approve")}
                </Button>
                <Button size="sm" variant="outline" disabled={pending} onClick={() => decide("reject", "send.policy.rejected")}>
                  {t("send.policy.reject")}
                </Button>
              </>
            )}
          </span>
        )}
      </AlertDescription>
    </Alert>
  );
}
