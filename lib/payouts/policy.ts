/**
 * The organisation's approval policy and its one rule, browser-safe (the review step says in advance
 * whether a payout will wait; the server decides again with the stored policy).
 */
import { Money } from "@/lib/payments/money";
import type { ApprovalMode } from "@/lib/db/schema";

export type ApprovalPolicy = { mode: ApprovalMode; thresholds: Record<string, string> };
export const NO_APPROVAL: ApprovalPolicy = { mode: "none", thresholds: {} };

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
