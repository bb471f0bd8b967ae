/**
 * The infraction mirror (PIX MED): rows written only from what the API said (a list page or a
 * detail read-back), never from a webhook alone. The status never moves back (open < responded <
 * resolved), so a stale page or a late event is harmless; the assignee is the dashboard's own field
 * and survives every update. Pages read from here; the API is read by the sync, by the webhook
 * worker's read-back and by an explicit refresh.
 *
 * No Next.js imports: the worker, scripts and tests use it directly.
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, isRowId, type Db, type Scope } from "@/lib/db/scope";
import type { ApiContext, CallDeadline } from "@/lib/api-context/context";
import type { InfractionDetail, InfractionSummary } from "@/lib/payment-api/schemas/infractions";

export type InfractionOrigin = "sync" | "webhook" | "detail";
export type InfractionRow = typeof schema.infractions.$inferSelect;
/** A mirror row with the deadline the organisation works to (the API's minus its internal hours). */
export type InfractionView = InfractionRow & { effectiveDeadlineAt: Date | null };

/** The API's page size maximum for the list. */
const SYNC_PAGE_SIZE = 100;
/** Hours before the effective deadline at which an alert is recorded. */
export const THRESHOLD_HOURS: Record<schema.InfractionThreshold, number> = { "48h": 48, "24h": 24, "6h": 6 };
/** Unresolved statuses: the ones that can still be answered. */
export const UNRESOLVED: readonly string[] = ["open", "responded"];

const RANK: Record<string, number> = { open: 0, responded: 1, resolved: 2 };
/** 0 open, 1 responded, 2 resolved; unknown statuses count as open. */
export const infractionStatusRank = (status: string | null | undefined) => RANK[status ?? ""] ?? 0;
const rankSql = (col: SQL | typeof schema.infractions.status) => sql`(case ${col} when 'resolved' then 2 when 'responded' then 1 else 0 end)`;

