/**
 * POST /v2/account/transactions/list (spec "POST /v2/account/transactions/list"): every filter, page
 * (default 1) and page_size (default 50, maximum 100), newest first. Dates are UTC calendar days,
 * both ends inclusive. An empty body (or no body) lists everything.
 */
import { transactionListRequestSchema, type TransactionListRequest } from "@/lib/payment-api/schemas/transactions";
import { PAGE_SIZE_DEFAULT } from "@/lib/payment-api/schemas/common";
import { dec, num, numOrNull } from "../money";
import type { V2Route } from "../pipeline";
import type { TxRecord } from "../tx-record";

/** The columns the list reads: a slice of the row the lifecycle and the webhooks use. */
type TxRow = Omit<Pick<TxRecord, "transaction_id" | "external_id" | "type" | "source" | "method" | "status" | "currency" | "amount" | "fee" | "amount_net" | "chain" | "network" | "counter_currency" | "counter_amount" | "description" | "details" | "e2e_id" | "tx_hash" | "expires_at" | "created_at" | "updated_at">, "type"> & { type: string };

const nextDayUtc = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** The largest OFFSET asked of the database; further pages are empty. */
export const MAX_OFFSET = 1e15;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function transactionJson(r: TxRow): Record<string, unknown> {
  const d = r.details ?? {};
  const payer = (d.payer ?? null) as { name?: string; document?: string } | null;
  const boleto = d.boleto as Record<string, unknown> | undefined;
  return {
    transaction_id: r.transaction_id,
    external_id: r.external_id,
    type: r.type,
    source: r.source,
    // PIX cash-in origin (spec "source": dynamic_qr or static); the list's `source` is the filter's vocabulary
    origin: (d.origin as string | undefined) ?? null,
    status: r.status,
    amount: num(dec(r.amount)),
    fee: num(dec(r.fee)),
    amount_net: num(dec(r.amount_net)),
    currency: r.currency,
    payment_method: r.method,
    chain: r.chain,
    network: r.network,
    deposit_address: (d.deposit_address as string | undefined) ?? null,
    payer_name: payer?.name ?? null,
    payer_document: payer?.document ?? null,
    e2e_id: r.e2e_id,
    tx_hash: r.tx_hash,
    description: r.description,
    ...(r.counter_currency !== null && { counter_currency: r.counter_currency, counter_amount: numOrNull(r.counter_amount) }),
    ...(d.direction !== undefined && { direction: d.direction, from_user: d.from_user, to_user: d.to_user }),
    ...(boleto !== undefined && { boleto }),
    expires_at: iso(r.expires_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export const transactionListRoute: V2Route<TransactionListRequest> = {
  method: "POST",
  path: "/v2/account/transactions/list",
  schema: transactionListRequestSchema,
  async handle({ sb, account, body }) {
    const page = body.page ?? 1;
    const pageSize = body.page_size ?? PAGE_SIZE_DEFAULT;
    const where = ["account_id = $1"];
    const params: unknown[] = [account.id];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace("?", `$${params.length}`));
    };
    if (body.status) add("status = ?", body.status);
    if (body.type) add("type = ?", body.type);
    if (body.source) add("source = ?", body.source);
    if (body.currency) add("currency = ?", body.currency);
    if (body.from_date) add("created_at >= ?::timestamptz", `${body.from_date}T00:00:00.000Z`);
    if (body.to_date) add("created_at < ?::timestamptz", nextDayUtc(body.to_date));
    if (body.transaction_id) add("transaction_id = ?", body.transaction_id);
    if (body.external_id) add("external_id = ?", body.external_id);
    // A page past any real data (10^12 and beyond) is an empty page, not an overflow.
    if ((page - 1) * pageSize > MAX_OFFSET) return { status: 200, data: { items: [], page, page_size: pageSize, has_next: false, has_prev: true } };
    params.push(pageSize + 1, (page - 1) * pageSize);
    const rows = await sb.db.query<TxRow>(
      `select transaction_id, external_id, type, source, method, status, currency, amount, fee, amount_net, chain, network,
              counter_currency, counter_amount, description, details, e2e_id, tx_hash, expires_at, created_at, updated_at
         from transactions where ${where.join(" and ")}
        order by created_at desc, id desc
        limit $${params.length - 1}::int offset $${params.length}::bigint`,
      params,
    );
    const hasNext = rows.length > pageSize;
    return {
      status: 200,
      data: { items: rows.slice(0, pageSize).map(transactionJson), page, page_size: pageSize, has_next: hasNext, has_prev: page > 1 },
    };
  },
};
