/**
 * State machines of cash-ins and cash-outs (spec "States and transitions") with their balance
 * effects, and the time-driven work (expiries, auto-settlement, boleto registration).
 *
 *   cash-in   pending   → confirmed  cashin.confirmed   amount_net credited to available (split shares
 *                                                        to the recipients, out of amount_net)
 *             pending   → expired    cashin.expired     nothing moves (by time at expires_at, or simulated)
 *             pending   → cancelled  (no event)         nothing moves; simulate "cashin.cancelled" only
 *             confirmed → refunded   cashin.refunded    what was credited is debited back
 *   cash-out  pending   → confirmed  cashout.confirmed  the blocked amount leaves for good; e2e_id / tx_hash
 *             pending   → failed     cashout.failed     blocked amount → available (error_code)
 *             pending   → refunded   cashout.refunded   blocked amount → available
 *             confirmed → refunded   cashout.refunded   amount_net comes back to available (the fee is kept)
 *
 * Cash-in refund only from confirmed: the spec's row reads "pending → refunded", but a cash-in
 * refund "debits the balance and returns the value to the payer", and an unpaid charge has neither.
 * Every other move is refused with 409 INVALID_VALUE (details: status, event, allowed_events).
 *
 * Each transition runs in one database transaction: the row is locked (FOR UPDATE), its status
 * checked, the ledger moved and the webhook written to the outbox, so a concurrent simulate and a
 * timer can never both apply.
 */
import type Decimal from "decimal.js";
import type { SplitEntry } from "@/lib/payment-api/schemas/cashin";
import { newId } from "./accounts";
import type { Sandbox } from "./context";
import type { Sql } from "./db/sql";
import { BOLETO_REGISTRATION_SECONDS } from "./config";
import { ApiError } from "./errors";
import { pixE2eId, txHash } from "./identifiers";
import { insertIdempotent } from "./idempotency";
import { credit, debit, release, settleBlocked } from "./ledger";
import { dec, floorTo } from "./money";
import { lockTx, type TxRecord } from "./tx-record";
import { Outbox, withOutbox } from "./webhooks/outbox";
import { transactionPayload } from "./webhooks/payloads";

export const SIMULATE_EVENTS = [
  "cashin.confirmed",
  "cashin.expired",
  "cashin.refunded",
  "cashin.cancelled",
  "cashout.confirmed",
  "cashout.failed",
  "cashout.refunded",
] as const;
export type SimulateEvent = (typeof SIMULATE_EVENTS)[number];

const TRANSITIONS: Record<SimulateEvent, { type: "cashin" | "cashout"; from: readonly string[]; to: string; webhook: boolean }> = {
  "cashin.confirmed": { type: "cashin", from: ["pending"], to: "confirmed", webhook: true },
  "cashin.expired": { type: "cashin", from: ["pending"], to: "expired", webhook: true },
  "cashin.refunded": { type: "cashin", from: ["confirmed"], to: "refunded", webhook: true },
  // "system cancellation; conditions for this move: not shown", and the spec has no event for it
  "cashin.cancelled": { type: "cashin", from: ["pending"], to: "cancelled", webhook: false },
  "cashout.confirmed": { type: "cashout", from: ["pending"], to: "confirmed", webhook: true },
  "cashout.failed": { type: "cashout", from: ["pending"], to: "failed", webhook: true },
  "cashout.refunded": { type: "cashout", from: ["pending", "confirmed"], to: "refunded", webhook: true },
};

/** Statuses after which the operation no longer counts against the daily / monthly limits. */
const NOT_COUNTED = new Set(["failed", "expired", "cancelled"]);

export const allowedEvents = (type: string, status: string): SimulateEvent[] =>
  SIMULATE_EVENTS.filter((e) => TRANSITIONS[e].type === type && TRANSITIONS[e].from.includes(status));

type SplitCredit = { account_id: string; username: string; amount: string };

/**
 * Split shares at settlement ("Split divides the value among accounts of the service at
 * settlement"), out of amount_net: a percentage share is that percentage of amount_net rounded
 * down to the currency; a fixed share is its amount. Shares of one recipient add up. Should the
 * shares exceed amount_net (fixed amounts close to the gross amount), they are cut in the order
 * given so that the charging account never goes below zero.
 */