const dec = (v: unknown) => (v == null ? null : String(v));
const ts = (v: unknown) => {
  if (typeof v !== "string" || !v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};
const str = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * Writes what the API said about an infraction: a list item (no debtor, creditor, replies: those
 * already stored are kept) or a detail. Returns the mirror's status after the write.
 */
export async function applyApiInfraction(
  db: Db,
  target: Scope,
  item: InfractionSummary | InfractionDetail,
  origin: InfractionOrigin,
): Promise<{ status: string; created: boolean }> {
  const t = schema.infractions;
  const x = item as Record<string, unknown>;
  const now = new Date();
  // A list page (origin "sync") never carries debtor, creditor, replies: those stored are kept.
  const isDetail = origin !== "sync" && ("replies" in x || "debtor" in x || "creditor" in x);
  const cols = {
    type: str(x.type),
    status: str(x.status) ?? "open",
    amount: dec(x.amount),
    currency: str(x.currency),
    transactionId: str(x.transaction_id),
    e2eId: str(x.e2e_id),
    deadlineAt: ts(x.deadline_at),
    reason: str(x.reason),
    outcome: str(x.outcome),
    blockedAmount: dec(x.blocked_amount),
    debitedAmount: dec(x.debited_amount),
    apiCreatedAt: ts(x.created_at),
    resolvedAt: ts(x.resolved_at),
  };
  const detail = isDetail ? { debtor: (x.debtor ?? null) as object | null, creditor: (x.creditor ?? null) as object | null, replies: (x.replies ?? []) as object } : {};

  const rows = await db
    .insert(t)
    .values({
      organizationId: target.organizationId,
      environment: target.environment,
      infractionId: item.infraction_id,
      ...cols,
      ...detail,
      raw: x,
      verifiedAt: now,
      updatedAt: now,
      firstSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [t.organizationId, t.environment, t.infractionId],
      set: {
        status: cols.status,
        // A later answer without a field (a list item) does not erase what a detail said.
        type: cols.type ?? sql`${t.type}`,
        amount: cols.amount ?? sql`${t.amount}`,
        currency: cols.currency ?? sql`${t.currency}`,
        transactionId: cols.transactionId ?? sql`${t.transactionId}`,
        e2eId: cols.e2eId ?? sql`${t.e2eId}`,
        deadlineAt: cols.deadlineAt ?? sql`${t.deadlineAt}`,
        reason: cols.reason ?? sql`${t.reason}`,
        outcome: cols.outcome ?? sql`${t.outcome}`,
        blockedAmount: cols.blockedAmount ?? sql`${t.blockedAmount}`,
        debitedAmount: cols.debitedAmount ?? sql`${t.debitedAmount}`,
        apiCreatedAt: cols.apiCreatedAt ?? sql`${t.apiCreatedAt}`,
        resolvedAt: cols.resolvedAt ?? sql`${t.resolvedAt}`,
        ...detail,
        raw: sql`coalesce(${t.raw}, '{}'::jsonb) || excluded.raw`,
        verifiedAt: now,
        updatedAt: now,
      },
      // Never backwards: an answer ranked below what the mirror holds is older than it; ignored.
      setWhere: sql`${rankSql(sql`excluded.status`)} >= ${rankSql(t.status)}`,
    })
    .returning({ status: t.status, firstSeenAt: t.firstSeenAt });
  if (rows[0]) return { status: rows[0].status, created: rows[0].firstSeenAt.getTime() === now.getTime() };
  const [current] = await db
    .select({ status: t.status })
    .from(t)
    .where(and(inScope(t, target), eq(t.infractionId, item.infraction_id)));
  return { status: current?.status ?? cols.status, created: false };
}

export type InfractionDeps = { db: Db; ctx: ApiContext };

/**
 * Pages through every infraction (all statuses, 100 a page) into the mirror. The list's budget is
 * 60/min; the context waits for a slot rather than sending what the API would refuse.
 */
export async function syncInfractions(deps: InfractionDeps, target: Scope, opts: { budgetWaitMs?: number } = {}): Promise<{ pages: number; infractions: number }> {
  const { db, ctx } = deps;
  let page = 1;
  let count = 0;
  for (;;) {
    const res = await ctx.call(target, { userId: null }, (c) => c.infractions.list({ page, page_size: SYNC_PAGE_SIZE }), { budgetWaitMs: opts.budgetWaitMs ?? 65_000 });
    for (const item of res.items) await applyApiInfraction(db, target, item, "sync");
    count += res.items.length;
    if (!res.has_next || res.items.length === 0) break;
    page++;
  }
  return { pages: page, infractions: count };
}

/** Reads one infraction's detail from the API (nothing written); `deadline`: a page's read says "page". */
export async function readInfraction(
  ctx: ApiContext,
  target: Scope,
  infractionId: string,
  opts: { budgetWaitMs?: number; userId?: string | null; deadline?: CallDeadline } = {},
): Promise<InfractionDetail> {
  return ctx.call(target, { userId: opts.userId ?? null }, (c) => c.infractions.get(infractionId), {
    ...(opts.budgetWaitMs === undefined ? {} : { budgetWaitMs: opts.budgetWaitMs }),
    ...(opts.deadline ? { deadline: opts.deadline } : {}),
  });
}

/** Reads the detail (replies, debtor, creditor included) and writes it to the mirror. */
export async function refreshInfraction(
  deps: InfractionDeps,
  target: Scope,
  infractionId: string,
  opts: { budgetWaitMs?: number; userId?: string | null; origin?: InfractionOrigin; deadline?: CallDeadline } = {},
): Promise<{ status: string; detail: InfractionDetail }> {
  const detail = await readInfraction(deps.ctx, target, infractionId, opts);
  const { status } = await applyApiInfraction(deps.db, target, detail, opts.origin ?? "detail");
  return { status, detail };
}

/* ─── Deadlines and alerts ─── */

/** The deadline the organisation works to: the API's minus `internalHours` (0: the API's own). */
export function effectiveDeadline(deadlineAt: Date | string | null | undefined, internalHours: number): Date | null {
  if (deadlineAt == null) return null;
  const d = deadlineAt instanceof Date ? deadlineAt : new Date(deadlineAt);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getTime() - Math.max(0, internalHours) * 3_600_000);
}

export async function getInternalDeadlineHours(db: Db, organizationId: string): Promise<number> {
  const s = schema.infractionSettings;
  const [row] = await db.select({ hours: s.internalDeadlineHours }).from(s).where(eq(s.organizationId, organizationId));
  return row?.hours ?? 0;
}

/** Hours before the API's deadline (whole hours, 0 … 167: the API gives 7 days). */
export const MAX_INTERNAL_DEADLINE_HOURS = 167;

export async function setInternalDeadlineHours(db: Db, organizationId: string, hours: number, updatedBy: string | null): Promise<number> {
  if (!Number.isInteger(hours) || hours < 0 || hours > MAX_INTERNAL_DEADLINE_HOURS) {
    throw new RangeError(`internal deadline must be a whole number of hours from 0 to ${MAX_INTERNAL_DEADLINE_HOURS}`);
  }
  const s = schema.infractionSettings;
  const now = new Date();
  await db
    .insert(s)
    .values({ organizationId, internalDeadlineHours: hours, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: s.organizationId, set: { internalDeadlineHours: hours, updatedBy, updatedAt: now } });
  return hours;
}

export type InfractionAlert = typeof schema.infractionAlerts.$inferSelect;

