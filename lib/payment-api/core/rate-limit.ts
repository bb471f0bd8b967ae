/** Rate headers on every response (spec "Limits", "Rate headers on every response"). */
export type RateLimitInfo = {
  /** X-RateLimit-Limit: total of the window (requests/min) */
  limit: number | null;
  /** X-RateLimit-Remaining: requests left in the window */
  remaining: number | null;
  /** X-RateLimit-Reset: Unix timestamp (seconds) when the counter resets */
  reset: number | null;
  /** Retry-After in seconds (present only on 429) */
  retryAfter: number | null;
};

const num = (v: string | null): number | null => {
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Retry-After is delta-seconds, or an HTTP date (RFC 9110); both give seconds from `nowMs`. */
export function parseRetryAfter(v: string | null, nowMs: number): number | null {
  const n = num(v);
  if (n !== null) return Math.max(0, n);
  if (v) {
    const at = Date.parse(v);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - nowMs) / 1000));
  }
  return null;
}

export function parseRateLimit(headers: Headers, nowMs: number): RateLimitInfo {
  return {
    limit: num(headers.get("x-ratelimit-limit")),
    remaining: num(headers.get("x-ratelimit-remaining")),
    reset: num(headers.get("x-ratelimit-reset")),
    retryAfter: parseRetryAfter(headers.get("retry-after"), nowMs),
  };
}
