"use client";

/**
 * The approval policy as sentences built from the rule ("Payouts over R$ 5.000,00 need a second
 * admin's approval."), read by every member. An admin changes it in place: the same sentences with
 * the currency and amount as fields inside them, a rule added or removed with a button; saving asks
 * for the password again when the last proof is old, and a change that lets more through waits for
 * another admin (the server decides which).
 */
import { useState } from "react";
import { Pencil } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { lazyModule, preload, useLazyModule } from "@/components/ui/lazy";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { policySentences, type ApprovalPolicy } from "@/lib/payouts/policy-text";
import type { MessageKey } from "@/lib/i18n/translate";
import { decidePolicyChangeAction } from "@/app/(dashboard)/send/actions";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** The editor (./approval-policy-editor.tsx) loads on an admin's first intent to change the rules, not with the page. */
const editor = lazyModule(() => import("./approval-policy-editor"));

/** The rules in force as sentences; an admin's "Change the rules" turns them into the editor, in place. */
export function ApprovalPolicyRules({ policy, canEdit }: { policy: ApprovalPolicy; canEdit: boolean }) {
  const { t, locale } = useI18n();
  const [editing, setEditing] = useState(false);
  const loaded = useLazyModule(editor);
  if (editing && loaded) return <loaded.PolicyEditor policy={policy} onClose={() => setEditing(false)} />;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-1.5 text-sm" aria-label={t("send.policy.inForce")} data-testid="approval-policy-current">
        {policySentences(policy, t, locale).map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      {canEdit && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          aria-busy={editing || undefined}
          onPointerEnter={() => preload(editor)}
          onFocus={() => preload(editor)}
          onClick={() => {
            preload(editor);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden /> {t("send.policy.edit")}
        </Button>
      )}
    </div>
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
