/**
 * The sync: pages through the API's transaction list into the mirror, within the list endpoint's
 * budget (300/min, shared with everything else the credential does: the sync waits for its slots
 * instead of failing). The first sync of an organisation and environment reads everything; later
 * ones read from two days before the last one (the list filters by day). Then reconciliation runs.
 */
import { eq, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { OpenedDatabase } from "@/lib/db/driver";
import type { ApiContext } from "@/lib/api-context/context";
import { applyApiTransactions } from "./mirror";
import { reconcile, type ReconcileOptions } from "./reconcile";
import { publish } from "./live";
import { inScope, type Db, type Scope } from "@/lib/db/scope";

/** `mirrorSize`: every transaction the mirror holds for the target once the sync was done (pages show it beside "synced N ago"). */
export type SyncResult = { full: boolean; pages: number; transactions: number; changed: number; ms: number; findings: number; mirrorSize: number };

export const SYNC_PAGE_SIZE = 100;

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function syncTransactions(
  deps: { db: Db; ctx: ApiContext },
  target: Scope,
  opts: { full?: boolean; reconcile?: ReconcileOptions } = {},
): Promise<SyncResult> {
  const { db, ctx } = deps;
  const started = Date.now();
  const s = schema.syncState;
  const [state] = await db
    .select()
    .from(s)
    .where(inScope(s, target));
  const full = opts.full || !state?.fullSyncAt;
  const from = !full && state?.lastSyncAt ? day(new Date(state.lastSyncAt.getTime() - 2 * 86_400_000)) : undefined;
  let page = 1;
  let count = 0;
  let changed = 0;
  for (;;) {
    const res = await ctx.call(target, { userId: null }, (c) => c.transactions.list({ page, page_size: SYNC_PAGE_SIZE, ...(from ? { from_date: from } : {}) }), {
      budgetWaitMs: 65_000,
    });
    changed += await applyApiTransactions(db, target, res.items, "sync");
    count += res.items.length;
    if (!res.has_next || res.items.length === 0) break;
    page++;
  }
  const findings = await reconcile(db, target, opts.reconcile);
  const t = schema.transactions;
  const [size] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(inScope(t, target));
  const now = new Date();
  const result: SyncResult = { full, pages: page, transactions: count, changed, ms: Date.now() - started, findings, mirrorSize: Number(size?.n ?? 0) };
  await db
    .insert(s)
    .values({ ...target, fullSyncAt: full ? now : null, lastSyncAt: now, lastResult: result })
    .onConflictDoUpdate({
      target: [s.organizationId, s.environment],
      set: { lastSyncAt: now, lastResult: result, ...(full ? { fullSyncAt: now } : {}) },
    });
  // Open pages re-render on this event: only when the sync brought something new (a transaction
  // written, a finding opened), not every few seconds for a mirror that was already current.
  if (changed > 0 || findings > 0) await publish(db, target.organizationId, target.environment, "transaction", { synced: true, at: now.toISOString(), changed, findings });
  return result;
}

/**
 * The sync loop's schedule for SYNC_INTERVAL_SECONDS: the loop wakes every `tickMs` (at most 15 s)
 * and syncs a target once `dueAfterMs` have passed since its last sync, which is half a tick short
 * of the interval. A sync's time is taken when it ends, a little after the tick that started it: had
 * a whole interval been asked for, the tick one interval later would find it not yet due by those
 * milliseconds and the sync would wait a tick more (every 75 s for 60, every 10 s for 5).
 */
export function syncSchedule(intervalSeconds: number): { tickMs: number; dueAfterMs: number } {
  const intervalMs = intervalSeconds * 1000;
  const tickMs = Math.min(15_000, intervalMs);
  return { tickMs, dueAfterMs: intervalMs - tickMs / 2 };
}

/**
 * One sync at a time per organisation and environment across instances, and not more often than
 * `minIntervalMs`: every instance may call this on its timer; one does the work.
 */
export async function syncIfDue(
  deps: { db: Db; ctx: ApiContext; withLock: OpenedDatabase<typeof schema>["withLock"] },
  target: Scope,
  minIntervalMs: number,
  opts: { reconcile?: ReconcileOptions } = {},
): Promise<SyncResult | null> {
  return deps.withLock(`sync:${target.organizationId}:${target.environment}`, async () => {
    const s = schema.syncState;
    const [state] = await deps.db
      .select({ last: s.lastSyncAt })
      .from(s)
      .where(inScope(s, target));
    if (state?.last && Date.now() - state.last.getTime() < minIntervalMs) return null;
    return syncTransactions(deps, target, opts);
  });
}

/** Every organisation and environment with an active credential. */
export async function connectedTargets(db: Db): Promise<Scope[]> {
  const c = schema.apiCredentials;
  return db
    .selectDistinct({ organizationId: c.organizationId, environment: c.environment })
    .from(c)
    .where(eq(c.status, sql`'active'`));
}