/**
 * For every unresolved infraction, records each threshold (48 h, 24 h, 6 h before the effective
 * deadline) already crossed at `now`, once (a second call inserts nothing). Returns the new rows.
 */
export async function recordCrossedThresholds(db: Db, target: Scope, now: Date = new Date()): Promise<InfractionAlert[]> {
  const t = schema.infractions;
  const hours = await getInternalDeadlineHours(db, target.organizationId);
  const open = await db
    .select({ infractionId: t.infractionId, deadlineAt: t.deadlineAt })
    .from(t)
    .where(and(inScope(t, target), inArray(t.status, [...UNRESOLVED])));
  const values: (typeof schema.infractionAlerts.$inferInsert)[] = [];
  for (const row of open) {
    const eff = effectiveDeadline(row.deadlineAt, hours);
    if (!eff) continue;
    for (const threshold of schema.INFRACTION_THRESHOLDS) {
      if (now.getTime() >= eff.getTime() - THRESHOLD_HOURS[threshold] * 3_600_000) {
        values.push({ organizationId: target.organizationId, environment: target.environment, infractionId: row.infractionId, threshold });
      }
    }
  }
  if (!values.length) return [];
  return db.insert(schema.infractionAlerts).values(values).onConflictDoNothing().returning();
}

/* ─── Queries for pages ─── */

export type InfractionFilter = {
  status?: string;
  type?: string;
  /** a member's id, "me" (the caller) or "none" (unassigned) */
  assignee?: string | "me" | "none";
  /** the member asking (for "me") */
  userId: string | null;
  limit?: number;
};

const scope = (target: Scope) => [inScope(schema.infractions, target)];
const withEffective = (rows: InfractionRow[], hours: number): InfractionView[] => rows.map((r) => ({ ...r, effectiveDeadlineAt: effectiveDeadline(r.deadlineAt, hours) }));

/** A row of the list, with who paid the disputed transaction (the list names people, not ids). */
export type InfractionListItem = InfractionView & { payerName: string | null };

/**
 * The organisation's infractions, unresolved first, then by effective deadline (soonest first; the
 * internal hours shift every deadline alike, so this is the API deadline's order too). `payerName`:
 * the disputed transaction's payer in the mirror, else the debtor's name once the detail was read.
 */
export async function listInfractions(db: Db, target: Scope, filter: InfractionFilter): Promise<InfractionListItem[]> {
  const t = schema.infractions;
  const tx = schema.transactions;
  const where: SQL[] = scope(target);
  if (filter.status) where.push(eq(t.status, filter.status));
  if (filter.type) where.push(eq(t.type, filter.type));
  if (filter.assignee === "none") where.push(isNull(t.assigneeId));
  else if (filter.assignee === "me") {
    if (!filter.userId) return [];
    where.push(eq(t.assigneeId, filter.userId));
  } else if (filter.assignee) {
    if (!isRowId(filter.assignee)) return [];
    where.push(eq(t.assigneeId, filter.assignee));
  }
  const [hours, rows] = await Promise.all([
    getInternalDeadlineHours(db, target.organizationId),
    db
      .select({ row: t, payerName: sql<string | null>`coalesce(${tx.payerName}, ${t.debtor}->>'name')` })
      .from(t)
      .leftJoin(tx, and(eq(tx.organizationId, t.organizationId), eq(tx.environment, t.environment), eq(tx.transactionId, t.transactionId)))
      .where(and(...where))
      .orderBy(sql`(case when ${t.status} = 'resolved' then 1 else 0 end)`, sql`${t.deadlineAt} asc nulls last`, desc(t.apiCreatedAt), asc(t.infractionId))
      .limit(filter.limit ?? 500),
  ]);
  return rows.map(({ row, payerName }) => ({ ...row, effectiveDeadlineAt: effectiveDeadline(row.deadlineAt, hours), payerName: payerName || null }));
}

/**
 * For the navigation's badge: unresolved infractions whose effective deadline falls within `hours`
 * of `now` (its internal deadline already passed included), while the API's deadline has not
 * passed (after it a reply is refused: nothing left to do in time).
 */
export async function dueSoonCount(db: Db, target: Scope, now: Date = new Date(), hours = 48): Promise<number> {
  return (await dueSoon(db, target, now, hours)).count;
}

/**
 * The due-soon count, and when time alone changes it (`changesAt`: the first counted deadline
 * passing, or the next one coming within the window; null when neither can), in one statement with
 * the organisation's internal deadline.
 */
