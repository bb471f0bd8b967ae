/**
 * Rate limits and anti-abuse blocks (spec "Limits": rate limits per endpoint, rate headers on every
 * response, anti-abuse blocks). Every window runs on the sandbox clock, so tests advance the clock
 * instead of sleeping.
 *
 * Counters live in memory: the sandbox is one process, and a restart forgetting a minute of counters
 * is harmless in a test double (README). Windows are fixed, one minute from a bucket's first request.
 */
import type { SandboxClock } from "./clock";
import {
  AUTH_FAILURE_LIMIT,
  AUTH_FAILURE_WINDOW_SECONDS,
  CLIENT_ERROR_LIMIT,
  CLIENT_ERROR_WINDOW_SECONDS,
  CREDENTIAL_BLOCK_SECONDS,
  IP_BLOCK_SECONDS,
} from "./config";

export type RateState = {
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets */
  reset: number;
  allowed: boolean;
  /** seconds until the reset (at least 1) */
  retryAfter: number;
};

const WINDOW_MS = 60_000;

type Bucket = { start: number; count: number };

export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private hits = 0;

  constructor(private readonly clock: SandboxClock) {}

  /** Counts one request against `key` and says whether it is allowed. */
  hit(key: string, limit: number): RateState {
    const now = this.clock.now();
    let b = this.buckets.get(key);
    if (b === undefined || now >= b.start + WINDOW_MS || now < b.start) {
      b = { start: now, count: 0 };
      this.buckets.set(key, b);
    }
    b.count += 1;
    if (++this.hits % 10_000 === 0) this.prune(now);
    const resetMs = b.start + WINDOW_MS;
    return {
      limit,
      remaining: Math.max(0, limit - b.count),
      reset: Math.ceil(resetMs / 1000),
      allowed: b.count <= limit,
      retryAfter: Math.max(1, Math.ceil((resetMs - now) / 1000)),
    };
  }

  private prune(now: number) {
    for (const [k, b] of this.buckets) if (now >= b.start + WINDOW_MS) this.buckets.delete(k);
  }
}

/** Sliding-window counter of events with a block once `limit` is reached. */
class BlockingCounter {
  private events = new Map<string, number[]>();
  private blocked = new Map<string, number>();

  constructor(
    private readonly clock: SandboxClock,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly blockMs: number,
  ) {}

  /** Epoch ms until which `key` is blocked, or null. */
  blockedUntil(key: string): number | null {
    const until = this.blocked.get(key);
    if (until === undefined) return null;
    if (this.clock.now() >= until) {
      this.blocked.delete(key);
      return null;
    }
    return until;
  }

  record(key: string): void {
    const now = this.clock.now();
    const list = (this.events.get(key) ?? []).filter((t) => t > now - this.windowMs && t <= now);
    list.push(now);
    if (list.length >= this.limit) {
      this.blocked.set(key, now + this.blockMs);
      this.events.delete(key);
    } else {
      this.events.set(key, list);
    }
  }

  reset(key: string): void {
    this.events.delete(key);
  }
}

/**
 * - authentication failures per IP: 5 in 5 minutes → IP_BLOCKED_TEMPORARILY for 5 minutes (a
 *   successful authentication from the address clears the count: "5 consecutive failures");
 * - client errors (4xx other than 429) per credential: 15 in a minute → the credential answers
 *   RATE_LIMIT_EXCEEDED (429, Retry-After) for CREDENTIAL_BLOCK_SECONDS.
 */
export class AbuseGuard {
  readonly ip: BlockingCounter;
  readonly credential: BlockingCounter;

  constructor(clock: SandboxClock) {
    this.ip = new BlockingCounter(clock, AUTH_FAILURE_LIMIT, AUTH_FAILURE_WINDOW_SECONDS * 1000, IP_BLOCK_SECONDS * 1000);
    this.credential = new BlockingCounter(clock, CLIENT_ERROR_LIMIT, CLIENT_ERROR_WINDOW_SECONDS * 1000, CREDENTIAL_BLOCK_SECONDS * 1000);
  }
}

export function rateHeaders(s: RateState): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(s.limit),
    "X-RateLimit-Remaining": String(s.remaining),
    "X-RateLimit-Reset": String(s.reset),
  };
}
