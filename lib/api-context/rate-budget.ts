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
 */
import { sql } from "drizzle-orm";
import type { RateLimitInfo } from "@/lib/payment-api";
import type { Db } from "@/lib/db/scope";

/** The minute, plus one second for the alignment of the API's window and one for network jitter. */
export const BUDGET_WINDOW_SECONDS = 62;

export type Permit = { ok: true; waitedMs: number } | { ok: false; retryAfterMs: number };

export class RateBudget {
  constructor(
    private readonly db: Db,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
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
    const rows = await this.db.execute(sql`select api_rate_acquire(${bucket}, ${limit}, ${BUDGET_WINDOW_SECONDS}) as wait`);
    return Number(rowsOf<{ wait: number }>(rows)[0]?.wait ?? 0);
  }

  /**
   * What the API said about the bucket. Written only when it restricts us (few or no requests left,
   * or a 429), so the common answer costs no write.
   */
  async observe(bucket: string, limit: number, status: number, rate: RateLimitInfo | null, nowMs: number): Promise<void> {
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
