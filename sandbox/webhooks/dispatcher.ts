/**
 * The webhook dispatcher (spec "Events", delivery rules):
 *
 * - POST with Content-Type: application/json, X-Service-Event (the event), X-Service-Timestamp (ISO
 *   8601 UTC, sandbox clock, time of the attempt) and, as sandbox extras, X-Service-Delivery-Id and
 *   X-Service-Attempt; the body is the event's fields at the top level.
 * - Only a 2xx whose answer is complete within the timeout (10 s) counts.
 * - Attempt 1 as soon as the event is committed, then up to 5 retries: attempt k+1 is due 1 min,
 *   5 min, 15 min, 1 h, 6 h after attempt k started (sandbox clock), one per interval the spec lists.
 *   After the 6th failure the delivery is `failed`.
 *
 * Deliveries written while `drop_webhooks` is on are `dropped` and never claimed (only `pending` is).
 *
 * The outbox row is the source of truth: an attempt interrupted by close() is not recorded, so the
 * delivery is still due and goes out after the next start. Which rows are in flight is process
 * memory (the sandbox is one process).
 */
import type { Db } from "../db/sql";
import type { SandboxClock } from "../clock";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_INTERVALS_SECONDS } from "../config";
import type { DueDelivery } from "./outbox";
import { WebhookSender } from "./send";

export type DispatcherOptions = {
  timeoutMs: number;
  concurrency: number;
  /** the `drop_webhooks` setting, read when an event is written (the outbox then records it as dropped) */
  dropping?: () => boolean;
};

const RECORD = `with d as (
    update webhook_deliveries set attempts = $2::int, status = $3, next_attempt_at = $4::timestamptz, delivered_at = $5::timestamptz, updated_at = $6::timestamptz
     where id = $1 and status = 'pending' and attempts = $2::int - 1
    returning id)
  insert into webhook_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms, result, next_attempt_at)
  select d.id, $2::int, $7::timestamptz, $8::int, $9, $10::int, $11, $4::timestamptz from d`;

export class WebhookDispatcher {
  private readonly inFlight = new Map<string, { abort: AbortController; done: Promise<void>; attempt: number }>();
  /** ids whose attempt finished while a claim query was running (its rows may be stale for them) */
  private finishedDuringClaim = new Set<string>();
  private pumping = false;
  /** the pass under way (pump() callers while one runs wait for it: it loops once more for them) */
  private pass: Promise<void> = Promise.resolve();
  private again = false;
  private scheduled = false;
  private closing = false;

  /** Delivering (not closing): the sandbox's readiness. */
  get running(): boolean {
    return !this.closing;
  }
  private readonly sender = new WebhookSender();

  constructor(
    private readonly db: Db,
    private readonly clock: SandboxClock,
    private readonly opts: DispatcherOptions,
  ) {}

  /** While true, new events are written to the outbox as `dropped`: never offered, never claimed. */
  get dropping(): boolean {
    return this.opts.dropping?.() ?? false;
  }

  /** Freshly committed events: sent at once when there is room, otherwise picked up by the pump. */
  offer(items: DueDelivery[]): void {
    for (const d of items) {
      if (this.closing) return;
      if (this.inFlight.size < this.opts.concurrency && !this.inFlight.has(d.id)) this.start(d);
      else this.kick(); // full: the next claim picks it up (every completion claims again)
    }
  }

  /** Schedules a pass over the due deliveries (coalesced): on every tick and clock advance. */
  kick(): void {
    if (this.closing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump().catch((e: unknown) => {
        if (!this.closing) console.error("[sandbox] webhook dispatcher", e);
      });
    });
  }

  /**
   * Starts every due delivery there is room for (retries, backlog, deliveries left by a restart).
   * Resolves once a pass that began after the call has claimed what was due (the clock advance
   * awaits it, so an attempt that fell due has started when the advance answers).
   */
  pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pass;
    }
    this.pumping = true;
    this.pass = this.loop();
    return this.pass;
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        if (this.closing) return;
        const room = this.opts.concurrency - this.inFlight.size;
        if (room <= 0) return;
        this.finishedDuringClaim = new Set();
        const limit = room + this.inFlight.size;
        const rows = await this.db.query<{ id: string; url: string; event: string; payload: Record<string, unknown>; attempts: number }>(
          `select id, url, event, payload, attempts from webhook_deliveries
            where status = 'pending' and next_attempt_at <= $1::timestamptz
            order by next_attempt_at, id limit $2::int`,
          [this.clock.date(), limit],
        );
        let started = 0;
        for (const r of rows) {
          if (this.closing || started >= room) break;
          if (this.inFlight.has(r.id) || this.finishedDuringClaim.has(r.id)) continue;
          this.start({ ...r, attempts: Number(r.attempts) });
          started++;
        }
      } while (this.again);
    } finally {
      this.pumping = false;
    }
  }

  private start(d: DueDelivery): void {
    const abort = new AbortController();
    const done = this.attempt(d, abort.signal)
      .catch((e: unknown) => {
        if (!this.closing) console.error(`[sandbox] webhook delivery ${d.id}`, e);
      })
      .finally(() => {
        this.inFlight.delete(d.id);
        this.finishedDuringClaim.add(d.id);
        // room freed: claim again (coalesced; a claim under way loops once more)
        this.kick();
      });
    this.inFlight.set(d.id, { abort, done, attempt: d.attempts + 1 });
  }

  private async attempt(d: DueDelivery, signal: AbortSignal): Promise<void> {
    const attempt = d.attempts + 1;
    const startedAt = this.clock.now();
    const body = JSON.stringify(d.payload);
    const r = await this.sender.post(
      d.url,
      body,
      {
        "content-type": "application/json",
        "user-agent": "payment-service-sandbox/2",
        "x-service-event": d.event,
        "x-service-timestamp": new Date(startedAt).toISOString(),
        "x-service-delivery-id": d.id,
        "x-service-attempt": String(attempt),
      },
      this.opts.timeoutMs,
      signal,
    );
    if (this.closing || signal.aborted) return; // interrupted: not an attempt; still due after a restart
    const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const last = attempt >= WEBHOOK_MAX_ATTEMPTS;
    const next = ok || last ? null : new Date(startedAt + WEBHOOK_RETRY_INTERVALS_SECONDS[attempt - 1]! * 1000);
    const result = ok ? "delivered" : last ? "failed" : "retry";
    const now = this.clock.date();
    await this.db.query(
      RECORD,
      [
        d.id,
        attempt,
        ok ? "delivered" : last ? "failed" : "pending",
        next,
        ok ? now : null,
        now,
        new Date(startedAt),
        r.statusCode,
        ok ? null : (r.error ?? `HTTP ${r.statusCode}`),
        r.ms,
        result,
      ],
      "sbx_record_webhook_attempt",
    );
  }

  /** The deliveries with an attempt under way now, and that attempt's number (GET /sandbox/webhooks/deliveries). */
  inFlightAttempts(): ReadonlyMap<string, number> {
    return new Map([...this.inFlight].map(([id, f]) => [id, f.attempt]));
  }

  /** Aborts the attempts in flight (not recorded: they stay due) and frees the sockets. */
  async close(): Promise<void> {
    this.closing = true;
    const pending = [...this.inFlight.values()];
    for (const p of pending) p.abort.abort();
    await Promise.all(pending.map((p) => p.done));
    await this.pass.catch(() => undefined); // a claim query under way finishes before the database closes
    this.sender.close();
  }
}
