/**
 * Per-account fee and limit configuration (tables fee_configs, limit_configs; cached per account) and
 * the daily / monthly usage counters.
 *
 * Usage: every operation counts against its (currency, operation) limit at creation; days and months
 * are UTC on the sandbox clock. The counters are held in memory and rebuilt from the transactions
 * table at start (the sandbox is one process): a reservation is taken synchronously before the
 * insert, so two concurrent requests cannot both slip under the limit, and released when the insert
 * turns out to be an idempotent replay or the operation fails.
 */
import Decimal from "decimal.js";
import type { Db } from "./db/sql";
import type { SandboxClock } from "./clock";
import type { FeeRow, LimitOperation } from "./config";
import { ApiError, limitExceeded } from "./errors";
import { dec, num } from "./money";

export type LimitRow = {
  currency: string;
  operation: LimitOperation;
  min: Decimal | null;
  max: Decimal | null;
  daily: Decimal | null;
  monthly: Decimal | null;
};

type Config = { fees: FeeRow[]; feeIndex: Map<string, FeeRow>; limits: LimitRow[]; limitIndex: Map<string, LimitRow> };

const orNull = (v: unknown): Decimal | null => (v === null || v === undefined ? null : dec(v as string));

export class AccountConfigs {
  private cache = new Map<string, Config>();

  constructor(private readonly db: Db) {}

  private async load(accountId: string): Promise<Config> {
    const hit = this.cache.get(accountId);
    if (hit) return hit;
    const feeRows = await this.db.query<{ operation: string; method: string; currency: string; percentage: string; fixed: string; minimum: string }>(
      "select operation, method, currency, percentage, fixed, minimum from fee_configs where account_id = $1 order by operation, method, currency",
      [accountId],
    );
    const limitRows = await this.db.query<Record<string, string | null>>(
      "select currency, operation, per_operation_min, per_operation_max, daily_max, monthly_max from limit_configs where account_id = $1 order by currency, operation",
      [accountId],
    );
    const fees: FeeRow[] = feeRows.map((r) => ({
      operation: r.operation,
      method: r.method === "" ? null : r.method,
      currency: r.currency as FeeRow["currency"],
      percentage: dec(r.percentage).toFixed(),
      fixed: dec(r.fixed).toFixed(),
      minimum: dec(r.minimum).toFixed(),
    }));
    const limits: LimitRow[] = limitRows.map((r) => ({
      currency: r.currency!,
      operation: r.operation as LimitOperation,
      min: orNull(r.per_operation_min),
      max: orNull(r.per_operation_max),
      daily: orNull(r.daily_max),
      monthly: orNull(r.monthly_max),
    }));
    const cfg: Config = {
      fees,
      feeIndex: new Map(fees.map((f) => [`${f.operation}|${f.method ?? ""}|${f.currency}`, f])),
      limits,
      limitIndex: new Map(limits.map((l) => [`${l.currency}|${l.operation}`, l])),
    };
    this.cache.set(accountId, cfg);
    return cfg;
  }

  async fees(accountId: string): Promise<FeeRow[]> {
    return (await this.load(accountId)).fees;
  }

  async limits(accountId: string): Promise<LimitRow[]> {
    return (await this.load(accountId)).limits;
  }

  /** The fee row of an operation; MISSING_FEE_CONFIG when the account has none. */
  async fee(accountId: string, operation: string, method: string | null, currency: string): Promise<FeeRow> {
    const f = (await this.load(accountId)).feeIndex.get(`${operation}|${method ?? ""}|${currency}`);
    if (!f) throw new ApiError("MISSING_FEE_CONFIG", `no fee is configured for ${operation} ${method ?? ""} ${currency}`.replace(/\s+/g, " "));
    return f;
  }

  async limit(accountId: string, currency: string, operation: LimitOperation): Promise<LimitRow | undefined> {
    return (await this.load(accountId)).limitIndex.get(`${currency}|${operation}`);
  }
}

/**
 * Per-operation bounds: BELOW_MIN_LIMIT (details.min_amount), EXCEEDS_MAX_LIMIT (details.max_amount).
 * On boleto creation an amount above the limit is LIMIT_EXCEEDED 403 (spec case rule 3).
 */
