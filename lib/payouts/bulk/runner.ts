/** The runner: sends queued rows under the cash-out budget, holding each batch by a lease, so that a crash or a second instance never sends a row twice. */
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { type Db, type Scope } from "@/lib/db/scope";
import { callOutcome } from "@/lib/api-context/outcome";
import { isPaymentApiError } from "@/lib/payment-api";
import { publish } from "@/lib/events/live";
import { sendPayout, type PayoutDeps } from "../service";

export type RunnerOptions = {
  /** this instance (a lease names it) */
  owner: string;
  now?: () => Date;
  /** how long a lease holds without renewal (default 15 s); renewed every third of it */
  leaseMs?: number;
  /** cash-outs per minute this runner paces itself to (default the spec's 6,000) */
  perMinute?: number;
  /** rows in flight at once per batch (default 4) */
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
  /** stop as soon as possible (rows in flight finish) */
  signal?: AbortSignal;
  /** after each row's attempt (tests and the benchmark watch progress) */
  onRow?: (row: { id: string; state: schema.PayoutState | "retry" | "waited" }) => void;
};

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Spaces the starts of cash-outs at 60,000 / perMinute ms, so a runner never bursts above the spec's
 * per-minute limit; the shared budget in PostgreSQL (the API context) keeps several runners and
 * members together under it.
 */
export class Pacer {
  #next = 0;
  constructor(readonly perMinute: number) {}
  async take(): Promise<void> {
    const interval = 60_000 / this.perMinute;
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + interval;
    if (at > now) await defaultSleep(at - now);
  }
}

const g = globalThis as unknown as { __bulkPacers?: Map<number, Pacer> };
/** One pacer per rate in this process: the batches it sends, one after another or in several passes, share it. */
function pacerFor(perMinute: number): Pacer {
  g.__bulkPacers ??= new Map();
  let p = g.__bulkPacers.get(perMinute);
  if (!p) g.__bulkPacers.set(perMinute, (p = new Pacer(perMinute)));
  return p;
}

function retryAfterMs(e: unknown): number {
  if (!isPaymentApiError(e)) return 1_000;
  const fromBody = Number(e.details?.["retry_after_seconds"]);
  const fromHeader = e.rateLimit?.retryAfter ?? null;
  const s = Number.isFinite(fromBody) && fromBody > 0 ? fromBody : fromHeader && fromHeader > 0 ? fromHeader : 1;
  return Math.min(65, s) * 1000;
}

export type RunResult = { batches: number; attempted: number };

/**
 * Takes batches that are queued or sending and whose lease is free (never held, or lapsed: its runner
 * died), one at a time, and sends their remaining rows. Returns when none is left to take now.
 */
export async function runBatches(deps: PayoutDeps, o: RunnerOptions): Promise<RunResult> {
  const now = o.now ?? (() => new Date());
  const result: RunResult = { batches: 0, attempted: 0 };
  const tried = new Set<string>();
  while (!o.signal?.aborted) {
    const batch = await claimBatch(deps.db, o.owner, now(), o.leaseMs ?? 15_000, tried);
    if (!batch) break;
    tried.add(batch.id);
    result.batches++;
    result.attempted += await runBatch(deps, batch, o);
  }
  return result;
}

type ClaimedBatch = typeof schema.payoutBatches.$inferSelect;

/** Takes one free batch's lease (compare-and-set: of several instances, exactly one gets it). */
async function claimBatch(db: Db, owner: string, now: Date, leaseMs: number, skip: Set<string>): Promise<ClaimedBatch | null> {
  const b = schema.payoutBatches;
  const free = or(isNull(b.leaseUntil), lt(b.leaseUntil, now));
  const candidates = await db
    .select({ id: b.id })
    .from(b)
    .where(and(inArray(b.state, ["queued", "sending"]), free))
    .orderBy(asc(b.createdAt))
    .limit(10);
  for (const c of candidates) {
    if (skip.has(c.id)) continue;
    const [won] = await db
      .update(b)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), state: "sending", updatedAt: new Date() })
      .where(and(eq(b.id, c.id), inArray(b.state, ["queued", "sending"]), free))
      .returning();
    if (won) return won;
  }
  return null;
}

