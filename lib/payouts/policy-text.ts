/**
 * The organisation's approval policy as data and as sentences, with no decimal type: the policy's
 * form (/send/approvals) imports this and no more, so its page ships no decimal.js (≈ 12.5 KiB
 * gzipped). The rule that compares amounts is in ./policy.ts.
 */
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