export async function dueSoon(db: Db, target: Scope, now: Date = new Date(), hours = 48): Promise<{ count: number; changesAt: Date | null }> {
  const t = schema.infractions;
  const s = schema.infractionSettings;
  const internal = sql`coalesce((select ${s.internalDeadlineHours} from ${s} where ${s.organizationId} = ${target.organizationId}), 0)`;
  const horizon = sql`${now}::timestamptz + make_interval(hours => ${hours} + ${internal})`;
  const [row] = await db
    .select({
      n: sql<number>`count(*) filter (where ${t.deadlineAt} <= ${horizon})::int`,
      firstDue: sql<string | null>`min(${t.deadlineAt}) filter (where ${t.deadlineAt} <= ${horizon})`,
      nextEnters: sql<string | null>`min(${t.deadlineAt}) filter (where ${t.deadlineAt} > ${horizon}) - make_interval(hours => ${hours} + ${internal})`,
    })
    .from(t)
    .where(and(...scope(target), inArray(t.status, [...UNRESOLVED]), gt(t.deadlineAt, now)));
  const times = [row?.firstDue, row?.nextEnters].filter((v): v is string => v != null).map((v) => new Date(v).getTime());
  return { count: Number(row?.n ?? 0), changesAt: times.length ? new Date(Math.min(...times)) : null };
}

/** The nearest threshold recorded for each infraction (6 h before 24 h before 48 h). */
export async function nearestThresholds(db: Db, target: Scope, infractionIds: string[]): Promise<Map<string, schema.InfractionThreshold>> {
  const nearest = new Map<string, schema.InfractionThreshold>();
  if (!infractionIds.length) return nearest;
  const a = schema.infractionAlerts;
  const crossed = await db
    .select({ infractionId: a.infractionId, threshold: a.threshold })
    .from(a)
    .where(and(inScope(a, target), inArray(a.infractionId, infractionIds)));
  for (const c of crossed) {
    const prev = nearest.get(c.infractionId);
    const th = c.threshold as schema.InfractionThreshold;
    if (!prev || THRESHOLD_HOURS[th] < THRESHOLD_HOURS[prev]) nearest.set(c.infractionId, th);
  }
  return nearest;
}

/** An unresolved infraction due soon, with the nearest deadline threshold already crossed (6 h before 24 h before 48 h). */
export type InfractionAlertView = InfractionListItem & { threshold: schema.InfractionThreshold | null };

/**
 * The alerts panel: unresolved infractions whose effective deadline is within `hours` of `now` (the
 * API's clock) and whose API deadline has not passed, due first, each with the nearest threshold
 * recorded for it; and, when none is that close, the next one due.
 */
export async function infractionAlerts(db: Db, target: Scope, now: Date, hours = 48, limit = 5): Promise<{ due: InfractionAlertView[]; next: InfractionListItem | null }> {
  const open = (await listInfractions(db, target, { userId: null, limit: 200 })).filter(
    (i) => UNRESOLVED.includes(i.status) && i.deadlineAt !== null && i.deadlineAt.getTime() > now.getTime() && i.effectiveDeadlineAt !== null,
  );
  const horizon = now.getTime() + hours * 3_600_000;
  const due = open.filter((i) => i.effectiveDeadlineAt!.getTime() <= horizon).sort((a, b) => a.effectiveDeadlineAt!.getTime() - b.effectiveDeadlineAt!.getTime()).slice(0, limit);
  const nearest = await nearestThresholds(db, target, due.map((i) => i.infractionId));
  const next = due.length ? null : (open.sort((x, y) => x.effectiveDeadlineAt!.getTime() - y.effectiveDeadlineAt!.getTime())[0] ?? null);
  return { due: due.map((i) => ({ ...i, threshold: nearest.get(i.infractionId) ?? null })), next };
}

export async function getInfraction(db: Db, target: Scope, infractionId: string): Promise<InfractionView | null> {
  const t = schema.infractions;
  const [[row], hours] = await Promise.all([
    db
      .select()
      .from(t)
      .where(and(...scope(target), eq(t.infractionId, infractionId))),
    getInternalDeadlineHours(db, target.organizationId),
  ]);
  return row ? withEffective([row], hours)[0]! : null;
}

/**
 * Assigns an infraction to a member of the organisation (null: unassigned). False when the
 * infraction is not the organisation's or the user is not a member.
 */
export async function setAssignee(db: Db, target: Scope, infractionId: string, assigneeId: string | null): Promise<boolean> {
  if (assigneeId) {
    const m = schema.memberships;
    const [member] = await db
      .select({ userId: m.userId })
      .from(m)
      .where(and(eq(m.organizationId, target.organizationId), eq(m.userId, assigneeId)));
    if (!member) return false;
  }
  const t = schema.infractions;
  const rows = await db
    .update(t)
    .set({ assigneeId })
    .where(and(...scope(target), eq(t.infractionId, infractionId)))
    .returning({ id: t.infractionId });
  return rows.length > 0;
}
