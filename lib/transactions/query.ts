/**
 * The Transactions view over the mirror, in SQL: every filter of the spec's list plus those the API
 * lacks (payer, amount range, method, free text), sorted by date or amount, a page at a time; and
 * the same selection streamed in keyset batches for the CSV export (flat memory at any size). The
 * organisation and environment are always the first condition, so each sort is an ordered scan of
 * an index that starts with them (schema.ts).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db } from "@/lib/db/scope";
import type { ApiEnvironment } from "@/lib/db/schema";
import type { TransactionFilter, TransactionView } from "./filters";
import { counterpartyOf, flowOf, payoutsByTransaction, type Flow } from "./counterparty";
import { containsPattern, transactionTextMatch } from "@/lib/search/text";

type Row = typeof schema.transactions.$inferSelect;
const t = schema.transactions;

export type TransactionRowDto = {
  transactionId: string;
  externalId: string | null;
  type: string | null;
  source: string | null;
  method: string | null;
  status: string;
  reportedStatus: string | null;
  amount: string | null;
  fee: string | null;
  amountNet: string | null;
  currency: string | null;
  payerName: string | null;
  payerDocument: string | null;
  e2eId: string | null;
  txHash: string | null;
  createdAt: string;
  verifiedAt: string | null;
  webhookEvent: string | null;
};

/** The mirror columns a row of the list shows (wallet deposits select the same). */
export type RowSource = Pick<Row, Exclude<keyof TransactionRowDto, "createdAt" | "verifiedAt"> | "apiCreatedAt" | "firstSeenAt" | "verifiedAt">;

export function toRowDto(r: RowSource): TransactionRowDto {
  return {
    transactionId: r.transactionId,
    externalId: r.externalId,
    type: r.type,
    source: r.source,
    method: r.method,
    status: r.status,
    reportedStatus: r.reportedStatus,
    amount: r.amount,
    fee: r.fee,
    amountNet: r.amountNet,
    currency: r.currency,
    payerName: r.payerName,
    payerDocument: r.payerDocument,
    e2eId: r.e2eId,
    txHash: r.txHash,
    createdAt: (r.apiCreatedAt ?? r.firstSeenAt).toISOString(),
    verifiedAt: r.verifiedAt?.toISOString() ?? null,
    webhookEvent: r.webhookEvent,
  };
}

/** The start of a day in the market's time zone, as an instant (the filter's days are the member's). */
const dayStart = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;

export function whereOf(target: { organizationId: string; environment: ApiEnvironment }, f: TransactionFilter, timeZone: string): SQL {
  const c: (SQL | undefined)[] = [inScope(t, target)];
  if (f.statuses.length) c.push(inArray(t.status, f.statuses));
  if (f.type) c.push(eq(t.type, f.type));
  if (f.source) c.push(eq(t.source, f.source));
  if (f.method) c.push(eq(t.method, f.method));
  if (f.currency) c.push(eq(t.currency, f.currency));
  if (f.from) c.push(gte(t.apiCreatedAt, dayStart(f.from, timeZone)));
  if (f.to) c.push(sql`${t.apiCreatedAt} < ${dayStart(f.to, timeZone)} + interval '1 day'`);
  if (f.transactionId) c.push(eq(t.transactionId, f.transactionId));
  if (f.externalId) c.push(eq(t.externalId, f.externalId));
  if (f.minAmount) c.push(gte(t.amount, f.minAmount));
  if (f.maxAmount) c.push(lte(t.amount, f.maxAmount));
  if (f.payer) {
    const digits = f.payer.replace(/[.\-/\s]/g, "");
    c.push(or(ilike(t.payerName, containsPattern(f.payer)), ilike(t.payerDocument, containsPattern(digits))));
  }
  if (f.q) {
    // Any of the searched columns contains it: one expression, read through its trigram index (lib/search/text.ts).
    const match = transactionTextMatch(f.q);
    if (match) c.push(match);
  }
  return and(...c)!;
}

const amountKey = sql`coalesce(${t.amount}, 0)`;

