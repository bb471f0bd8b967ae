/**
 * Outgoing rate budgets shared by every dashboard instance (ARCHITECTURE "The organisation's API
 * context"): before a call leaves, it takes a slot in its bucket (credential × endpoint, or API host
 * for the token endpoint) through `api_rate_acquire` (migration 0001), which counts calls per second
 * in PostgreSQL so that no 60-second interval ever carries more than the spec's limit, whichever way
 * the API aligns its own window. A call that would exceed waits briefly, or is refused with the time
 * to wait: the API never sees a storm of 429s.
 *
 * The API's own headers correct the count (`observe`): X-RateLimit-Remaining at zero holds the bucket
 * until X-RateLimit-Reset, and a 429's Retry-After holds it that long, which covers calls made with
 * the same credential from outside this dashboard.
 *
 * A call in a burst need not cost a statement: with `batches`, slots are taken a few at a time
 * (BATCH_LEASE_MS below).
 */
import { sql } from "drizzle-orm";
import type { RateLimitInfo } from "@/lib/payment-api";
import type { Db } from "@/lib/db/scope";

/** The minute, plus one second for the alignment of the API's window and one for network jitter. */
export const BUDGET_WINDOW_SECONDS = 62;

export type Permit = { ok: true; waitedMs: number } | { ok: false; retryAfterMs: number };

/**
 * With batches (`batches: true`), an instance takes a bucket's slots a few at a time
 * (`api_rate_acquire_n`) and hands them to its calls for this long; what is left is given back
 * (`api_rate_release`). A slot is counted in the second it was taken and used within this quarter
 * second of it, inside the window's two seconds of margin, so the guarantee above still holds.
 */
export const BATCH_LEASE_MS = 250;
/** At most a twentieth of a bucket's limit in one batch (and 64), so one instance never hoards it. */
export function batchCeiling(limit: number): number {
  return Math.max(1, Math.min(64, Math.floor(limit / 20)));
}

type Lease = { second: number; granted: number; used: number; until: number; ceiling: number; timer?: ReturnType<typeof setTimeout> };

