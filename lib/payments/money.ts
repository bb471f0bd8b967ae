/**
 * Decimal money helpers. Amounts are never handled as binary floats: a JSON
 * number is converted to a decimal once, at the edge, and everything after
 * that uses decimal.js.
 */
import Decimal from "decimal.js";
import { type Result, type CodecError, ok, err } from "./result";
import { type Currency, CURRENCY_DECIMALS, CASH_IN_MINIMUMS } from "./currencies";

/**
 * Our Decimal constructor. 50 significant digits covers 18-decimal tokens up
 * to 10^32 units with room to spare. Rounding is half-to-even ("banker's
 * rounding"), the rule of ABNT NBR 5891 (Brazilian decimal rounding) and IEEE
 * 754's default: it does not drift upwards when many amounts are rounded.
 * toExpNeg/toExpPos keep `toString()` in plain notation for every amount we
 * can parse.
 */
export const Money = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Money = Decimal;

/** Longest decimal string accepted (digits, sign and point), well above any real amount. */
export const MAX_AMOUNT_STRING_LENGTH = 64;

/**
 * Plain decimal notation only: optional minus, no leading zeros (JSON's rule),
 * optional fraction. No exponent, so "1e999999999" cannot make us allocate or
 * loop; no "+", no thousand separators, no surrounding whitespace.
 */
const DECIMAL_STRING = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

export type MoneyErrorCode =
  | "NOT_A_NUMBER"
  | "NOT_FINITE"
  | "UNSAFE_NUMBER"
  | "INVALID_FORMAT"
  | "TOO_LONG"
  | "NEGATIVE"
  | "ZERO"
  | "TOO_MANY_DECIMALS";
export type MoneyError = CodecError<MoneyErrorCode>;

export type ParseAmountOptions = {
  /** Accept negative amounts (default false: request amounts are positive). */
  allowNegative?: boolean;
  /** Accept zero (default true). */
  allowZero?: boolean;
  /** Reject more decimal places than this. */
  maxDecimals?: number;
  /** Shorthand for maxDecimals = the currency's scale (currencies.ts). */
  currency?: Currency;
};

/**
 * Parses an amount from a JSON value (number or string), a bigint or a Decimal.
 *
 * Numbers: must be finite, and at most Number.MAX_SAFE_INTEGER in magnitude,
 * because past 2^53 a JSON number has already lost digits before we see it.
 * Their shortest round-trip form is used, so 0.1 becomes exactly 0.1.
 * Strings: plain decimal notation only (see DECIMAL_STRING).
 */
export function parseAmount(input: unknown, options: ParseAmountOptions = {}): Result<Decimal, MoneyError> {
  let value: Decimal;
  if (typeof input === "number") {
    if (Number.isNaN(input)) return err("NOT_FINITE", "Amount is NaN.");
    if (!Number.isFinite(input)) return err("NOT_FINITE", "Amount must be a finite number.");
    if (Math.abs(input) > Number.MAX_SAFE_INTEGER) {
      return err("UNSAFE_NUMBER", "Amount is too large to be sent as a JSON number without losing digits; send it as a string.");
    }
    value = new Money(input);
  } else if (typeof input === "string") {
    if (input.length > MAX_AMOUNT_STRING_LENGTH) {
      return err("TOO_LONG", `Amount has more than ${MAX_AMOUNT_STRING_LENGTH} characters.`);
    }
    if (!DECIMAL_STRING.test(input)) {
      return err("INVALID_FORMAT", "Amount must be written as plain decimal digits with an optional '.' (e.g. \"10.50\"), without exponent, sign '+', spaces or thousand separators.");
    }
    value = new Money(input);
  } else if (typeof input === "bigint") {
    value = new Money(input.toString());
  } else if (Decimal.isDecimal(input)) {
    if (!input.isFinite()) return err("NOT_FINITE", "Amount must be finite.");
    value = new Money(input);
  } else {
    return err("NOT_A_NUMBER", "Amount must be a number or a decimal string.");
  }
  if (value.isZero()) value = new Money(0); // -0 and "-0.00" become 0
  if (value.isNegative() && !options.allowNegative) return err("NEGATIVE", "Amount must not be negative.");
  if (value.isZero() && options.allowZero === false) return err("ZERO", "Amount must be greater than zero.");
  const maxDecimals = options.maxDecimals ?? (options.currency ? CURRENCY_DECIMALS[options.currency] : undefined);
  if (maxDecimals !== undefined && value.decimalPlaces() > maxDecimals) {
    return err(
      "TOO_MANY_DECIMALS",
      `Amount has ${value.decimalPlaces()} decimal places; at most ${maxDecimals} allowed${options.currency ? ` for ${options.currency}` : ""}.`,
    );
  }
  return ok(value);
}

/** True when `value` has no more than `n` significant decimal places ("10.50" has 1, "10.5" has 1). */
export function hasAtMostDecimals(value: Decimal.Value, n: number): boolean {
  return new Money(value).decimalPlaces() <= n;
}

/**
 * Decimal string with exactly the currency's scale, e.g. ("10.5", "BRL") →
 * "10.50". Extra places are rounded half-to-even; pass `rounding: "reject"` to
 * throw instead when that would change the value.
 */
export function toFixedScale(value: Decimal.Value, currency: Currency, rounding: "half-even" | "reject" = "half-even"): string {
  const d = new Money(value);
  const scale = CURRENCY_DECIMALS[currency];
  if (rounding === "reject" && d.decimalPlaces() > scale) {
    throw new RangeError(`${d.toString()} has more than ${scale} decimal places for ${currency}`);
  }
  return d.toFixed(scale, Decimal.ROUND_HALF_EVEN);
}

/** Integer count of minor units (centavos, satoshis, wei...). Throws if the amount is finer than the scale. */
export function toMinorUnits(value: Decimal.Value, currency: Currency): bigint {
  const d = new Money(value);
  const scale = CURRENCY_DECIMALS[currency];
  if (d.decimalPlaces() > scale) {
    throw new RangeError(`${d.toString()} has more than ${scale} decimal places for ${currency}`);
  }
  return BigInt(d.times(new Money(10).pow(scale)).toFixed(0));
}

/** Inverse of toMinorUnits, as a fixed-scale decimal string. */
export function fromMinorUnits(units: bigint | number | string, currency: Currency): string {
  const scale = CURRENCY_DECIMALS[currency];
  return new Money(units.toString()).dividedBy(new Money(10).pow(scale)).toFixed(scale);
}

/** Whether an amount reaches the spec's cash-in minimum for its currency (true where none is stated). */
export function meetsCashInMinimum(amount: Decimal.Value, currency: Currency): boolean {
  const min = CASH_IN_MINIMUMS[currency];
  return min === undefined || new Money(amount).greaterThanOrEqualTo(min);
}
