/**
 * Reconciliation after a sync: what the API says against what the webhooks said.
 *   - missed_webhook: final at the API, no webhook for it, although one was expected (the dashboard
 *     created it with its postback URL, or it was created after the provider was told to send this
 *     organisation's webhooks here), for longer than the grace period (the provider retries);
 *   - stuck_pending: pending far longer than its kind allows (a charge past its expiry, a payout
 *     older than an hour);
 *   - contradicted_webhook: opened by the worker when a read-back disagreed.
 * Findings whose cause went away (the webhook came after all, the payout settled) resolve themselves.
 */
import { and, eq, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import { openFinding } from "./findings";

export type ReconcileOptions = { webhookGraceMs?: number; payoutPendingMs?: number; chargeExpiryGraceMs?: number };

export const DEFAULT_WEBHOOK_GRACE_MS = 10 * 60_000;

export async function reconcile(db: Db, target: Scope, o: ReconcileOptions = {}): Promise<number> {
  const grace = o.webhookGraceMs ?? DEFAULT_WEBHOOK_GRACE_MS;
  const payoutPending = o.payoutPendingMs ?? 3_600_000;
  const expiryGrace = o.chargeExpiryGraceMs ?? 10 * 60_000;
  const t = schema.transactions;
  const w = schema.webhookEndpoints;
  const mine = inScope(t, target);
  const [endpoint] = await db
    .select({ registeredAt: w.registeredAt })
    .from(w)
    .where(inScope(w, target));
  const registeredAt = endpoint?.registeredAt ?? null;
  let opened = 0;

  const missed = await db
    .select({ id: t.transactionId, status: t.status, finalSince: t.finalSince, createdAt: t.apiCreatedAt, origin: t.origin })
    .from(t)
    .where(
      and(
        mine,
        sql`tx_status_rank(${t.status}) >= 1`,
        sql`${t.webhookAt} is null`,
        sql`${t.finalSince} <= now() - ${`${grace} milliseconds`}::interval`,
        registeredAt
          ? sql`(${t.origin} = 'dashboard' or ${t.apiCreatedAt} >= ${registeredAt.toISOString()}::timestamptz)`
          : sql`${t.origin} = 'dashboard'`,
      ),
    );
  for (const m of missed) {
    if (await openFinding(db, target, "missed_webhook", m.id, { status: m.status, finalSince: m.finalSince, createdAt: m.createdAt })) opened++;
  }

  const stuck = await db
    .select({ id: t.transactionId, type: t.type, createdAt: t.apiCreatedAt, expiresAt: t.expiresAt })
    .from(t)
    .where(
      and(
        mine,
        eq(t.status, "pending"),
        sql`((${t.expiresAt} is not null and ${t.expiresAt} < now() - ${`${expiryGrace} milliseconds`}::interval)
          or (${t.type} = 'cashout' and ${t.apiCreatedAt} < now() - ${`${payoutPending} milliseconds`}::interval))`,
      ),
    );
  for (const s of stuck) {
    if (await openFinding(db, target, "stuck_pending", s.id, { type: s.type, createdAt: s.createdAt, expiresAt: s.expiresAt })) opened++;
  }

  // Causes that went away.
  await db.execute(sql`
    update reconciliation_findings f set status = 'resolved', resolved_at = now(), resolution = 'cleared_by_sync'
    from transactions t
    where f.organization_id = ${target.organizationId} and f.environment = ${target.environment} and f.status = 'open'
      and t.organization_id = f.organization_id and t.environment = f.environment and t.transaction_id = f.transaction_id
      and ((f.kind = 'missed_webhook' and t.webhook_at is not null) or (f.kind = 'stuck_pending' and t.status <> 'pending'))`);
  return opened;
}