export class RateBudget {
  readonly #leases = new Map<string, Lease>();
  readonly #refills = new Map<string, Promise<number>>();
  /** The next batch's size per bucket: doubled when a batch ran out within its lease, back to what was used when not. */
  readonly #sizes = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    private readonly opts: { batches?: boolean; now?: () => number } = {},
  ) {}

  /**
   * Takes a slot, waiting at most `maxWaitMs` in total for one to free up, and no longer than
   * `signal` allows (the call's own timeout: a wait for the budget is not the provider's silence).
   */
  async acquire(bucket: string, limit: number, maxWaitMs: number, signal?: AbortSignal): Promise<Permit> {
    let waited = 0;
    for (;;) {
      const wait = await this.tryAcquire(bucket, limit);
      if (wait === 0) return { ok: true, waitedMs: waited };
      if (waited + wait > maxWaitMs || signal?.aborted) return { ok: false, retryAfterMs: wait };
      await this.#sleepUnless(wait, signal);
      if (signal?.aborted) return { ok: false, retryAfterMs: wait };
      waited += wait;
    }
  }

  #sleepUnless(ms: number, signal?: AbortSignal): Promise<void> {
    if (!signal) return this.sleep(ms);
    return new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener("abort", done);
        resolve();
      };
      signal.addEventListener("abort", done, { once: true });
      void this.sleep(ms).then(done);
    });
  }

  /** 0 when a slot was taken, else the milliseconds until one frees up. */
  async tryAcquire(bucket: string, limit: number): Promise<number> {
    if (!this.opts.batches) {
      const rows = await this.db.execute(sql`select api_rate_acquire(${bucket}, ${limit}, ${BUDGET_WINDOW_SECONDS}) as wait`);
      return Number(rowsOf<{ wait: number }>(rows)[0]?.wait ?? 0);
    }
    for (;;) {
      if (this.#take(bucket)) return 0;
      // One refill of a bucket at a time; the calls that waited for it take from what it brought.
      const refilling = this.#refills.get(bucket);
      if (refilling) {
        const wait = await refilling;
        if (wait > 0) return wait;
        continue;
      }
      // The call that refills takes the batch's first slot.
      const refill = this.#refill(bucket, limit).finally(() => this.#refills.delete(bucket));
      this.#refills.set(bucket, refill);
      return refill;
    }
  }

  #now(): number {
    return (this.opts.now ?? Date.now)();
  }

  #take(bucket: string): boolean {
    const lease = this.#leases.get(bucket);
    if (!lease || lease.used >= lease.granted || lease.until <= this.#now()) return false;
    lease.used++;
    return true;
  }

  async #refill(bucket: string, limit: number): Promise<number> {
    const previous = this.#leases.get(bucket);
    if (previous) this.#end(bucket, previous);
    const ceiling = batchCeiling(limit);
    const size = Math.min(this.#sizes.get(bucket) ?? 1, ceiling);
    const rows = await this.db.execute(sql`select wait_ms, granted, at_second from api_rate_acquire_n(${bucket}, ${limit}, ${BUDGET_WINDOW_SECONDS}, ${size})`);
    const row = rowsOf<{ wait_ms: number; granted: number; at_second: number }>(rows)[0];
    const granted = Number(row?.granted ?? 0);
    if (granted <= 0) return Math.max(1, Number(row?.wait_ms ?? 1));
    const lease: Lease = { second: Number(row!.at_second), granted, used: 1, until: this.#now() + BATCH_LEASE_MS, ceiling };
    lease.timer = setTimeout(() => this.#leases.get(bucket) === lease && this.#end(bucket, lease), BATCH_LEASE_MS);
    lease.timer.unref?.();
    this.#leases.set(bucket, lease);
    return 0;
  }

  /** Ends a lease; its unused slots go back to the bucket, and the next batch is sized from its use. */
  #end(bucket: string, lease: Lease): void {
    if (this.#leases.get(bucket) !== lease) return;
    this.#leases.delete(bucket);
    clearTimeout(lease.timer);
    const unused = lease.granted - lease.used;
    this.#sizes.set(bucket, unused > 0 ? Math.max(1, lease.used) : Math.min(lease.ceiling, lease.granted * 2));
    if (unused > 0) void this.db.execute(sql`select api_rate_release(${bucket}, ${lease.second}, ${unused})`).catch(() => undefined);
  }

  /** Gives back the slots this instance holds (shutdown, tests). */
  releaseAll(): void {
    for (const [bucket, lease] of [...this.#leases]) this.#end(bucket, lease);
  }

  /**
   * What the API said about the bucket. Written only when it restricts us (few or no requests left,
   * or a 429), so the common answer costs no write.
   */
  async observe(bucket: string, limit: number, status: number, rate: RateLimitInfo | null, nowMs: number): Promise<void> {
    // A bucket the API restricts is counted in the database from here, not from a batch in hand.
    const restricted = status === 429 || (rate?.remaining != null && rate.reset != null && rate.remaining <= Math.max(2, Math.floor(limit / 10)));
    const lease = this.#leases.get(bucket);
    if (restricted && lease) this.#end(bucket, lease);
    if (status === 429) {
      const seconds = rate?.retryAfter ?? 60;
      const blockedUntil = new Date(nowMs + seconds * 1000);
      await this.db.execute(sql`
        insert into api_rate_state (bucket, blocked_until, updated_at) values (${bucket}, ${blockedUntil}, now())
        on conflict (bucket) do update set blocked_until = excluded.blocked_until, updated_at = now()`);
      return;
    }
    if (!rate || rate.remaining === null || rate.reset === null) return;
    if (rate.remaining > Math.max(2, Math.floor(limit / 10))) return;
    const resetAt = new Date(rate.reset * 1000);
    await this.db.execute(sql`
      insert into api_rate_state (bucket, remaining, reset_at, updated_at) values (${bucket}, ${rate.remaining}, ${resetAt}, now())
      on conflict (bucket) do update set remaining = excluded.remaining, reset_at = excluded.reset_at, updated_at = now()`);
  }

  /** Calls counted in the current window, per bucket prefix (the headroom shown to members). */
  async usage(bucketPrefix: string): Promise<Map<string, number>> {
    const rows = await this.db.execute(sql`
      select bucket, sum(calls)::int as calls from api_rate_slots
      where bucket like ${bucketPrefix + "%"} and second > floor(extract(epoch from clock_timestamp()))::int - 60
      group by bucket`);
    return new Map(rowsOf<{ bucket: string; calls: number }>(rows).map((r) => [r.bucket, Number(r.calls)]));
  }
}

/** node-postgres answers `{ rows }`, PGlite's drizzle driver too; both are normalised here. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