async function splitCredits(sb: Sandbox, r: TxRecord): Promise<SplitCredit[]> {
  const split = (r.details.split ?? []) as SplitEntry[];
  if (split.length === 0) return [];
  const net = dec(r.amount_net);
  let left = net;
  const byUser = new Map<string, { accountId: string; amount: Decimal }>();
  for (const s of split) {
    const recipient = await sb.directory.accountByUsername(s.username);
    if (!recipient) continue; // checked at creation; an account is never deleted
    let share = "amount" in s ? dec(s.amount) : floorTo(net.times(s.percentage).dividedBy(100), r.currency);
    if (share.greaterThan(left)) share = left;
    left = left.minus(share);
    const cur = byUser.get(s.username);
    byUser.set(s.username, { accountId: recipient.id, amount: (cur?.amount ?? dec(0)).plus(share) });
  }
  return [...byUser.entries()]
    .filter(([, v]) => v.amount.greaterThan(0))
    .map(([username, v]) => ({ account_id: v.accountId, username, amount: v.amount.toFixed() }));
}

/** Credits in account-id order (concurrent transactions lock balance rows in the same order). */
async function creditAll(q: Sql, currency: string, credits: { accountId: string; amount: Decimal }[]): Promise<void> {
  for (const c of [...credits].sort((a, b) => (a.accountId < b.accountId ? -1 : 1))) {
    if (c.amount.greaterThan(0)) await credit(q, c.accountId, currency, c.amount);
  }
}

async function confirmCashin(sb: Sandbox, q: Sql, r: TxRecord, now: Date): Promise<Partial<TxRecord>> {
  const details = { ...r.details };
  const shares = await splitCredits(sb, r);
  const sharesTotal = shares.reduce((s, x) => s.plus(x.amount), dec(0));
  const merchant = dec(r.amount_net).minus(sharesTotal);
  await creditAll(q, r.currency, [{ accountId: r.account_id, amount: merchant }, ...shares.map((s) => ({ accountId: s.account_id, amount: dec(s.amount) }))]);
  if (shares.length > 0) {
    const from = (await sb.directory.account(r.account_id))?.username ?? null;
    for (const s of shares) {
      // The recipient sees its share in its own list, under the charge's transaction_id.
      await insertIdempotent(q, {
        id: newId(),
        transactionId: r.transaction_id,
        accountId: s.account_id,
        externalId: null,
        requestHash: null,
        type: "cashin",
        source: "cashin",
        method: "SPLIT",
        limitOperation: null,
        status: "confirmed",
        currency: r.currency,
        amount: dec(s.amount),
        fee: dec(0),
        amountNet: dec(s.amount),
        details: { split_of: r.transaction_id, from_user: from },
        responseStatus: 200,
        response: {},
        createdAt: now,
      });
    }
    details.split_credits = shares;
  }
  details.credited = merchant.toFixed();
  details.paid_at = now.toISOString();
  const boleto = details.boleto as Record<string, unknown> | undefined;
  if (boleto && boleto.registration !== "registered") details.boleto = { ...boleto, registration: "registered" };
  return {
    details,
    e2e_id: r.method === "PIX" ? pixE2eId(now) : r.e2e_id,
    tx_hash: r.method === "CRYPTO" && r.chain !== null ? txHash(r.chain) : r.tx_hash,
  };
}

async function refundCashin(q: Sql, r: TxRecord, now: Date): Promise<Partial<TxRecord>> {
  const open = await q.query("select 1 from infractions where transaction_row_id = $1 and status <> 'resolved' limit 1", [r.id]);
  if (open.length > 0) {
    throw new ApiError("INVALID_VALUE", "the transaction has an unresolved infraction; resolve it before refunding", { field: "transaction_id", transaction_id: r.transaction_id }, { status: 409 });
  }
  const shares = (r.details.split_credits ?? []) as SplitCredit[];
  const debits = [{ accountId: r.account_id, amount: dec((r.details.credited as string | undefined) ?? r.amount_net) }, ...shares.map((s) => ({ accountId: s.account_id, amount: dec(s.amount) }))];
  // INSUFFICIENT_BALANCE (422) when an account no longer holds what it was credited: nothing moves.
  for (const d of debits.sort((a, b) => (a.accountId < b.accountId ? -1 : 1))) {
    if (d.amount.greaterThan(0)) await debit(q, d.accountId, r.currency, d.amount, { hold: false });
  }
  if (shares.length > 0) {
    await q.query("update transactions set status = 'refunded', updated_at = $2::timestamptz where transaction_id = $1 and method = 'SPLIT' and status = 'confirmed'", [r.transaction_id, now]);
  }
  return { details: { ...r.details, refunded_at: now.toISOString() } };
}

