/**
 * A circuit breaker per credential: a provider that hangs costs one timeout, not one per request.
 *
 * - Closed: requests go. A timeout opens it at once (each further request would wait as long); a
 *   connection that fails (refused, reset) opens it after `failureThreshold` in a row, since those
 *   are cheap to find out and a single reset is common. Any answer from the provider, error
 *   envelopes included, closes it again and clears the count.
 * - Open: requests are refused before sending (`CIRCUIT_OPEN`, never sent) for the cool-down.
 * - Half-open: after the cool-down one request goes as a probe, with its timeout capped to
 *   `probeTimeoutMs`; the others wait for its verdict (`admitAfterProbe`, within their own
 *   deadline), so that a page's parallel reads all go once the provider is back, instead of one
 *   read fresh and the rest refused. An answer closes the breaker; no
 *   answer opens it again for twice the cool-down (at most `maxOpenMs`), so a provider that stays
 *   down is probed less and less often, and one that comes back is used again within a cool-down.
 *   A probe that gives no verdict (the caller aborted, a local answer) lets the next request probe.
 *
 * The state lives in the process (one breaker per credential and instance): it is not a source of
 * truth, only a guess of whether the provider answers, which each instance makes for itself.
 */

export type BreakerOptions = {
  /** connection failures in a row that open it (a timeout opens it at once); default 3 */
  failureThreshold?: number;
  /** first cool-down; default 2 000 ms */
  openMs?: number;
  /** longest cool-down; default 15 000 ms */
  maxOpenMs?: number;
  /** the probe's timeout; default 5 000 ms */
  probeTimeoutMs?: number;
  /** a timeout shorter than this proves nothing (a call whose deadline was nearly spent); default 1 500 ms */
  minTimeoutEvidenceMs?: number;
  now?: () => number;
};

export type BreakerState = "closed" | "open" | "half-open";

export type Admission = { ok: true; probe: boolean } | { ok: false; retryInMs: number };

export type BreakerStatus = {
  state: BreakerState;
  /** when the provider stopped answering (epoch ms), while it is not answering */
  since: number | null;
  /** how long until the next probe may go (0 when one may go now) */
  retryInMs: number;
};

export class CircuitBreaker {
  readonly failureThreshold: number;
  readonly openMs: number;
  readonly maxOpenMs: number;
  readonly probeTimeoutMs: number;
  readonly minTimeoutEvidenceMs: number;
  readonly #now: () => number;
  #state: BreakerState = "closed";
  #failures = 0;
  #cooldownMs: number;
  #openUntil = 0;
  #since: number | null = null;
  #probing = false;
  /** Settles when the probe out now gets its verdict (or none). */
  #probeSettled: Promise<void> | null = null;
  #settleProbe: (() => void) | null = null;

  constructor(o: BreakerOptions = {}) {
    this.failureThreshold = Math.max(1, o.failureThreshold ?? 3);
    this.openMs = o.openMs ?? 2_000;
    this.maxOpenMs = Math.max(this.openMs, o.maxOpenMs ?? 15_000);
    this.probeTimeoutMs = o.probeTimeoutMs ?? 5_000;
    this.minTimeoutEvidenceMs = o.minTimeoutEvidenceMs ?? 1_500;
    this.#now = o.now ?? Date.now;
    this.#cooldownMs = this.openMs;
  }

  /** May a request go now, and is it the probe? */
  admit(): Admission {
    if (this.#state === "closed") return { ok: true, probe: false };
    const now = this.#now();
    if (this.#state === "open") {
      if (now < this.#openUntil) return { ok: false, retryInMs: this.#openUntil - now };
      this.#state = "half-open";
    }
    if (this.#probing) return { ok: false, retryInMs: this.probeTimeoutMs };
    this.#probing = true;
    this.#probeSettled = new Promise<void>((resolve) => (this.#settleProbe = resolve));
    return { ok: true, probe: true };
  }

  /**
   * `admit`, except that a request finding a probe out waits for its verdict (at most `maxWaitMs`)
   * rather than being refused: admitted once the provider answered, refused if it did not.
   */
  async admitAfterProbe(maxWaitMs: number): Promise<Admission> {
    const until = Date.now() + maxWaitMs;
    for (;;) {
      const admission = this.admit();
      const left = until - Date.now();
      if (admission.ok || !this.#probing || !this.#probeSettled || left <= 0) return admission;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([this.#probeSettled, new Promise<void>((r) => (timer = setTimeout(r, left)))]);
      clearTimeout(timer);
    }
  }

  /** Is a probe out now? */
  get probing(): boolean {
    return this.#probing;
  }

  /** Is the cool-down over, so that the next request probes (or one is probing)? */
  get undecided(): boolean {
    return this.#state === "half-open" || (this.#state === "open" && this.#now() >= this.#openUntil);
  }

  /** Resolves once the probe out now has its verdict (at once when none is out), or after `maxWaitMs`. */
  async probeSettled(maxWaitMs: number): Promise<void> {
    if (!this.#probeSettled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.#probeSettled, new Promise<void>((r) => (timer = setTimeout(r, maxWaitMs)))]);
    clearTimeout(timer);
  }

  #endProbe(): void {
    this.#probing = false;
    this.#settleProbe?.();
    this.#settleProbe = null;
    this.#probeSettled = null;
  }

  /** The provider answered (whatever it said). */
  success(): void {
    this.#state = "closed";
    this.#failures = 0;
    this.#cooldownMs = this.openMs;
    this.#since = null;
    if (this.#probing) this.#endProbe();
  }

  /** No answer: a timeout after `waitedMs`, or a connection that failed. */
  failure(kind: "timeout" | "connection", probe: boolean, waitedMs = Infinity): void {
    if (kind === "timeout" && waitedMs < this.minTimeoutEvidenceMs) return this.abandon(probe);
    if (probe) {
      this.#cooldownMs = Math.min(this.#cooldownMs * 2, this.maxOpenMs);
      this.#open();
      return this.#endProbe();
    }
    if (this.#state !== "closed") return; // admitted before it opened; it is open already
    this.#failures++;
    if (kind === "timeout" || this.#failures >= this.failureThreshold) this.#open();
  }

  /** The attempt ended without a verdict on the provider. */
  abandon(probe: boolean): void {
    if (probe) this.#endProbe();
  }

  status(): BreakerStatus {
    const now = this.#now();
    const retryInMs = this.#state === "open" ? Math.max(0, this.#openUntil - now) : 0;
    return { state: this.#state, since: this.#since, retryInMs };
  }

  #open(): void {
    const now = this.#now();
    this.#state = "open";
    this.#openUntil = now + this.#cooldownMs;
    this.#since ??= now;
  }
}
