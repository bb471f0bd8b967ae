/**
 * The organisation's approval policy and its one rule, browser-safe (the review step says in advance
 * whether a payout will wait; the server decides again with the stored policy).
 */
import { Money } from "@/lib/payments/money";
import type { ApprovalMode, Locale } from "@/lib/db/schema";
import type { Translate } from "@/lib/i18n/translate";
import { formatMoney } from "@/lib/i18n/format";

export type ApprovalPolicy = { mode: ApprovalMode; thresholds: Record<string, string> };
export const NO_APPROVAL: ApprovalPolicy = { mode: "none", thresholds: {} };

/** The currencies a threshold can be set for, in the order the rules are written. */
export const POLICY_CURRENCIES = ["BRL", "MXN", "USDT", "USDC", "BTC", "ETH", "SOL", "BNB"] as const;

/** A policy's thresholds that are set, in POLICY_CURRENCIES' order (the database keeps no order). */
export function policyThresholds(policy: ApprovalPolicy): [currency: string, amount: string][] {
  const rank = (c: string) => {
    const i = (POLICY_CURRENCIES as readonly string[]).indexOf(c);
    return i < 0 ? POLICY_CURRENCIES.length : i;
  };
  return Object.entries(policy.thresholds)
    .filter(([, v]) => v !== undefined && v !== "")
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The policy as sentences, as the member reads it: "Payouts over R$ 5.000,00 need a second admin's
 * approval." per threshold, then that other currencies never wait; or that every payout waits; or
 * that none does ("above" without a threshold holds nothing).
 */
export function policySentences(policy: ApprovalPolicy, t: Translate, locale: Locale): string[] {
  if (policy.mode === "all") return [t("send.policy.rule.all")];
  const named = policyThresholds(policy);
  if (policy.mode === "none" || named.length === 0) return [t("send.policy.rule.none")];
  return [...named.map(([currency, amount]) => t("send.policy.rule.above", { amount: formatMoney(amount, currency, locale) })), t("send.policy.rule.others")];
}

/**
 * Whether an amount per currency (one payout, or a bulk batch's totals) waits for a second member:
 * "all" always, "none" never, "above" when an amount is strictly above its currency's threshold (a
 * currency without a threshold never waits).
 */
export function needsApproval(policy: ApprovalPolicy, totals: Record<string, string>): boolean {
  if (policy.mode === "all") return true;
  if (policy.mode === "none") return false;
  return Object.entries(totals).some(([currency, amount]) => {
    const limit = policy.thresholds[currency];
    return limit !== undefined && limit !== "" && new Money(amount).gt(limit);
  });
}

const STRICTNESS: Record<ApprovalMode, number> = { none: 0, above: 1, all: 2 };

/**
 * Whether `next` lets through something `current` holds: a weaker mode, a currency's threshold
 * removed or raised. Such a change needs a second admin; a stricter one applies at once.
 */
export function loosens(current: ApprovalPolicy, next: ApprovalPolicy): boolean {
  const named = (p: ApprovalPolicy) => Object.entries(p.thresholds).filter(([, v]) => v !== undefined && v !== "");
  // "above" with no threshold holds nothing: it is "none".
  const effective = (p: ApprovalPolicy): ApprovalMode => (p.mode === "above" && named(p).length === 0 ? "none" : p.mode);
  const [from, to] = [effective(current), effective(next)];
  if (STRICTNESS[to] !== STRICTNESS[from]) return STRICTNESS[to] < STRICTNESS[from];
  if (from !== "above") return false;
  return named(current).some(([currency, limit]) => {
    const proposed = next.thresholds[currency];
    return proposed === undefined || proposed === "" || new Money(proposed).gt(limit);
  });
}
