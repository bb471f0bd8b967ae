/**
 * What the Overview reads from the transaction mirror and the reconciliation findings: plain DTOs,
 * the organisation and environment always explicit. Money stays NUMERIC in SQL and travels as exact
 * decimal strings.
 */
import { and, count, desc, eq, isNull, max, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { inScope, type Db, type Scope } from "@/lib/db/scope";
import { rowsOf } from "@/lib/api-context/rate-budget";
import { counterpartyOf, payoutsByTransaction } from "@/lib/transactions/counterparty";

export type ActivityDay = {
  /** the calendar day in the member's market time zone, YYYY-MM-DD */
  day: string;
  /** sums of the completed (confirmed) cash-ins and cash-outs of that day, exact decimal strings ("0" when none) */
  cashin: string;
  cashout: string;
  /** how many cash-ins and cash-outs completed that day */
  completed: number;
  /** how many failed, expired or were cancelled that day */
  unsuccessful: number;
};

/**
 * Cash-in and cash-out activity in `currency` per day over the last `days` days (today included),
 * grouped by the calendar day in `timeZone`, by when the API created each transaction. Every day of
 * the span is present; a day without activity sums to zero. Conversions are neither and stay out; a
 * refunded payment is no longer completed and counts in neither figure; a pending one waits.
 */
export async function dailyActivity(
  db: Db,
  target: Scope,
  q: { currency: string; days: number; timeZone: string; now?: Date },
): Promise<ActivityDay[]> {
  const now = (q.now ?? new Date()).toISOString();
  const days = Math.max(1, Math.floor(q.days));
  // The day boundaries are midnights in the member's zone, so the range filter on api_created_at
  // (indexed with organisation, environment and currency) covers exactly the days shown.
  const result = await db.execute(sql`
    with bounds as (
      select (timezone(${q.timeZone}::text, ${now}::timestamptz))::date as today
    ),
    days as (
      select (b.today - g.i)::date as day
      from bounds b, generate_series(0, ${days - 1}::int) as g(i)
    ),
    activity as (
      select timezone(${q.timeZone}::text, t.api_created_at)::date as day,
             sum(t.amount) filter (where t.status = 'confirmed' and t.type = 'cashin') as cashin,
             sum(t.amount) filter (where t.status = 'confirmed' and t.type = 'cashout') as cashout,
             count(*) filter (where t.status = 'confirmed')::int as completed,
             count(*) filter (where t.status in ('failed', 'expired', 'cancelled'))::int as unsuccessful
      from transactions t, bounds b
      where t.organization_id = ${target.organizationId}
        and t.environment = ${target.environment}
        and t.currency = ${q.currency}
        and t.type in ('cashin', 'cashout')
        and t.api_created_at >= ((b.today - ${days - 1}::int)::timestamp at time zone ${q.timeZone}::text)
        and t.api_created_at < ((b.today + 1)::timestamp at time zone ${q.timeZone}::text)
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(v.cashin, 0)::text as cashin,
           coalesce(v.cashout, 0)::text as cashout,
           coalesce(v.completed, 0)::int as completed,
           coalesce(v.unsuccessful, 0)::int as unsuccessful
    from days d left join activity v on v.day = d.day
    order by d.day`);
  return rowsOf<{ day: string; cashin: string; cashout: string; completed: number; unsuccessful: number }>(result).map((r) => ({
    day: r.day,
    cashin: r.cashin,
    cashout: r.cashout,
    completed: Number(r.completed),
    unsuccessful: Number(r.unsuccessful),
  }));
}

export type VolumeCurrency = { currency: string; confirmed: number };

/**
 * The currencies of the mirror, those with the most confirmed cash-ins and cash-outs over the last
 * `days` days first. Counting transactions rather than adding amounts compares currencies fairly:
 * one bitcoin and one real are not the same size.
 */
export async function volumeCurrencies(db: Db, target: Scope, q: { days: number; now?: Date }): Promise<VolumeCurrency[]> {
  const t = schema.transactions;
  const since = new Date((q.now ?? new Date()).getTime() - q.days * 86_400_000);
  const confirmed = sql<number>`count(*) filter (where ${t.status} = 'confirmed' and ${t.type} in ('cashin', 'cashout') and ${t.apiCreatedAt} >= ${since.toISOString()}::timestamptz)::int`;
  const rows = await db
    .select({ currency: t.currency, confirmed })
    .from(t)
    .where(and(inScope(t, target), sql`${t.currency} is not null`))
    .groupBy(t.currency)
    .orderBy(desc(confirmed), t.currency);
  return rows.map((r) => ({ currency: r.currency!, confirmed: Number(r.confirmed) }));
}

export type LatestRowDto = {
  transactionId: string;
  type: string | null;
  source: string | null;
  method: string | null;
  status: string;
  reportedStatus: string | null;
  amount: string | null;
  currency: string | null;
  /** who paid (money in) or was paid (money out), as the Transactions list names them (lib/transactions/counterparty.ts) */
  counterparty: string | null;
  description: string | null;
  createdAt: string;
};

/** The newest transactions of the mirror, with who is on the other side of each. */
export async function latestRows(db: Db, target: Scope, limit = 8): Promise<LatestRowDto[]> {
  const t = schema.transactions;
  const rows = await db
    .select({
      transactionId: t.transactionId,
      type: t.type,
      source: t.source,
      method: t.method,
      status: t.status,
      reportedStatus: t.reportedStatus,
      amount: t.amount,
      currency: t.currency,
      payerName: t.payerName,
      payerDocument: t.payerDocument,
      description: t.description,
      // A transfer's usernames, not the whole raw answer.
      fromUser: sql<string | null>`${t.raw}->>'from_user'`,
      toUser: sql<string | null>`${t.raw}->>'to_user'`,
      apiCreatedAt: t.apiCreatedAt,
      firstSeenAt: t.firstSeenAt,
    })
    .from(t)
    .where(inScope(t, target))
    .orderBy(sql`${t.apiCreatedAt} desc nulls last`, desc(t.transactionId))
    .limit(limit);
  const payouts = await payoutsByTransaction(db, target, rows.filter((r) => r.type === "cashout").map((r) => r.transactionId));
  return rows.map(({ apiCreatedAt, firstSeenAt, payerName, payerDocument, fromUser, toUser, description, ...r }) => {
    const payout = payouts.get(r.transactionId) ?? null;
    const counterparty = counterpartyOf({ type: r.type, source: r.source, payerName, payerDocument, raw: { from_user: fromUser, to_user: toUser } }, payout);
    return { ...r, counterparty, description: description ?? payout?.description ?? null, createdAt: (apiCreatedAt ?? firstSeenAt).toISOString() };
  });
}

/** Reconciliation findings still open for the organisation and environment, and when they were last checked. */
export async function openFindings(db: Db, target: Scope): Promise<{ count: number; checkedAt: string | null }> {
  const f = schema.reconciliationFindings;
  const [row] = await db
    .select({ n: count(), checkedAt: max(f.checkedAt) })
    .from(f)
    .where(and(inScope(f, target), eq(f.status, "open"), isNull(f.resolvedAt)));
  const checkedAt = row?.checkedAt ?? null;
  return { count: Number(row?.n ?? 0), checkedAt: checkedAt ? new Date(checkedAt).toISOString() : null };
}
