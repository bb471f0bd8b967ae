/**
 * Money in the sandbox: decimal.js (the shared `Money` clone) in TypeScript, NUMERIC(38,18) in SQL.
 * JSON numbers only at the API boundary, as the spec demands ("amount: number").
 */
import Decimal from "decimal.js";
import { Money } from "@/lib/payments/money";
import { CURRENCY_DECIMALS, type Currency as AnyCurrency } from "@/lib/payments/currencies";
import type { FeeRow } from "./config";

export { Money };
export type { Decimal };

export const dec = (v: Decimal.Value): Decimal => new Money(v);

export const scaleOf = (currency: string): number => CURRENCY_DECIMALS[currency as AnyCurrency] ?? 18;

/** A JSON number for a response (the spec's amounts are numbers), from the exact decimal. */
export const num = (v: Decimal.Value): number => Number(new Money(v).toFixed());

/** Nullable variant for optional NUMERIC columns. */
export const numOrNull = (v: Decimal.Value | null | undefined): number | null => (v === null || v === undefined ? null : num(v));

/** The crypto cash-in answers its amount as a decimal string: plain notation, no trailing zeros. */
export const decimalString = (v: Decimal.Value): string => new Money(v).toFixed();

/** Rounds to the currency's scale, half to even (lib/payments/money.ts). */
export const roundTo = (v: Decimal, currency: string): Decimal => v.toDecimalPlaces(scaleOf(currency), Decimal.ROUND_HALF_EVEN);

/** Rounds down to the currency's scale (what the customer receives is never rounded up). */
export const floorTo = (v: Decimal, currency: string): Decimal => v.toDecimalPlaces(scaleOf(currency), Decimal.ROUND_DOWN);

/**
 * fee = max(amount × percentage / 100 + fixed, minimum), rounded to the currency's scale and never
 * above the amount (so amount_net = amount − fee is never negative).
 */
export function computeFee(row: Pick<FeeRow, "percentage" | "fixed" | "minimum">, amount: Decimal, currency: string): Decimal {
  let fee = amount.times(row.percentage).dividedBy(100).plus(row.fixed);
  if (fee.lessThan(row.minimum)) fee = dec(row.minimum);
  fee = roundTo(fee, currency);
  return Decimal.min(fee, amount);
}
