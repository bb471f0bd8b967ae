/**
 * The ledger: one row per account and currency with available, blocked and pending amounts
 * (NUMERIC(38,18)). Every change is one atomic UPDATE inside the caller's transaction; a debit is
 * conditional (`WHERE available >= amount`), so two concurrent debits can never overdraw, and a
 * CHECK constraint keeps every column non-negative as a last guard.
 *
 * Meaning of the columns (spec "Balance and account": balance = available, balance_locked = blocked):
 * - available: spendable;
 * - blocked: held by an operation in flight (a cash-out from creation until it settles or fails) or
 *   by compliance (an open PIX infraction);
 * - pending: incoming money not yet available (part 2: deposits awaiting confirmations).
 */
import type Decimal from "decimal.js";
import type { Sql } from "./db/sql";
import { ApiError } from "./errors";
import { dec, num } from "./money";

export type BalanceRow = { currency: string; available: string; blocked: string; pending: string };

export async function balancesOf(q: Sql, accountId: string): Promise<BalanceRow[]> {
  return q.query<BalanceRow>("select currency, available, blocked, pending from balances where account_id = $1 order by currency", [accountId]);
}

/**
 * Takes `amount` out of available (into blocked when `hold` is true: a cash-out in flight), or throws
 * INSUFFICIENT_BALANCE (422) with the available amount.
 */
export async function debit(q: Sql, accountId: string, currency: string, amount: Decimal, opts: { hold: boolean }): Promise<void> {
  const rows = await q.query(
    opts.hold
      ? "update balances set available = available - $3::numeric, blocked = blocked + $3::numeric where account_id = $1 and currency = $2 and available >= $3::numeric returning available"
      : "update balances set available = available - $3::numeric where account_id = $1 and currency = $2 and available >= $3::numeric returning available",
    [accountId, currency, amount],
  );
  if (rows.length === 1) return;
  const cur = await q.query<{ available: string }>("select available from balances where account_id = $1 and currency = $2", [accountId, currency]);
  throw new ApiError("INSUFFICIENT_BALANCE", `insufficient ${currency} balance`, {
    currency,
    available: num(cur[0]?.available ?? "0"),
    required: num(amount),
  });
}

/** Adds `amount` to available (the row is created when the account has none for the currency). */
export async function credit(q: Sql, accountId: string, currency: string, amount: Decimal): Promise<void> {
  await q.query(
    `insert into balances (account_id, currency, available) values ($1, $2, $3::numeric)
     on conflict (account_id, currency) do update set available = balances.available + excluded.available`,
    [accountId, currency, amount],
  );
}

/** blocked → available (a failed or refunded cash-out, an infraction won or canceled). */
export async function release(q: Sql, accountId: string, currency: string, amount: Decimal): Promise<void> {
  const rows = await q.query(
    "update balances set blocked = blocked - $3::numeric, available = available + $3::numeric where account_id = $1 and currency = $2 and blocked >= $3::numeric returning blocked",
    [accountId, currency, amount],
  );
  if (rows.length !== 1) throw new Error(`ledger: ${accountId} has less than ${amount.toFixed()} ${currency} blocked`);
}

/** blocked → gone (a settled cash-out, an infraction lost). */
export async function settleBlocked(q: Sql, accountId: string, currency: string, amount: Decimal): Promise<void> {
  const rows = await q.query(
    "update balances set blocked = blocked - $3::numeric where account_id = $1 and currency = $2 and blocked >= $3::numeric returning blocked",
    [accountId, currency, amount],
  );
  if (rows.length !== 1) throw new Error(`ledger: ${accountId} has less than ${amount.toFixed()} ${currency} blocked`);
}

/**
 * Moves up to `amount` out of available: into blocked (`hold`) or out of the account. Returns what
 * moved (less than `amount` when available is short; never below zero).
 */
export async function takeUpTo(q: Sql, accountId: string, currency: string, amount: Decimal, opts: { hold: boolean }): Promise<Decimal> {
  const rows = await q.query<{ moved: string }>(
    `with cur as (select least(available, $3::numeric) as x from balances where account_id = $1 and currency = $2 for update)
     update balances b set available = b.available - cur.x${opts.hold ? ", blocked = b.blocked + cur.x" : ""}
       from cur where b.account_id = $1 and b.currency = $2 returning cur.x as moved`,
    [accountId, currency, amount],
  );
  return dec(rows[0]?.moved ?? "0");
}

export const balanceJson = (r: BalanceRow) => ({
  currency: r.currency,
  available: num(dec(r.available)),
  blocked: num(dec(r.blocked)),
  pending: num(dec(r.pending)),
});