async function runBatch(deps: PayoutDeps, batch: ClaimedBatch, o: RunnerOptions): Promise<number> {
  const { db } = deps;
  const b = schema.payoutBatches;
  const p = schema.payouts;
  const now = o.now ?? (() => new Date());
  const sleep = o.sleep ?? defaultSleep;
  const leaseMs = o.leaseMs ?? 15_000;
  const pacer = pacerFor(o.perMinute ?? 6_000);
  const target: Scope = { organizationId: batch.organizationId, environment: batch.environment };
  const caller = batch.decidedBy ?? batch.requestedBy;
  let lost = false;
  let halted = false;
  let renewedAt = Date.now();
  const renew = async (force = false) => {
    if (!force && Date.now() - renewedAt < leaseMs / 3) return;
    renewedAt = Date.now();
    const held = await db
      .update(b)
      .set({ leaseUntil: new Date(now().getTime() + leaseMs) })
      .where(and(eq(b.id, batch.id), eq(b.leaseOwner, o.owner)))
      .returning({ id: b.id });
    if (held.length === 0) lost = true;
  };
  const stop = () => lost || halted || !!o.signal?.aborted;
  /** A wait the budget asked for, in slices, keeping the lease. */
  const wait = async (ms: number) => {
    for (let left = ms; left > 0 && !stop(); ) {
      const slice = Math.min(left, leaseMs / 3);
      await sleep(slice);
      left -= slice;
      await renew(true);
    }
  };

  // Rows "sending" first: a runner died with their call out; they go again with the same body.
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.batchId, batch.id), inArray(p.state, ["queued", "sending"])))
    .orderBy(sql`case when ${p.state} = 'sending' then 0 else 1 end`, asc(p.rowNumber));
  let next = 0;
  let attempted = 0;
  const sendRow = async (id: string) => {
    for (let unknown = 0; !stop(); ) {
      await pacer.take();
      await renew();
      if (stop()) return;
      attempted++;
      try {
        const state = await sendPayout(deps, target, caller, id);
        o.onRow?.({ id, state });
        return;
      } catch (e) {
        if (isPaymentApiError(e) && e.code === "RATE_LIMIT_EXCEEDED") {
          // Held back by the budget (or the API's 429): the row waits, it does not fail.
          o.onRow?.({ id, state: "waited" });
          await wait(retryAfterMs(e));
          continue;
        }
        const outcome = callOutcome(e);
        if (outcome === "not-sent") {
          // No usable credential, or the provider is not answering: nothing went out (the row is
          // queued again); the batch waits where it is and a later pass resumes it.
          console.error(`[bulk] batch ${batch.reference} paused: ${e instanceof Error ? e.message : String(e)}`);
          halted = true;
          return;
        }
        if (outcome === "sent") {
          o.onRow?.({ id, state: "failed" });
          return; // refused by the API: recorded as failed with its code
        }
        o.onRow?.({ id, state: "retry" });
        if (++unknown >= 3) return; // stays "sending": the next pass sends the same body again
        await wait(500 * 2 ** unknown);
      }
    }
  };
  const concurrency = Math.max(1, o.concurrency ?? 4);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop() && next < rows.length) await sendRow(rows[next++]!.id);
    }),
  );

  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(and(eq(p.batchId, batch.id), inArray(p.state, ["queued", "sending"])));
  if (Number(left?.n ?? 0) === 0) {
    await db
      .update(b)
      .set({ state: "done", finishedAt: new Date(), leaseOwner: null, leaseUntil: null, updatedAt: new Date() })
      .where(and(eq(b.id, batch.id), eq(b.leaseOwner, o.owner)));
    await publish(db, target.organizationId, target.environment, "transaction", { batchId: batch.id, state: "done" });
  } else if (!lost) {
    // Rows left (unknown outcomes, a paused credential, or a stop): free the batch for a later pass.
    const pause = halted ? 30_000 : 2_000;
    await db
      .update(b)
      .set({ leaseOwner: null, leaseUntil: new Date(now().getTime() + pause), updatedAt: new Date() })
      .where(and(eq(b.id, batch.id), eq(b.leaseOwner, o.owner)));
  }
  return attempted;
}
