/**
 * The organisation's approval policy and its one rule, browser-safe (the review step says in advance
 * whether a payout will wait; the server decides again with the stored policy). The policy as data
 * and sentences is in ./policy-text.ts (no decimal type), re-exported here.
 */
import { Money } from "@/lib/payments/money";
import type { ApprovalMode } from "@/lib/db/schema";
import type { ApprovalPolicy } from "./policy-text";

export { NO_APPROVAL, POLICY_CURRENCIES, policySentences, policyThresholds, type ApprovalPolicy } from "./policy-text";

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
