/**
 * The fee a payout will probably cost, from the account's fee table (GET /v2/account/fees, read and
 * normalised by lib/account/normalize.ts), for the review step. It is an estimate: the API answers
 * the real fee in the payout's webhook, which the payout page then shows. Browser-safe.
 *
 * fee = max(amount × percentage / 100 + fixed, minimum), capped by a maximum when the table has one,
 * never above the amount; rounded to the currency's scale. What the recipient receives is
 * amount − fee (the API takes the fee out of the amount).
 *
 * Brazilian bank apps work the other way round: the amount typed is what arrives. `amountForNet` finds
 * the amount to send so that a given sum arrives: the smallest amount, in the currency's cents, whose
 * estimated net is at least that sum (so the recipient never gets less).
 */
import { CURRENCY_DECIMALS, type Currency } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";
import type { AmountMode } from "@/lib/payouts/vocabulary";

export { AMOUNT_MODES, type AmountMode } from "@/lib/payouts/vocabulary";

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

/**
 * The amount to send so that `net` arrives after the fee of the table's row (null: the table says
 * nothing, or no amount can carry that net). The net of an amount never falls as the amount grows by
 * one cent (the fee grows by at most that cent), so the smallest such amount is found by bisection
 * over whole cents; the answer is exact against estimateFee.
 */
export function amountForNet(rows: FeeRow[], kind: string, currency: string, net: string): { amount: string; fee: string } | null {
  const row = feeRowFor(rows, kind, currency);
  const target = new Money(net);
  if (target.lte(0)) return null;
  if (!row) return kind === "transfer" ? { amount: target.toFixed(), fee: "0" } : null;
  const percentage = new Money(row.percentage ?? 0);
  if (percentage.gte(100)) return null;
  const scale = CURRENCY_DECIMALS[currency as Currency] ?? 2;
  const unit = new Money(1).dividedBy(new Money(10).pow(scale));
  const netOf = (a: Money) => new Money(estimateFee(rows, kind, currency, a.toFixed())!.net);
  // An amount surely large enough: the net plus every fixed part, grossed up by the percentage.
  let high = target
    .plus(row.fixed ?? 0)
    .plus(row.minimum ?? 0)
    .dividedBy(new Money(1).minus(percentage.dividedBy(100)))
    .toDecimalPlaces(scale, Money.ROUND_UP)
    .plus(unit);
  if (netOf(high).lt(target)) return null;
  let low = target.minus(unit); // its net is below the target (a net never exceeds its amount)
  while (high.minus(low).gt(unit)) {
    const mid = low.plus(high).dividedBy(2).dividedBy(unit).floor().times(unit);
    if (netOf(mid).gte(target)) high = mid;
    else low = mid;
  }
  return { amount: high.toFixed(), fee: high.minus(netOf(high)).toFixed() };
}

/**
 * The three figures of a payout from the amount typed and what it means: `amount` is what is sent
 * (and debited), `fee` and `net` what the table says of it (null: the table says nothing). Null when
 * "receive" cannot be worked out (no fee row for it).
 */
export function payoutAmounts(rows: FeeRow[], kind: string, currency: string, typed: string, mode: AmountMode): { amount: string; fee: string | null; net: string | null } | null {
  if (mode === "receive") {
    const gross = amountForNet(rows, kind, currency, typed);
    return gross ? { amount: gross.amount, fee: gross.fee, net: new Money(typed).toFixed() } : null;
  }
  const estimate = estimateFee(rows, kind, currency, typed);
  return { amount: new Money(typed).toFixed(), fee: estimate?.fee ?? null, net: estimate?.net ?? null };
}
