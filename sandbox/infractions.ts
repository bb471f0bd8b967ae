/**
 * PIX infractions (MED) (spec "Infraction (PIX MED)", "PIX infractions", events chargeback.*).
 *
 *   open ──reply──▶ responded ──reply──▶ responded
 *     └──────────────┴──resolve (won | lost | canceled)──▶ resolved
 *
 * - Opened by the control API on a confirmed PIX cash-in (dynamic charge or static wallet deposit):
 *   chargeback.opened; the amount (default: the cash-in's gross amount, at most that) moves
 *   available → blocked; when available is short, what there is gets blocked (`blocked_amount`);
 *   deadline_at = opening + 7 days on the sandbox clock. One unresolved infraction per transaction.
 * - Replies (multipart, routes/infractions.ts) are accepted while unresolved and before the deadline;
 *   each moves the infraction to `responded`. Nothing happens by itself at the deadline.
 * - Resolution: won or canceled → the blocked amount returns to available; lost → it leaves the
 *   account, and any shortfall (amount − blocked_amount) is taken from available as far as it goes.
 *   The cash-in's own status does not change.
 */
import type Decimal from "decimal.js";
import { newId } from "./accounts";
import type { Sandbox } from "./context";
import type { Sql } from "./db/sql";
import { INFRACTION_DEADLINE_SECONDS } from "./config";
import { ApiError, fieldError } from "./errors";
import { release, settleBlocked, takeUpTo } from "./ledger";
import { dec, num, scaleOf } from "./money";
import { drivableByTransactionId } from "./tx-record";
import { withOutbox } from "./webhooks/outbox";
import { chargebackPayload, type InfractionRecord } from "./webhooks/payloads";

