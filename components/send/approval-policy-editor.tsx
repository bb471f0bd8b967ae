"use client";

/**
 * The approval policy's editor, in place of its sentences (./approval-policy-form.tsx loads it on an
 * admin's first intent): the same sentences with the currency and amount as fields inside them, a
 * rule added or removed with a button; saving asks for the password again when the last proof is
 * old, and a change that lets more through waits for another admin (the server decides which).
 */
import { useId, useState } from "react";
import { Plus, X } from "@/components/ui/icons";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import type { ApprovalMode } from "@/lib/vocabulary";
import { POLICY_CURRENCIES, policyThresholds, type ApprovalPolicy } from "@/lib/payouts/policy-text";
import { setApprovalPolicyAction } from "@/app/(dashboard)/send/actions";

type Rule = { id: number; currency: string; amount: string };

/** An amount as the member types it: the language's decimal mark, no grouping (so "5000,5" reads back as it was). */
const typed = (amount: string, locale: string) => (locale === "pt-BR" ? amount.replace(".", ",") : amount);

export function PolicyEditor({ policy, onClose }: { policy: ApprovalPolicy; onClose: () => void }) {
  const { t, locale } = useI18n();
  const uid = useId();
  const withReauth = useReauth();
  const { pending, run } = useRefreshingAction();
  const start = policyThresholds(policy);
  const [mode, setMode] = useState<ApprovalMode>(policy.mode === "above" && start.length === 0 ? "none" : policy.mode);
  const [rules, setRules] = useState<Rule[]>(() => start.map(([currency, amount], id) => ({ id, currency, amount: typed(amount, locale) })));
  const [nextId, setNextId] = useState(start.length);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focus, setFocus] = useState<number | null>(null);

  const unused = POLICY_CURRENCIES.filter((c) => !rules.some((r) => r.currency === c));
  const addRule = () => {
    const currency = unused[0];
    if (!currency) return;
    setRules([...rules, { id: nextId, currency, amount: "" }]);
    setFocus(nextId);
    setNextId(nextId + 1);
    setMode("above");
  };
  const update = (id: number, patch: Partial<Rule>) => setRules(rules.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const remove = (id: number) => {
    const left = rules.filter((r) => r.id !== id);
    setRules(left);
    if (left.length === 0) setMode("none");
  };
  const holdAll = () => setMode("all");
  const holdAbove = () => (rules.length ? setMode("above") : addRule());

  // The sentence of a threshold rule, cut where its amount goes, so the fields stand inside it in every language.
  const MARK = "\u2063amount\u2063";
  const [before = "", after = ""] = t("send.policy.rule.above", { amount: MARK }).split(MARK);

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    const thresholds = mode === "above" ? Object.fromEntries(rules.filter((r) => r.amount.trim()).map((r) => [r.currency, r.amount])) : {};
    run(
      async () => {
        const r = await withReauth(() => setApprovalPolicyAction({ mode, thresholds }));
        if (!r.ok) setErrors(r.error.fieldErrors ?? {});
        return r;
      },
      (data) => {
        toast({ title: t(data.applied ? "send.policy.saved" : "send.policy.proposed"), variant: "success" });
        onClose();
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={save} noValidate data-testid="approval-policy-form" aria-label={t("send.policy.title")}>
      <ul className="grid gap-3 text-sm">
        {mode === "none" && <li data-testid="approval-rule">{t("send.policy.rule.none")}</li>}
        {mode === "all" && (
          <li className="flex items-start justify-between gap-2" data-testid="approval-rule">
            <span className="pt-1.5">{t("send.policy.rule.all")}</span>
            <RemoveRule onClick={() => setMode(rules.length ? "above" : "none")} />
          </li>
        )}
        {mode === "above" &&
          rules.map((r) => {
            const error = errors[`thresholds.${r.currency}`];
            const amountId = `${uid}-amount-${r.id}`;
            return (
              <li key={r.id} className="grid gap-1" data-testid="approval-rule" data-currency={r.currency}>
                <div className="flex items-start justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
                    {before.trim() && <span>{before.trim()}</span>}
                    <span className="inline-flex items-center gap-1">
                      <NativeSelect
                        aria-label={t("send.policy.rule.currency")}
                        value={r.currency}
                        onChange={(e) => update(r.id, { currency: e.target.value })}
                        className="h-8 font-medium"
                      >
                        {POLICY_CURRENCIES.filter((c) => c === r.currency || !rules.some((o) => o.currency === c)).map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </NativeSelect>
                      <Input
                        id={amountId}
                        aria-label={t("send.policy.rule.amount", { currency: r.currency })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${amountId}-error` : undefined}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={locale === "pt-BR" ? "5000,00" : "5000.00"}
                        value={r.amount}
                        autoFocus={focus === r.id}
                        onChange={(e) => update(r.id, { amount: e.target.value })}
                        className="h-8 w-32 font-medium tabular-nums"
                      />
                    </span>
                    {after.trim() && <span>{after.trim()}</span>}
                  </div>
                  <RemoveRule onClick={() => remove(r.id)} />
                </div>
                {error && (
                  <p id={`${amountId}-error`} role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        {mode === "above" && <li className="text-muted-foreground">{t("send.policy.rule.others")}</li>}
      </ul>
      {errors.thresholds && (
        <p role="alert" className="text-sm text-destructive">
          {errors.thresholds}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {mode === "above" && unused.length > 0 && <AddRule label={t("send.policy.rule.addCurrency")} onClick={addRule} />}
        {mode !== "above" && <AddRule label={t(mode === "all" ? "send.policy.rule.onlyAbove" : "send.policy.rule.holdAbove")} onClick={holdAbove} />}
        {mode !== "all" && <AddRule label={t("send.policy.rule.holdAll")} onClick={holdAll} />}
        {mode !== "none" && (
          <Button type="button" variant="ghost" size="sm" onClick={() => setMode("none")}>
            {t("send.policy.rule.holdNone")}
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{t("send.policy.rule.help")}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {t("send.policy.save")}
        </Button>
        <Button type="button" variant="ghost" disabled={pending} onClick={onClose}>
          {t("send.policy.cancel")}
        </Button>
      </div>
    </form>
  );
}

function AddRule({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick}>
      <Plus aria-hidden /> {label}
    </Button>
  );
}

function RemoveRule({ onClick }: { onClick: () => void }) {
  const { t } = useI18n();
  return (
    <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0" onClick={onClick} aria-label={t("send.policy.rule.remove")} title={t("send.policy.rule.remove")}>
      <X aria-hidden />
    </Button>
  );
}
