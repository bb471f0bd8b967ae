/**
 * How much of each limit the account has used today and this month, summed in SQL (NUMERIC, exact)
 * over the transaction mirror, and matched to the limits the API answered.
 *
 * What counts, and when: the spec does not say. We count as the sandbox does (sandbox/limits.ts,
 * the contract choice): an operation counts against its currency's limit of the same operation
 * from its creation, unless it failed, was cancelled or expired; sent internal transfers count as
 * "transfer", cash-outs as "cashout", conversions (in their base currency) as "conversion", charges
 * as "cashin"; wallet deposits and received transfers count against nothing. Days and months are
 * UTC. The mirror only knows what the last sync or webhook read back, so it can lag the API by up
 * to a sync interval; the page says when it was synced, and shows the API's own count beside it
 * when the API answers one.
 */
import { and, eq, gte, lt, notInArray, sql } from "drizzle-orm";
import Decimal from "decimal.js";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import type { ApiEnvironment } from "@/lib/db/schema";
import type { LimitEntry } from "./normalize";

/** Statuses whose amount no longer counts against a limit. */
export const NOT_COUNTED = ["failed", "cancelled", "expired"] as const;

export type UsageWindow = { dayStart: string; dayEnd: string; monthStart: string; monthEnd: string };

/** Today and this month in UTC, as [start, end) instants. */
export function usageWindow(now: Date): UsageWindow {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const iso = (ms: number) => new Date(ms).toISOString();
  return { dayStart: iso(Date.UTC(y, m, d)), dayEnd: iso(Date.UTC(y, m, d + 1)), monthStart: iso(Date.UTC(y, m, 1)), monthEnd: iso(Date.UTC(y, m + 1, 1)) };
}

export type MirrorUsageRow = { operation: string; currency: string; today: string; month: string };

/** Per (operation, currency): the amounts created today and this month that still count. */
export async function mirrorUsage(db: Db, target: { organizationId: string; environment: ApiEnvironment }, now: Date = new Date()): Promise<{ window: UsageWindow; rows: MirrorUsageRow[] }> {
  const t = schema.transactions;
  const w = usageWindow(now);
  // Literals only inside the CASE (no bound parameters), grouped by position: rows that count against
  // no limit (wallet deposits, received transfers) come out with a null operation and are left out.
  const operation = sql<string | null>`case
      when ${t.type} = 'conversion' or ${t.source} = 'conversion' then 'conversion'
      when ${t.type} = 'cashout' and ${t.source} = 'internal_transfer' then 'transfer'
      when ${t.type} = 'cashout' then 'cashout'
      when ${t.type} = 'cashin' and coalesce(${t.source}, '') not in ('internal_transfer', 'wallet_deposit') then 'cashin'
    end`;
  const rows = await db
    .select({
      operation,
      currency: sql<string>`upper(${t.currency})`,
      today: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.apiCreatedAt} >= ${w.dayStart}::timestamptz and ${t.apiCreatedAt} < ${w.dayEnd}::timestamptz), 0)::text`,
      month: sql<string>`coalesce(sum(${t.amount}), 0)::text`,
    })
    .from(t)
    .where(
      and(
        eq(t.organizationId, target.organizationId),
        eq(t.environment, target.environment),
        gte(t.apiCreatedAt, new Date(w.monthStart)),
        lt(t.apiCreatedAt, new Date(w.monthEnd)),
        notInArray(t.status, [...NOT_COUNTED]),
        sql`${t.amount} is not null and ${t.currency} is not null`,
      ),
    )
    .groupBy(sql`1, 2`)
    .orderBy(sql`2, 1`);
  return {
    window: w,
    rows: rows
      .filter((r): r is MirrorUsageRow => r.operation !== null)
      // NUMERIC's text keeps the scale of its inputs ("12.340"); the page wants the value.
      .map((r) => ({ operation: r.operation, currency: r.currency, today: new Decimal(r.today).toFixed(), month: new Decimal(r.month).toFixed() })),
  };
}

/** A limit with what the mirror counts against it (null: the mirror cannot say). */
export type LimitLine = LimitEntry & { mirror: { today: string; month: string } | null };

/**
 * Puts the mirror's sums beside the limits they count against: by operation and currency, for
 * limits that are not per method (the mirror's methods are not the limits' vocabulary). Usage of an
 * operation the API answered no limit for is shown too, with its limits "not provided". `usage` null:
 * the mirror has not been synced yet, so it cannot say anything.
 */
export function attachUsage(entries: LimitEntry[], usage: MirrorUsageRow[] | null): LimitLine[] {
  const key = (operation: string, currency: string) => `${operation}|${currency.toUpperCase()}`;
  const rows = new Map((usage ?? []).map((r) => [key(r.operation, r.currency), r]));
  const matched = new Set<string>();
  const lines: LimitLine[] = entries.map((e) => {
    if (!usage || !e.operation || !e.currency || e.method) return { ...e, mirror: null };
    const k = key(e.operation, e.currency);
    matched.add(k);
    const r = rows.get(k);
    return { ...e, mirror: { today: r?.today ?? "0", month: r?.month ?? "0" } };
  });
  for (const [k, r] of rows) {
    if (matched.has(k) || (new Decimal(r.today).isZero() && new Decimal(r.month).isZero())) continue;
    lines.push({
      currency: r.currency,
      operation: r.operation,
      method: null,
      perOperationMin: null,
      perOperationMax: null,
      dailyMax: null,
      dailyUsed: null,
      monthlyMax: null,
      monthlyUsed: null,
      extra: [],
      mirror: { today: r.today, month: r.month },
    });
  }
  return lines;
}

/**
 * The share of a limit used, in percent with one decimal, rounded down (a limit is never shown as
 * reached before it is); null when the limit is not a positive amount.
 */
export function usedPercent(used: string, max: string): string | null {
  const m = new Decimal(max);
  if (!m.isFinite() || m.lte(0)) return null;
  return new Decimal(used).div(m).times(100).toDecimalPlaces(1, Decimal.ROUND_DOWN).toFixed();
}

/** The same share clamped to 0…100, for the width of a bar. */
export function barPercent(used: string, max: string): string | null {
  const p = usedPercent(used, max);
  if (p === null) return null;
  return Decimal.min(100, Decimal.max(0, p)).toFixed();
}

/** Whether any amount is above zero (a currency with activity is shown opened). */
export function anyPositive(values: (string | null | undefined)[]): boolean {
  return values.some((v) => v != null && new Decimal(v).gt(0));
}