async function applyEffects(sb: Sandbox, q: Sql, r: TxRecord, event: SimulateEvent, now: Date, errorCode: string | undefined): Promise<Partial<TxRecord>> {
  const amount = dec(r.amount);
  switch (event) {
    case "cashin.confirmed":
      return confirmCashin(sb, q, r, now);
    case "cashin.refunded":
      return refundCashin(q, r, now);
    case "cashin.expired":
    case "cashin.cancelled":
      return {};
    case "cashout.confirmed":
      await settleBlocked(q, r.account_id, r.currency, amount);
      return {
        details: { ...r.details, settled_at: now.toISOString() },
        e2e_id: r.method === "PIX" ? pixE2eId(now) : r.e2e_id,
        tx_hash: r.method === "CRYPTO" && r.network !== null ? txHash(r.network) : r.tx_hash,
      };
    case "cashout.failed":
      // "balance refunded automatically": the whole amount, fee included
      await release(q, r.account_id, r.currency, amount);
      return { details: { ...r.details, error_code: errorCode ?? "UNKNOWN" } };
    case "cashout.refunded":
      if (r.status === "pending") await release(q, r.account_id, r.currency, amount);
      else await credit(q, r.account_id, r.currency, dec(r.amount_net));
      return { details: { ...r.details, refunded_from: r.status, refunded_at: now.toISOString() } };
  }
}

export function illegalTransition(r: TxRecord, event: string): ApiError {
  return new ApiError(
    "INVALID_VALUE",
    `transaction ${r.transaction_id} is ${r.status}: ${event} is not a transition from ${r.status}`,
    { field: "event", transaction_id: r.transaction_id, status: r.status, event, allowed_events: allowedEvents(r.type, r.status) },
    { status: 409 },
  );
}

/**
 * Applies `event` to the transaction row `rowId` (a cash-in or cash-out), its balance effects and its
 * webhook, in one database transaction. Throws 409 INVALID_VALUE when the move is not allowed.
 */
export async function transition(
  sb: Sandbox,
  rowId: string,
  event: SimulateEvent,
  opts: { errorCode?: string } = {},
): Promise<{ row: TxRecord; deliveries: { delivery_id: string; event: string; url: string }[] }> {
  const t = TRANSITIONS[event];
  const out = new Outbox(sb.webhooks);
  const row = await sb.db.tx(async (q) => {
    const r = await lockTx(q, rowId);
    if (!r) throw new ApiError("NOT_FOUND", `no transaction ${rowId}`);
    if (r.type !== t.type) {
      throw new ApiError("INVALID_VALUE", `${event} applies to ${t.type} transactions; ${r.transaction_id} is a ${r.type}`, { field: "event", type: r.type });
    }
    if (!t.from.includes(r.status)) throw illegalTransition(r, event);
    const now = sb.clock.date();
    const changes = await applyEffects(sb, q, r, event, now, opts.errorCode);
    const next: TxRecord = { ...r, ...changes, status: t.to, updated_at: now };
    await q.query(
      "update transactions set status = $2, details = $3::jsonb, e2e_id = $4, tx_hash = $5, updated_at = $6::timestamptz where id = $1",
      [r.id, next.status, JSON.stringify(next.details), next.e2e_id, next.tx_hash, now],
    );
    if (t.webhook) {
      await out.add(q, now, {
        accountId: r.account_id,
        clientId: r.client_id,
        url: r.postback_url,
        event,
        transactionId: r.transaction_id,
        payload: transactionPayload(event, next),
      });
    }
    return next;
  });
  if (out.items.length > 0) sb.webhooks.offer(out.items);
  if (NOT_COUNTED.has(row.status) && row.limit_operation !== null) {
    sb.usage.forget(row.account_id, row.currency, row.limit_operation, dec(row.amount), new Date(row.created_at).getTime());
  }
  return { row, deliveries: out.items.map((d) => ({ delivery_id: d.id, event: d.event, url: d.url })) };
}

