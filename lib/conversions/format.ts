/**
 * The Convert page's figures for people (browser-safe, exact): a rate rounded to what a person
 * reads (4 decimals, and at least 4 significant digits for small rates: 1 USDT = 5.4321 BRL,
 * 1 BRL = 0.1841 USDT, 1 BRL = 0.000002941 BTC), its inverse rounded the same way, and what an
 * amount gives at a rate (an estimate: the quote adds the fee and the spread), cut down to the
 * destination currency's scale as the provider does.
 */
import { CURRENCY_DECIMALS } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";
import { isConversionCurrency } from "./form";

const RATE_DECIMALS = 4;
const RATE_SIGNIFICANT = 4;

/** How many decimals a person reads of this rate. */
export function rateDecimals(rate: string): number {
  const r = new Money(rate).abs();
  if (r.isZero()) return RATE_DECIMALS;
  // Digits before the first significant one: 0.000002941 has 5 zeros after the point.
  const leading = Math.max(0, -r.e - 1);
  return Math.max(RATE_DECIMALS, leading + RATE_SIGNIFICANT);
}

/** The rate rounded for people, as an exact decimal string with its decimals kept ("5.4300"). */
export function peopleRate(rate: string): { value: string; decimals: number } {
  const decimals = rateDecimals(rate);
  return { value: new Money(rate).toDecimalPlaces(decimals, Money.ROUND_HALF_UP).toFixed(decimals), decimals };
}

/** 1 / rate, rounded for people the same way. */
export function peopleInverse(rate: string): { value: string; decimals: number } | null {
  const r = new Money(rate);
  if (r.lte(0)) return null;
  return peopleRate(new Money(1).dividedBy(r).toFixed());
}

/** amount × rate, cut down to the destination's scale (what the provider would pay before fee and spread). */
export function estimateAt(amount: string, rate: string, destination: string): string {
  const places = isConversionCurrency(destination) ? CURRENCY_DECIMALS[destination] : 8;
  return new Money(amount).times(rate).toDecimalPlaces(places, Money.ROUND_DOWN).toFixed();
}
