/**
 * Where notifications come from: what the dashboard's tables say now, looked at by every instance
 * every few seconds (lib/notifications/worker.ts). Each finding is an event with a key of its own
 * (`notify` records a key once), so looking again, on this instance or another, after a restart or a
 * crash half-way, adds nothing and loses nothing: a finding not recorded yet is found again.
 *
 * - MED infractions (per organisation and environment, on the provider's clock): opened, and each
 *   48 h / 24 h / 6 h mark before the provider's deadline and before the organisation's internal one;
 *   to the assignee, else to support and admins. When several marks are passed at once (the mirror
 *   learned of it late, the clock jumped), only the nearest is told: the others are stale.
 * - A payout or bulk batch waiting for approval: to the organisation's other admins.
 * - A payout that failed after it left (cashout.failed, or refused once another admin approved it):
 *   to the member who asked for it.
 * - A credential waiting for activation: to the admins but the one who registered it.
 * - A reconciliation finding: to the admins.
 *
 * No Next.js imports.
 */
import { and, eq, gt, inArray, isNotNull, isNull, notExists, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import { effectiveDeadline, getInternalDeadlineHours, THRESHOLD_HOURS, UNRESOLVED } from "@/lib/infractions/mirror";
import { maskDocument } from "@/lib/payments/documents";
import type { Role } from "@/lib/vocabulary";
import { membersWithRoles, notify, type NotificationEvent } from "./outbox";

const HOUR = 3_600_000;
/** Failed payouts and findings older than this are not news any more (a first start on an old database tells nothing of them). */
const RECENT_MS = 7 * 24 * HOUR;
/** At most this many findings of each source per pass; the next pass takes the rest. */
const BATCH = 200;

/** Whether an event with key `key` was recorded (for an anti-join: what has not been told yet). */
const told = (key: SQL) =>
  notExists(
    sql`(select 1 from ${schema.notificationEvents} where ${schema.notificationEvents.key} = ${key})`,
  );

/** Members by organisation and role, read once per pass. */
class Roster {
  #cache = new Map<string, Promise<string[]>>();
  constructor(private readonly db: Db) {}
  with(organizationId: string, roles: readonly Role[]): Promise<string[]> {
    const k = `${organizationId}:${roles.join(",")}`;
    let p = this.#cache.get(k);
    if (!p) this.#cache.set(k, (p = membersWithRoles(this.db, organizationId, roles)));
    return p;
  }
  async isMember(organizationId: string, userId: string): Promise<boolean> {
    return (await this.with(organizationId, ["admin", "operator", "support", "viewer"])).includes(userId);
  }
}

/* ─── MED infractions ─── */

/** The nearest mark (48 h, 24 h, 6 h before `due`) passed at `now`, while `due` is still ahead; null before the first. */
export function nearestMark(due: Date, now: Date): schema.InfractionThreshold | null {
  if (now.getTime() >= due.getTime()) return null;
  let nearest: schema.InfractionThreshold | null = null;
  for (const th of schema.INFRACTION_THRESHOLDS) if (now.getTime() >= due.getTime() - THRESHOLD_HOURS[th] * HOUR) nearest = th;
  return nearest;
}

/** "Ana Souza, ***.982.247-**": the payer as the infraction's debtor names them, the document masked. */
function payerOf(debtor: unknown): string {
  if (!debtor || typeof debtor !== "object") return "";
  const { name, document } = debtor as { name?: unknown; document?: unknown };
  const parts = [typeof name === "string" ? name.trim() : "", typeof document === "string" && document.trim() ? maskDocument(document) : ""].filter(Boolean);
  return parts.join(", ").slice(0, 160);
}

/**
 * The infractions of one organisation and environment: opened, and the deadline marks passed at
 * `now`, which is the provider's clock (ApiContext.providerNow): its deadlines are its own.
 */
export async function infractionNotifications(db: Db, target: Scope, now: Date): Promise<number> {
  const t = schema.infractions;
  const [internal, open] = await Promise.all([
    getInternalDeadlineHours(db, target.organizationId),
    db
      .select({ infractionId: t.infractionId, type: t.type, amount: t.amount, currency: t.currency, deadlineAt: t.deadlineAt, assigneeId: t.assigneeId, debtor: t.debtor })
      .from(t)
      .where(and(inScope(t, target), inArray(t.status, [...UNRESOLVED]))),
  ]);
  if (!open.length) return 0;
  const prefix = `${target.organizationId}:${target.environment}`;
  const candidates: { event: NotificationEvent; assigneeId: string | null }[] = [];
  for (const row of open) {
    const base = { infractionId: row.infractionId, type: row.type, amount: row.amount, currency: row.currency, deadlineAt: row.deadlineAt?.toISOString() ?? null, payer: payerOf(row.debtor) };
    const event = (key: string, kind: schema.NotificationKind, params: Record<string, unknown>) => ({ event: { key, kind, ...target, params: { ...base, ...params } }, assigneeId: row.assigneeId });
    if (!row.deadlineAt || row.deadlineAt.getTime() > now.getTime()) candidates.push(event(`infraction.opened:${prefix}:${row.infractionId}`, "infraction_opened", {}));
    if (!row.deadlineAt) continue;
    const provider = nearestMark(row.deadlineAt, now);
    if (provider) candidates.push(event(`infraction.deadline:${prefix}:${row.infractionId}:provider:${provider}`, "infraction_deadline", { which: "provider", threshold: provider, hours: THRESHOLD_HOURS[provider], dueAt: base.deadlineAt }));
    if (internal > 0) {
      const due = effectiveDeadline(row.deadlineAt, internal)!;
      const mark = nearestMark(due, now);
      if (mark) candidates.push(event(`infraction.deadline:${prefix}:${row.infractionId}:internal:${mark}`, "infraction_deadline", { which: "internal", threshold: mark, hours: THRESHOLD_HOURS[mark], dueAt: due.toISOString(), internalHours: internal }));
    }
  }
  const e = schema.notificationEvents;
  const known = new Set(
    (
      await db
        .select({ key: e.key })
        .from(e)
        .where(inArray(e.key, candidates.map((c) => c.event.key)))
    ).map((r) => r.key),
  );
  const roster = new Roster(db);
  let made = 0;
  for (const c of candidates) {
    if (known.has(c.event.key)) continue;
    const recipients = c.assigneeId && (await roster.isMember(target.organizationId, c.assigneeId)) ? [c.assigneeId] : await roster.with(target.organizationId, ["admin", "support"]);
    if ((await notify(db, c.event, recipients)) !== null) made++;
  }
  return made;
}

/* ─── Approvals, failed payouts, credentials, findings (every organisation at once) ─── */

const userName = (id: AnyColumn) => sql<string | null>`(select coalesce(nullif(u.name, ''), u.email) from users u where u.id = ${id})`;

async function approvalNotifications(db: Db, roster: Roster): Promise<number> {
  const p = schema.payouts;
  const b = schema.payoutBatches;
  const payouts = await db
    .select({ id: p.id, organizationId: p.organizationId, environment: p.environment, requestedBy: p.requestedBy, requester: userName(p.requestedBy), amount: p.amount, currency: p.currency, kind: p.kind, externalId: p.externalId })
    .from(p)
    .where(and(eq(p.state, "awaiting_approval"), isNull(p.batchId), told(sql`'approval.payout:' || ${p.id}::text`)))
    .limit(BATCH);
  const batches = await db
    .select({ id: b.id, organizationId: b.organizationId, environment: b.environment, requestedBy: b.requestedBy, requester: userName(b.requestedBy), rowCount: b.rowCount, totals: b.totals, reference: b.reference })
    .from(b)
    .where(and(eq(b.state, "awaiting_approval"), told(sql`'approval.batch:' || ${b.id}::text`)))
    .limit(BATCH);
  let made = 0;
  const others = async (organizationId: string, requestedBy: string | null) => (await roster.with(organizationId, ["admin"])).filter((id) => id !== requestedBy);
  for (const r of payouts) {
    const params = { what: "payout", payoutId: r.id, amount: String(r.amount), currency: r.currency, payoutKind: r.kind, reference: r.externalId, requester: r.requester };
    if ((await notify(db, { key: `approval.payout:${r.id}`, kind: "approval_waiting", organizationId: r.organizationId, environment: r.environment, params }, await others(r.organizationId, r.requestedBy))) !== null) made++;
  }
  for (const r of batches) {
    const params = { what: "batch", batchId: r.id, rowCount: r.rowCount, totals: r.totals, reference: r.reference, requester: r.requester };
    if ((await notify(db, { key: `approval.batch:${r.id}`, kind: "approval_waiting", organizationId: r.organizationId, environment: r.environment, params }, await others(r.organizationId, r.requestedBy))) !== null) made++;
  }
  return made;
}

async function failedPayoutNotifications(db: Db, roster: Roster, now: Date): Promise<number> {
  const p = schema.payouts;
  const t = schema.transactions;
  const rows = await db
    .select({ id: p.id, organizationId: p.organizationId, environment: p.environment, requestedBy: p.requestedBy, amount: p.amount, currency: p.currency, kind: p.kind, externalId: p.externalId, transactionId: p.transactionId, code: sql<string | null>`coalesce(${t.errorCode}, ${p.errorCode})` })
    .from(p)
    .leftJoin(t, and(inScope(t, p), eq(t.transactionId, p.transactionId)))
    .where(
      and(
        isNotNull(p.requestedBy),
        isNull(p.batchId),
        gt(p.createdAt, new Date(now.getTime() - RECENT_MS)),
        // Failed after it left the member's hands: at the provider, or refused once another admin approved it.
        or(eq(t.status, "failed"), and(eq(p.state, "failed"), isNotNull(p.decidedBy))),
        told(sql`'payout.failed:' || ${p.id}::text`),
      ),
    )
    .limit(BATCH);
  let made = 0;
  for (const r of rows) {
    const maker = r.requestedBy!;
    const params = { payoutId: r.id, amount: String(r.amount), currency: r.currency, payoutKind: r.kind, reference: r.externalId, transactionId: r.transactionId, errorCode: r.code ?? "UNKNOWN" };
    const recipients = (await roster.isMember(r.organizationId, maker)) ? [maker] : [];
    if ((await notify(db, { key: `payout.failed:${r.id}`, kind: "payout_failed", organizationId: r.organizationId, environment: r.environment, params }, recipients)) !== null) made++;
  }
  return made;
}

async function credentialNotifications(db: Db, roster: Roster): Promise<number> {
  const c = schema.apiCredentials;
  const rows = await db
    .select({ id: c.id, organizationId: c.organizationId, environment: c.environment, name: c.name, createdBy: c.createdBy, creator: userName(c.createdBy) })
    .from(c)
    .where(and(eq(c.status, "pending"), told(sql`'credential.pending:' || ${c.id}::text`)))
    .limit(BATCH);
  let made = 0;
  for (const r of rows) {
    const admins = (await roster.with(r.organizationId, ["admin"])).filter((id) => id !== r.createdBy);
    const params = { credentialId: r.id, name: r.name, environment: r.environment, creator: r.creator };
    if ((await notify(db, { key: `credential.pending:${r.id}`, kind: "credential_pending", organizationId: r.organizationId, environment: r.environment, params }, admins)) !== null) made++;
  }
  return made;
}

async function findingNotifications(db: Db, roster: Roster, now: Date): Promise<number> {
  const f = schema.reconciliationFindings;
  const rows = await db
    .select({ id: f.id, organizationId: f.organizationId, environment: f.environment, kind: f.kind, transactionId: f.transactionId })
    .from(f)
    .where(and(eq(f.status, "open"), gt(f.createdAt, new Date(now.getTime() - RECENT_MS)), told(sql`'reconciliation.finding:' || ${f.id}::text`)))
    .limit(BATCH);
  let made = 0;
  for (const r of rows) {
    const params = { findingId: r.id, findingKind: r.kind, reference: r.transactionId };
    if ((await notify(db, { key: `reconciliation.finding:${r.id}`, kind: "reconciliation_finding", organizationId: r.organizationId, environment: r.environment, params }, await roster.with(r.organizationId, ["admin"]))) !== null) made++;
  }
  return made;
}

/** Everything but infractions, for every organisation: what is new since the last look. */
export async function organizationNotifications(db: Db, now: Date = new Date()): Promise<number> {
  const roster = new Roster(db);
  return (await approvalNotifications(db, roster)) + (await failedPayoutNotifications(db, roster, now)) + (await credentialNotifications(db, roster)) + (await findingNotifications(db, roster, now));
}
