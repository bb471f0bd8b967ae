/**
 * The webhook outbox: events are written to `webhook_deliveries` in the same database transaction as
 * the state change that emits them (a committed change always has its webhook, a rolled-back one
 * never does), then handed to the dispatcher once the transaction has committed. Nothing is sent on
 * the request path.
 *
 * Target URL (spec "Events": "the postback_url (or the credential default)"), resolved when the event
 * is written: the operation's postback_url; else the default webhook URL of the credential that
 * created the operation; else the default of the account's oldest credential that has one (events
 * with no creating credential: a transfer received, a split share). No URL → no delivery.
 *
 * While the `drop_webhooks` setting is on, an event is written as `dropped` instead (no attempt, no
 * next_attempt_at): the dispatcher never claims it, then or later, so a receiver can be tested against
 * a webhook the provider never delivered.
 */
import type { Db, Sql } from "../db/sql";
import { newId } from "../accounts";

export type DueDelivery = { id: string; url: string; event: string; payload: Record<string, unknown>; attempts: number };

export type NewEvent = {
  accountId: string;
  /** credential that created the operation */
  clientId?: string | null;
  /** the operation's own postback_url */
  url?: string | null;
  event: string;
  transactionId?: string | null;
  infractionId?: string | null;
  payload: Record<string, unknown>;
};

const INSERT = `insert into webhook_deliveries (id, account_id, transaction_id, infraction_id, event, url, payload, status, attempts, next_attempt_at, created_at, updated_at)
  select $1, $2, $3, $4, $5, t.url, $6::jsonb, $10::text, 0, $11::timestamptz, $7::timestamptz, $7::timestamptz
    from (select coalesce($8::text,
                          (select postback_url from credentials where client_id = $9::text),
                          (select postback_url from credentials where account_id = $2 and postback_url is not null order by created_at, client_id limit 1)) as url) t
   where t.url is not null
  returning id, url`;

export type DispatchSink = {
  offer(items: DueDelivery[]): void;
  /** the `drop_webhooks` setting: events written now are recorded as dropped and never sent */
  readonly dropping: boolean;
};

/**
 * Collects the events of one database transaction; the caller hands `items` (the deliveries to send;
 * dropped ones are not among them) to the dispatcher after commit.
 */
export class Outbox {
  readonly items: DueDelivery[] = [];

  constructor(private readonly sink: Pick<DispatchSink, "dropping">) {}

  async add(q: Sql, now: Date, e: NewEvent): Promise<void> {
    const drop = this.sink.dropping;
    const rows = await q.query<{ id: string; url: string }>(INSERT, [
      newId(),
      e.accountId,
      e.transactionId ?? null,
      e.infractionId ?? null,
      e.event,
      JSON.stringify(e.payload),
      now,
      e.url ?? null,
      e.clientId ?? null,
      drop ? "dropped" : "pending",
      drop ? null : now,
    ]);
    const row = rows[0];
    if (row && !drop) this.items.push({ id: row.id, url: row.url, event: e.event, payload: e.payload, attempts: 0 });
  }
}

/** Runs `fn` in a database transaction with an outbox, then offers the committed events for delivery. */
export async function withOutbox<R>(db: Db, sink: DispatchSink, fn: (q: Sql, out: Outbox) => Promise<R>): Promise<R> {
  const out = new Outbox(sink);
  const r = await db.tx((q) => fn(q, out));
  if (out.items.length > 0) sink.offer(out.items);
  return r;
}

type AttemptRow = {
  delivery_id: string;
  event: string;
  url: string;
  transaction_id: string | null;
  infraction_id: string | null;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  result: string;
  next_attempt_at: Date | null;
};

type DeliveryRow = {
  id: string;
  event: string;
  url: string;
  transaction_id: string | null;
  infraction_id: string | null;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  payload: Record<string, unknown>;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * GET /sandbox/webhooks/deliveries: every attempt (oldest first), and each delivery's current state.
 * `inFlight` (delivery → the attempt under way) is taken before the rows are read: an attempt under
 * way then is either flagged or, if it finished meanwhile, already in the rows (never neither). An
 * attempt already recorded is not in flight, even if the dispatcher has not yet let go of it.
 */
export async function listDeliveries(db: Db, filter: { transactionId?: string; infractionId?: string; limit: number }, inFlight: ReadonlyMap<string, number>) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.transactionId) {
    params.push(filter.transactionId);
    where.push(`d.transaction_id = $${params.length}`);
  }
  if (filter.infractionId) {
    params.push(filter.infractionId);
    where.push(`d.infraction_id = $${params.length}`);
  }
  params.push(filter.limit);
  const cond = where.length ? `where ${where.join(" and ")}` : "";
  const deliveries = await db.query<DeliveryRow>(
    `select id, event, url, transaction_id, infraction_id, status, attempts, next_attempt_at, delivered_at, created_at, payload
       from webhook_deliveries d ${cond} order by created_at, id limit $${params.length}::int`,
    params,
  );
  const attempts = await db.query<AttemptRow>(
    `select a.delivery_id, d.event, d.url, d.transaction_id, d.infraction_id, a.attempt, a.attempted_at, a.status_code, a.error, a.duration_ms, a.result, a.next_attempt_at
       from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id ${cond}
      order by a.attempted_at, a.delivery_id, a.attempt limit $${params.length}::int`,
    params,
  );
  return {
    items: attempts.map((a) => ({
      delivery_id: a.delivery_id,
      event: a.event,
      url: a.url,
      transaction_id: a.transaction_id,
      infraction_id: a.infraction_id,
      attempt: Number(a.attempt),
      attempted_at: iso(a.attempted_at),
      status_code: a.status_code === null ? null : Number(a.status_code),
      error: a.error,
      duration_ms: Number(a.duration_ms),
      result: a.result,
      next_attempt_at: iso(a.next_attempt_at),
    })),
    deliveries: deliveries.map((d) => ({
      delivery_id: d.id,
      event: d.event,
      url: d.url,
      transaction_id: d.transaction_id,
      infraction_id: d.infraction_id,
      status: d.status,
      attempts: Number(d.attempts),
      /** an attempt is under way right now */
      in_flight: (inFlight.get(d.id) ?? 0) > Number(d.attempts),
      next_attempt_at: iso(d.next_attempt_at),
      delivered_at: iso(d.delivered_at),
      created_at: iso(d.created_at),
      payload: d.payload,
    })),
  };
}
