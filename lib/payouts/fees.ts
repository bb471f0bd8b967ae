/**
 * The fee a payout will probably cost, from the account's fee table (GET /v2/account/fees, read and
 * normalised by lib/account/normalize.ts), for the review step. It is an estimate: the API answers
 * the real fee in the payout's webhook, which the payout page then shows. Browser-safe.
 *
 * fee = max(amount × percentage / 100 + fixed, minimum), capped by a maximum when the table has one,
 * never above the amount; rounded to the currency's scale. What the recipient receives is
 * amount − fee (the API takes the fee out of the amount).
 */
import { CURRENCY_DECIMALS, type Currency } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";

export type FeeRow = { operation: string | null; method: string | null; currency: string | null; percentage: string | null; fixed: string | null; minimum: string | null; maximum: string | null };

const METHOD_OF_KIND: Record<string, string> = { pix: "PIX", spei: "SPEI", crypto: "CRYPTO", transfer: "TRANSFER" };

/** The most specific row for the operation, method and currency (null: the table says nothing). */
export function feeRowFor(rows: FeeRow[], kind: string, currency: string): FeeRow | null {
  const operation = kind === "transfer" ? "transfer" : "cashout";
  const method = METHOD_OF_KIND[kind] ?? null;
  const candidates = rows.filter(
    (r) => r.operation === operation && (r.method === null || r.method.toUpperCase() === method) && (r.currency === null || r.currency.toUpperCase() === currency),
  );
  const score = (r: FeeRow) => (r.method ? 2 : 0) + (r.currency ? 1 : 0);
  return candidates.sort((a, b) => score(b) - score(a))[0] ?? null;
}

export function estimateFee(rows: FeeRow[], kind: string, currency: string, amount: string): { fee: string; net: string } | null {
  const row = feeRowFor(rows, kind, currency);
  const a = new Money(amount);
  const scale = CURRENCY_DECIMALS[currency as Currency] ?? 2;
  if (!row) return kind === "transfer" ? { fee: "0", net: a.toFixed() } : null;
  let fee = a.times(row.percentage ?? 0).dividedBy(100).plus(row.fixed ?? 0);
  if (row.minimum !== null && fee.lt(row.minimum)) fee = new Money(row.minimum);
  if (row.maximum !== null && fee.gt(row.maximum)) fee = new Money(row.maximum);
  fee = Money.min(fee.toDecimalPlaces(scale, Money.ROUND_HALF_EVEN), a);
  return { fee: fee.toFixed(), net: a.minus(fee).toFixed() };
}