export function checkAmountBounds(limit: LimitRow | undefined, amount: Decimal, route: string): void {
  if (!limit) return;
  if (limit.min && amount.lessThan(limit.min)) {
    throw new ApiError("BELOW_MIN_LIMIT", `amount is below the minimum of ${limit.min.toFixed()} ${limit.currency}`, {
      field: "amount",
      min_amount: num(limit.min),
      currency: limit.currency,
    });
  }
  if (limit.max && amount.greaterThan(limit.max)) {
    const details = { field: "amount", max_amount: num(limit.max), currency: limit.currency };
    if (route === "/v2/boleto") throw limitExceeded(route, `amount is above the limit of ${limit.max.toFixed()} ${limit.currency}`, details);
    throw new ApiError("EXCEEDS_MAX_LIMIT", `amount is above the maximum of ${limit.max.toFixed()} ${limit.currency}`, details);
  }
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

export class UsageTracker {
  private used = new Map<string, Decimal>();

  private constructor(private readonly clock: SandboxClock) {}

  /** Rebuilds this month's counters from the transactions that count (not failed / cancelled / expired). */
  static async load(db: Db, clock: SandboxClock): Promise<UsageTracker> {
    const t = new UsageTracker(clock);
    const monthStart = `${monthOf(clock.now())}-01T00:00:00.000Z`;
    const rows = await db.query<{ account_id: string; currency: string; op: string; day: string; total: string }>(
      `select account_id, currency, limit_operation as op, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount)::text as total
         from transactions
        where limit_operation is not null and status not in ('failed', 'cancelled', 'expired') and created_at >= $1::timestamptz
        group by 1, 2, 3, 4`,
      [monthStart],
    );
    for (const r of rows) {
      t.add(`${r.account_id}|${r.currency}|${r.op}|d:${r.day}`, dec(r.total));
      t.add(`${r.account_id}|${r.currency}|${r.op}|m:${r.day.slice(0, 7)}`, dec(r.total));
    }
    return t;
  }

  private add(key: string, v: Decimal) {
    const next = (this.used.get(key) ?? dec(0)).plus(v);
    if (next.isZero()) this.used.delete(key);
    else this.used.set(key, next);
  }

  usage(accountId: string, currency: string, op: string): { daily: Decimal; monthly: Decimal } {
    const now = this.clock.now();
    const base = `${accountId}|${currency}|${op}`;
    return { daily: this.used.get(`${base}|d:${dayOf(now)}`) ?? dec(0), monthly: this.used.get(`${base}|m:${monthOf(now)}`) ?? dec(0) };
  }

  /**
   * Gives back the budget of an operation that no longer counts (failed, expired, cancelled), on the
   * day and month it was created.
   */
  forget(accountId: string, currency: string, op: string, amount: Decimal, createdAtMs: number): void {
    const base = `${accountId}|${currency}|${op}`;
    const dKey = `${base}|d:${dayOf(createdAtMs)}`;
    const mKey = `${base}|m:${monthOf(createdAtMs)}`;
    // never below zero (a counter rebuilt at start may not hold an amount created before the month)
    for (const k of [dKey, mKey]) {
      const cur = this.used.get(k);
      if (cur) this.add(k, Decimal.min(cur, amount).negated());
    }
  }

  /**
   * Takes `amount` from today's and this month's budget or throws LIMIT_EXCEEDED (403 on boleto, 409
   * elsewhere). Returns the release function (idempotent).
   */
  reserve(accountId: string, limit: LimitRow | undefined, amount: Decimal, route: string): () => void {
    if (!limit) return () => undefined;
    const now = this.clock.now();
    const base = `${accountId}|${limit.currency}|${limit.operation}`;
    const dKey = `${base}|d:${dayOf(now)}`;
    const mKey = `${base}|m:${monthOf(now)}`;
    const daily = this.used.get(dKey) ?? dec(0);
    const monthly = this.used.get(mKey) ?? dec(0);
    for (const [period, max, used] of [
      ["daily", limit.daily, daily],
      ["monthly", limit.monthly, monthly],
    ] as const) {
      if (max && used.plus(amount).greaterThan(max)) {
        throw limitExceeded(route, `the ${period} ${limit.operation} limit of ${max.toFixed()} ${limit.currency} would be exceeded`, {
          period,
          limit: num(max),
          used: num(used),
          currency: limit.currency,
          operation: limit.operation,
        });
      }
    }
    this.add(dKey, amount);
    this.add(mKey, amount);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.add(dKey, amount.negated());
      this.add(mKey, amount.negated());
    };
  }
}
