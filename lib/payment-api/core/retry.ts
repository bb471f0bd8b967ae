/**
 * When and how long to wait before repeating a request (spec "Errors", retry guidance):
 *
 * - 429 RATE_LIMIT_EXCEEDED: wait `Retry-After` seconds (or `details.retry_after_seconds`, which the
 *   spec puts in the body). A 429 means the service refused the request before processing it, so it is
 *   safe to repeat whatever the method.
 * - 502/503 (PROVIDER_ERROR, SERVICE_UNAVAILABLE): back off exponentially, 1, 2, 4, 8 seconds.
 *   When the answer is the service's own error envelope it states that nothing was done
 *   (retryable: true), so any request is repeated. When it is not (HTML from a gateway), the
 *   request may have reached the service, so only requests safe to repeat are.
 * - Connection errors and timeouts: the request may or may not have been processed, so only
 *   requests safe to repeat are retried: reads (including the list POST and conversion quotes) and
 *   writes carrying an external_id, which the service uses to return the original instead of
 *   creating a duplicate (spec case rule 5).
 * - Validation, balance, limit, auth and signature errors are never retried: the same request
 *   would get the same answer, and repeated 4xx count toward the anti-abuse block ("15 errors/min").
 *
 * All attempts share one budget (`maxRetries`, default 4: the four waits 1, 2, 4, 8 s).
 */
import type { PaymentApiError } from "./errors";

export const DEFAULT_MAX_RETRIES = 4;
export const BACKOFF_BASE_MS = 1000;
/** A Retry-After longer than this is not waited for: the error is returned to the caller. */
export const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

/** Groups whose errors are final: repeating cannot change the answer. */
const NEVER_RETRY_GROUPS = new Set(["AUTH", "SIGNATURE", "VALIDATION", "LIMIT", "BUSINESS"]);
const RETRY_STATUSES = new Set([429, 502, 503]);

/** 1, 2, 4, 8 ... seconds for the n-th retry (0-based). */
export const backoffDelayMs = (retryIndex: number): number => BACKOFF_BASE_MS * 2 ** retryIndex;

export type RetryDecision = { retry: true; delayMs: number; reason: string } | { retry: false };

export function retryDecision(
  error: PaymentApiError,
  ctx: { retryIndex: number; maxRetries: number; safeToRetry: boolean; enveloped: boolean; maxRetryDelayMs: number },
): RetryDecision {
  if (ctx.retryIndex >= ctx.maxRetries) return { retry: false };
  let delayMs: number | null = null;
  let reason = error.code;

  if (error.code === "CONNECTION_ERROR" || error.code === "TIMEOUT") {
    if (ctx.safeToRetry) delayMs = backoffDelayMs(ctx.retryIndex);
  } else if (error.status === 429) {
    const fromHeader = error.rateLimit?.retryAfter ?? null;
    const fromBody = error.details?.["retry_after_seconds"];
    const seconds = fromHeader ?? (typeof fromBody === "number" && Number.isFinite(fromBody) ? Math.max(0, fromBody) : null);
    delayMs = seconds !== null ? Math.ceil(seconds * 1000) : backoffDelayMs(ctx.retryIndex);
    reason = "RATE_LIMIT_EXCEEDED";
  } else if (RETRY_STATUSES.has(error.status)) {
    if (ctx.enveloped || ctx.safeToRetry) delayMs = backoffDelayMs(ctx.retryIndex);
  } else if (error.retryable && ctx.enveloped && !NEVER_RETRY_GROUPS.has(error.group)) {
    // e.g. INTERNAL_CONFLICT (409, retryable): the service says trying again may succeed
    delayMs = backoffDelayMs(ctx.retryIndex);
  }

  if (delayMs === null || delayMs > ctx.maxRetryDelayMs) return { retry: false };
  return { retry: true, delayMs, reason };
}

/** setTimeout as a promise, cut short by the caller's AbortSignal. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