function orderOf(sort: TransactionView["sort"]): SQL[] {
  const dir = sort.endsWith(".asc") ? asc : desc;
  return sort.startsWith("amount") ? [dir(amountKey), dir(t.apiCreatedAt), dir(t.transactionId)] : [dir(t.apiCreatedAt), dir(t.transactionId)];
}

/** A row of the list: the mirror's row, which way the money went, who is on the other side, and its description. */
export type TransactionListRow = TransactionRowDto & { flow: Flow; counterparty: string | null; description: string | null };

export type TransactionPage = { rows: TransactionListRow[]; total: number; page: number; pageSize: number; pages: number };

export async function listTransactions(db: Db, target: { organizationId: string; environment: ApiEnvironment }, view: TransactionView, timeZone: string): Promise<TransactionPage> {
  const where = whereOf(target, view, timeZone);
  const [[n], rows] = await Promise.all([
    db.select({ n: count() }).from(t).where(where),
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(...orderOf(view.sort))
      .limit(view.pageSize)
      .offset((view.page - 1) * view.pageSize),
  ]);
  const total = Number(n?.n ?? 0);
  const payouts = await payoutsByTransaction(db, target, rows.filter((r) => r.type === "cashout").map((r) => r.transactionId));
  const listed = rows.map((r): TransactionListRow => {
    const payout = payouts.get(r.transactionId) ?? null;
    return { ...toRowDto(r), flow: flowOf(r), counterparty: counterpartyOf(r, payout), description: r.description ?? payout?.description ?? null };
  });
  return { rows: listed, total, page: view.page, pageSize: view.pageSize, pages: Math.max(1, Math.ceil(total / view.pageSize)) };
}

export async function countTransactions(db: Db, target: { organizationId: string; environment: ApiEnvironment }, f: TransactionFilter, timeZone: string): Promise<number> {
  const [n] = await db.select({ n: count() }).from(t).where(whereOf(target, f, timeZone));
  return Number(n?.n ?? 0);
}

export async function transactionById(db: Db, target: { organizationId: string; environment: ApiEnvironment }, transactionId: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(inScope(t, target), eq(t.transactionId, transactionId)));
  return row ?? null;
}

/**
 * The whole selection in the view's order, `batch` rows at a time, each batch continuing after the
 * last row of the one before (keyset, not OFFSET): constant work per batch and memory for one.
 */
export async function* streamTransactions(
  db: Db,
  target: { organizationId: string; environment: ApiEnvironment },
  f: TransactionFilter,
  sort: TransactionView["sort"],
  timeZone: string,
  batch = 1000,
): AsyncGenerator<Row[]> {
  const where = whereOf(target, f, timeZone);
  const ascending = sort.endsWith(".asc");
  const byAmount = sort.startsWith("amount");
  let last: Row | null = null;
  for (;;) {
    let after: SQL | undefined;
    if (last) {
      const op = sql.raw(ascending ? ">" : "<");
      after = byAmount
        ? sql`(${amountKey}, ${t.apiCreatedAt}, ${t.transactionId}) ${op} (coalesce(${last.amount}::numeric, 0), ${last.apiCreatedAt}, ${last.transactionId})`
        : sql`(${t.apiCreatedAt}, ${t.transactionId}) ${op} (${last.apiCreatedAt}, ${last.transactionId})`;
    }
    const rows: Row[] = await db
      .select()
      .from(t)
      .where(after ? and(where, after) : where)
      .orderBy(...orderOf(sort))
      .limit(batch);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    last = rows[rows.length - 1]!;
  }
}

/**
 * The currencies the mirror holds, for the filter's choices: a skip scan of the (organisation,
 * environment, currency, date) index, one probe per currency instead of a pass over every row.
 */
export async function mirrorCurrencies(db: Db, target: { organizationId: string; environment: ApiEnvironment }): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive c(v) as (
      select min(currency) from transactions where organization_id = ${target.organizationId} and environment = ${target.environment}
      union all
      select (select min(currency) from transactions where organization_id = ${target.organizationId} and environment = ${target.environment} and currency > c.v)
      from c where c.v is not null
    )
    select v from c where v is not null`);
  return (result as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
}