/** boleto.registered (sandbox's name for the spec's "registration moves from pending to registered (a webhook updates it)"). */
async function registerBoleto(sb: Sandbox, rowId: string): Promise<void> {
  await withOutbox(sb.db, sb.webhooks, async (q, out) => {
    const r = await lockTx(q, rowId);
    const boleto = r?.details.boleto as Record<string, unknown> | undefined;
    if (!r || r.status !== "pending" || !boleto || boleto.registration !== "pending") return;
    const now = sb.clock.date();
    const details = { ...r.details, boleto: { ...boleto, registration: "registered", registered_at: now.toISOString() } };
    await q.query("update transactions set details = $2::jsonb, updated_at = $3::timestamptz where id = $1", [r.id, JSON.stringify(details), now]);
    await out.add(q, now, {
      accountId: r.account_id,
      clientId: r.client_id,
      url: r.postback_url,
      event: "boleto.registered",
      transactionId: r.transaction_id,
      payload: { ...transactionPayload("boleto.registered", { ...r, details }), payment_method: r.method, registration: "registered", boleto: details.boleto },
    });
  });
}

const BATCH = 200;

/**
 * The time-driven work due on the sandbox clock, oldest first, in batches until none is left:
 * charges past expires_at → cashin.expired; with auto_settle_cashout_seconds set, cash-outs that old
 * → cashout.confirmed; boletos BOLETO_REGISTRATION_SECONDS old → boleto.registered.
 */
export async function runDueWork(sb: Sandbox): Promise<{ expired: number; settled: number; registered: number }> {
  const done = { expired: 0, settled: 0, registered: 0 };
  const each = async (sql: string, params: unknown[], fn: (id: string) => Promise<unknown>): Promise<number> => {
    let n = 0;
    for (;;) {
      const rows = await sb.db.query<{ id: string }>(sql, params);
      let moved = 0;
      for (const r of rows) {
        try {
          await fn(r.id);
          moved++;
        } catch (e) {
          // moved meanwhile by a simulate call: nothing to do
          if (!(e instanceof ApiError)) throw e;
        }
      }
      n += moved;
      if (rows.length < BATCH || moved === 0) return n;
    }
  };
  const now = sb.clock.now();
  done.expired = await each(
    `select id from transactions where status = 'pending' and type = 'cashin' and expires_at <= $1::timestamptz order by expires_at, id limit ${BATCH}`,
    [new Date(now)],
    (id) => transition(sb, id, "cashin.expired"),
  );
  const settleAfter = sb.settings.auto_settle_cashout_seconds;
  if (settleAfter !== null) {
    done.settled = await each(
      `select id from transactions where status = 'pending' and type = 'cashout' and created_at <= $1::timestamptz order by created_at, id limit ${BATCH}`,
      [new Date(now - settleAfter * 1000)],
      (id) => transition(sb, id, "cashout.confirmed"),
    );
  }
  done.registered = await each(
    `select id from transactions
      where status = 'pending' and method in ('BOLETO', 'PIX_BOLETO') and (details -> 'boleto' ->> 'registration') = 'pending' and created_at <= $1::timestamptz
      order by created_at, id limit ${BATCH}`,
    [new Date(now - BOLETO_REGISTRATION_SECONDS * 1000)],
    (id) => registerBoleto(sb, id),
  );
  return done;
}

/** Runs the due work now and then every `tickMs` of real time (one run at a time); stops on close(). */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private closed = false;

  constructor(
    private readonly sb: Sandbox,
    private readonly tickMs: number,
  ) {}

  start(): void {
    if (this.tickMs > 0) {
      this.timer = setInterval(() => {
        // a slow run is not stacked up behind itself
        if (this.queued === 0) void this.run().catch((e: unknown) => console.error("[sandbox] ticker", e));
      }, this.tickMs);
      this.timer.unref();
    }
  }

  /** Runs the due work after any run in progress, then starts the due webhook attempts (clock advance awaits both). */
  run(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.queued++;
    const next = this.chain.then(async () => {
      try {
        if (!this.closed) await runDueWork(this.sb);
      } finally {
        this.queued--;
      }
      // retries that fell due, and the events just written: started before this run resolves
      if (!this.closed) await this.sb.webhooks.pump();
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.chain;
  }
}

