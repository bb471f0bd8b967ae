import "server-only";
/**
 * "Needs your attention": what waits for the member, as one list. MED infractions due soon (every
 * member sees them; the deadline is the team's own, judged on the API's clock), payouts and bulk
 * batches waiting for an approval this member may give (not their own requests), cash-outs that
 * failed in the period, and, for admins only, how many payments Settings → Reconciliation asks them
 * to review. Plain DTOs; the page turns them into words and links.
 */
import type { Access } from "@/lib/auth/access";
import { can } from "@/lib/auth/roles";
import { apiContext } from "@/lib/api-context";
import type { Db, Scope } from "@/lib/db/scope";
import { infractionAlerts } from "@/lib/infractions/mirror";
import { awaitingBatches, listPayouts } from "@/lib/payouts/service";
import { countTransactions } from "@/lib/transactions/query";
import type { InfractionThreshold, PayoutKind } from "@/lib/vocabulary";
import { badgesTag, findingsTag, settledTag, USERS_TAG, type Keep } from "@/lib/pages/kept";
import { openFindings } from "./queries";

/** How many approvals are listed one by one (the rest are counted). */
const LISTED_APPROVALS = 3;

export type AttentionItem =
  | { kind: "infraction"; id: string; type: string | null; amount: string | null; currency: string | null; payerName: string | null; deadlineAt: string; threshold: InfractionThreshold | null }
  | { kind: "approval"; id: string; payoutKind: PayoutKind; amount: string; currency: string; requestedByName: string | null }
  | { kind: "batch"; id: string; fileName: string | null; rows: number; requestedByName: string | null }
  | { kind: "moreApprovals"; count: number }
  | { kind: "failedPayouts"; count: number; from: string; to: string }
  | { kind: "review"; count: number };

export type AttentionQuery = { from: string; to: string; timeZone: string };

/**
 * What needs the member. `keep` (lib/pages/kept.ts, for pages) keeps what is the same for every member
 * of the organisation until it changes; the member's role and own requests are applied after.
 */
export async function attentionItems(db: Db, access: Access, target: Scope, q: AttentionQuery, keep: Keep = (_k, _t, load) => load()): Promise<{ items: AttentionItem[]; now: string }> {
  const now = await (await apiContext()).providerNow(target);
  const mayApprove = can(access.role, "money.approve");
  const org = target.organizationId;
  const period = `${org}:${target.environment}:${q.from}:${q.to}:${q.timeZone}`;
  // Each part under the tags of what changes it, so that a new transaction (a charge created, a
  // webhook) reloads only what it changes.
  const [alerts, [payouts, batches], failed, findings] = await Promise.all([
    // The provider's clock comes from the credential (`org:`): the deadlines are judged on it.
    keep(`attention-alerts:${org}:${target.environment}`, [badgesTag(org), `org:${org}`], () => infractionAlerts(db, target, now)),
    // The requesters' names too (`users:`).
    keep(`attention-approvals:${org}:${target.environment}`, [badgesTag(org), USERS_TAG], () =>
      Promise.all([listPayouts(db, target, { states: ["awaiting_approval"], limit: 50 }), awaitingBatches(db, target)]),
    ),
    // Failed rows only: a pending charge created leaves the count true (`settled:`).
    keep(`attention-failed:${period}`, [settledTag(org)], () => countTransactions(db, target, { statuses: ["failed"], type: "cashout", from: q.from, to: q.to }, q.timeZone)),
    // Findings change with a sync's check, not with each transaction (`findings:`, migration 0017).
    keep(`attention-findings:${org}:${target.environment}`, [findingsTag(org)], () => openFindings(db, target)),
  ]);
  const items: AttentionItem[] = alerts.due.map((i) => ({
    kind: "infraction",
    id: i.infractionId,
    type: i.type,
    amount: i.blockedAmount ?? i.amount,
    currency: i.currency,
    payerName: i.payerName,
    deadlineAt: i.effectiveDeadlineAt!.toISOString(),
    threshold: i.threshold,
  }));
  const approvals: AttentionItem[] = !mayApprove
    ? []
    : [
        ...payouts
          .filter((p) => p.requestedBy !== access.userId)
          .map((p): AttentionItem => ({ kind: "approval", id: p.id, payoutKind: p.kind, amount: p.amount, currency: p.currency, requestedByName: p.requestedByName })),
        ...batches
          .filter((b) => b.requestedBy !== access.userId)
          .map((b): AttentionItem => ({ kind: "batch", id: b.id, fileName: b.fileName, rows: b.rowCount, requestedByName: b.requestedByName })),
      ];
  items.push(...approvals.slice(0, LISTED_APPROVALS));
  if (approvals.length > LISTED_APPROVALS) items.push({ kind: "moreApprovals", count: approvals.length - LISTED_APPROVALS });
  if (failed > 0) items.push({ kind: "failedPayouts", count: failed, from: q.from, to: q.to });
  if (can(access.role, "logs.view") && findings.count > 0) items.push({ kind: "review", count: findings.count });
  return { items, now: now.toISOString() };
}