export type InfractionRow = InfractionRecord & {
  account_id: string;
  transaction_row_id: string;
  blocked_amount: string;
  debited_amount: string | null;
  debtor: Record<string, unknown>;
  creditor: Record<string, unknown>;
  resolved_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type ReplyRow = { reply_id: string; infraction_id: string; message: string; files: { name: string; content_type: string; size: number; sha256: string }[]; created_at: Date };

const COLUMNS = `infraction_id, account_id, transaction_row_id, transaction_id, type, status, amount, currency, blocked_amount, debited_amount,
  e2e_id, reason, debtor, creditor, outcome, deadline_at, resolved_at, created_at, updated_at`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function infractionSummaryJson(r: InfractionRow) {
  return {
    infraction_id: r.infraction_id,
    type: r.type,
    status: r.status,
    amount: num(r.amount),
    currency: r.currency,
    transaction_id: r.transaction_id,
    e2e_id: r.e2e_id,
    deadline_at: iso(r.deadline_at),
    reason: r.reason,
    outcome: r.outcome,
    blocked_amount: num(r.blocked_amount),
    debited_amount: r.debited_amount === null ? null : num(r.debited_amount),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    resolved_at: iso(r.resolved_at),
  };
}

export function infractionDetailJson(r: InfractionRow, replies: ReplyRow[]) {
  return {
    ...infractionSummaryJson(r),
    debtor: r.debtor,
    creditor: r.creditor,
    replies: replies.map((x) => ({ reply_id: x.reply_id, message: x.message, files: x.files, created_at: iso(x.created_at) })),
  };
}

export async function loadInfraction(q: Sql, infractionId: string, opts: { accountId?: string; lock?: boolean } = {}): Promise<InfractionRow | undefined> {
  const rows = await q.query<InfractionRow>(
    `select ${COLUMNS} from infractions where infraction_id = $1 ${opts.accountId !== undefined ? "and account_id = $2" : ""} ${opts.lock ? "for update" : ""}`,
    opts.accountId !== undefined ? [infractionId, opts.accountId] : [infractionId],
  );
  return rows[0];
}

export async function repliesOf(q: Sql, infractionId: string): Promise<ReplyRow[]> {
  return q.query<ReplyRow>("select reply_id, infraction_id, message, files, created_at from infraction_replies where infraction_id = $1 order by created_at, reply_id", [
    infractionId,
  ]);
}

/** Webhook target of the disputed transaction (its postback_url, else its credential's default). */
async function targetOf(q: Sql, transactionRowId: string): Promise<{ url: string | null; clientId: string | null }> {
  const rows = await q.query<{ postback_url: string | null; client_id: string | null }>("select postback_url, client_id from transactions where id = $1", [transactionRowId]);
  return { url: rows[0]?.postback_url ?? null, clientId: rows[0]?.client_id ?? null };
}

export async function openInfraction(sb: Sandbox, body: { transaction_id: string; type: "REFUND_REQUEST" | "FRAUD"; amount?: number; reason?: string }) {
  return withOutbox(sb.db, sb.webhooks, async (q, out) => {
    const rows = await drivableByTransactionId(q, body.transaction_id);
    if (rows.length === 0) throw fieldError("NOT_FOUND", "transaction_id", `no transaction ${body.transaction_id}`);
    const tx = rows.find((r) => r.type === "cashin" && r.method === "PIX");
    if (!tx) {
      const r = rows[0]!;
      throw fieldError("INVALID_VALUE", "transaction_id", "infractions (MED) concern PIX cash-ins only", { type: r.type, payment_method: r.method });
    }
    // lock the cash-in: a refund or a second infraction cannot slip in meanwhile
    await q.query("select id from transactions where id = $1 for update", [tx.id]);
    const status = (await q.query<{ status: string }>("select status from transactions where id = $1", [tx.id]))[0]!.status;
    if (status !== "confirmed") {
      throw new ApiError("INVALID_VALUE", `transaction_id: the cash-in is ${status}; only a confirmed one can be disputed`, { field: "transaction_id", status }, { status: 409 });
    }
    const existing = await q.query<{ infraction_id: string }>("select infraction_id from infractions where transaction_row_id = $1 and status <> 'resolved'", [tx.id]);
    if (existing[0]) {
      throw new ApiError("DUPLICATE_RESOURCE", "the transaction already has an unresolved infraction", { field: "transaction_id", infraction_id: existing[0].infraction_id });
    }
    const full = dec(tx.amount);
    let amount: Decimal = full;
    if (body.amount !== undefined) {
      amount = dec(body.amount);
      if (amount.decimalPlaces() > scaleOf(tx.currency) || !amount.greaterThan(0) || amount.greaterThan(full)) {
        throw fieldError("INVALID_AMOUNT", "amount", `a positive amount of at most ${full.toFixed()} ${tx.currency} with at most ${scaleOf(tx.currency)} decimals`, {
          max_amount: num(full),
        });
      }
    }
    const blocked = await takeUpTo(q, tx.account_id, tx.currency, amount, { hold: true });
    const account = await sb.directory.account(tx.account_id);
    const payer = (tx.details.payer ?? {}) as { name?: string; document?: string };
    const now = sb.clock.date();
    const id = newId();
    const row: InfractionRow = {
      infraction_id: id,
      account_id: tx.account_id,
      transaction_row_id: tx.id,
      transaction_id: tx.transaction_id,
      type: body.type,
      status: "open",
      amount: amount.toFixed(),
      currency: tx.currency,
      blocked_amount: blocked.toFixed(),
      debited_amount: null,
      e2e_id: tx.e2e_id,
      reason: body.reason ?? null,
      debtor: { name: payer.name ?? null, document: payer.document ?? null },
      creditor: { name: account?.name ?? null, document: account?.document ?? null, username: account?.username ?? null },
      outcome: null,
      deadline_at: new Date(now.getTime() + INFRACTION_DEADLINE_SECONDS * 1000),
      resolved_at: null,
      created_at: now,
      updated_at: now,
    };
    await q.query(
      `insert into infractions (infraction_id, account_id, transaction_row_id, transaction_id, type, status, amount, currency, blocked_amount, e2e_id, reason,
         debtor, creditor, deadline_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9::numeric, $10, $11, $12::jsonb, $13::jsonb, $14::timestamptz, $15::timestamptz, $15::timestamptz)`,
      [id, row.account_id, tx.id, tx.transaction_id, row.type, row.status, amount, row.currency, blocked, row.e2e_id, row.reason, row.debtor, row.creditor, row.deadline_at, now],
    );
    await out.add(q, now, {
      accountId: tx.account_id,
      clientId: tx.client_id,
      url: tx.postback_url,
      event: "chargeback.opened",
      transactionId: tx.transaction_id,
      infractionId: id,
      payload: chargebackPayload("chargeback.opened", row),
    });
    return infractionDetailJson(row, []);
  });
}

export type Outcome = "won" | "lost" | "canceled";

export async function resolveInfraction(sb: Sandbox, infractionId: string, outcome: Outcome) {
  return withOutbox(sb.db, sb.webhooks, async (q, out) => {
    const r = await loadInfraction(q, infractionId, { lock: true });
    if (!r) throw new ApiError("NOT_FOUND", `no infraction ${infractionId}`);
    if (r.status === "resolved") {
      throw new ApiError("INVALID_VALUE", `infraction ${infractionId} is already resolved (${r.outcome})`, { field: "infraction_id", status: r.status, outcome: r.outcome }, { status: 409 });
    }
    const blocked = dec(r.blocked_amount);
    let debited: Decimal | null = null;
    if (outcome === "lost") {
      if (blocked.greaterThan(0)) await settleBlocked(q, r.account_id, r.currency, blocked);
      const shortfall = dec(r.amount).minus(blocked);
      const taken = shortfall.greaterThan(0) ? await takeUpTo(q, r.account_id, r.currency, shortfall, { hold: false }) : dec(0);
      debited = blocked.plus(taken);
    } else if (blocked.greaterThan(0)) {
      await release(q, r.account_id, r.currency, blocked);
    }
    const now = sb.clock.date();
    await q.query(
      "update infractions set status = 'resolved', outcome = $2, debited_amount = $3::numeric, resolved_at = $4::timestamptz, updated_at = $4::timestamptz where infraction_id = $1",
      [infractionId, outcome, debited, now],
    );
    const next: InfractionRow = { ...r, status: "resolved", outcome, debited_amount: debited?.toFixed() ?? null, resolved_at: now, updated_at: now };
    const target = await targetOf(q, r.transaction_row_id);
    const event = `chargeback.${outcome}`;
    await out.add(q, now, {
      accountId: r.account_id,
      clientId: target.clientId,
      url: target.url,
      event,
      transactionId: r.transaction_id,
      infractionId,
      payload: chargebackPayload(event, next),
    });
    return infractionDetailJson(next, await repliesOf(q, infractionId));
  });
}
