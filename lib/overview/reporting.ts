/**
 * The Overview's total in a reporting currency: every balance converted at the API's conversion
 * rate (spec "Conversion": "a rate of 5.0916 means 1 USDT equals 5.0916 BRL") and summed with the
 * project's decimal Money (50 significant digits), never in binary floats. It is an estimate: a real
 * conversion quotes its own rate, spread and fee (/simulate). A currency whose rate cannot be read
 * is listed as not included instead of failing the total.
 *
 * Pure: the rate reader is handed in (lib/overview/rates.ts reads it through the API context).
 */
import { Money } from "@/lib/payments/money";
import type { Locale } from "@/lib/db/schema";

export const REPORTING_CURRENCIES = ["USD", "BRL", "MXN", "USDT"] as const;
export type ReportingCurrency = (typeof REPORTING_CURRENCIES)[number];

/** The member's market: English → US dollars, Português (Brasil) → reais, Español (México) → pesos. */
export const DEFAULT_REPORTING: Record<Locale, ReportingCurrency> = { en: "USD", "pt-BR": "BRL", "es-MX": "MXN" };

/**
 * The API converts between its own currencies only (spec "Currencies": BRL, MXN and crypto); it
 * quotes no US dollar. A USD total is therefore estimated with the USDT rate (a dollar stable coin,
 * 1 USDT ≈ 1 USD), and the page says so.
 */
export const RATE_CURRENCY: Record<ReportingCurrency, string> = { USD: "USDT", BRL: "BRL", MXN: "MXN", USDT: "USDT" };

/**
 * Decimal places of the total: an estimate, shown to the cent in every reporting currency, rounded
 * half to even like every amount of the dashboard (lib/payments/money.ts).
 */
const TOTAL_DECIMALS = 2;

export function isReportingCurrency(v: unknown): v is ReportingCurrency {
  return typeof v === "string" && (REPORTING_CURRENCIES as readonly string[]).includes(v);
}

/** `?in=` when it names a reporting currency, else the member's market's currency. */
export function reportingCurrencyFor(param: string | undefined, locale: Locale): ReportingCurrency {
  const wanted = param?.toUpperCase();
  return isReportingCurrency(wanted) ? wanted : DEFAULT_REPORTING[locale];
}

/** One rate as the API gave it: 1 `from` = `rate` `to`, at the API's `timestamp` (else when it was read). */
export type RateQuote = { rate: string; at: string; readAt: string; cached: boolean };
export type RateReader = (from: string, to: string) => Promise<RateQuote>;

export type IncludedBalance = { currency: string; amount: string; rate: string; converted: string; rateAt: string | null };
export type ExcludedBalance = { currency: string; amount: string; reason: string };

export type ReportingTotal = {
  currency: ReportingCurrency;
  /** the currency whose rates were asked for (USDT for a USD total) */
  rateCurrency: string;
  /** the sum of the converted amounts, rounded to the cent */
  total: string;
  included: IncludedBalance[];
  notIncluded: ExcludedBalance[];
  /** the oldest rate used (ISO 8601), null when no rate was needed */
  ratesAt: string | null;
};

const isZero = (v: string) => new Money(v).isZero();

/**
 * Converts each non-zero balance with `readRate(currency, rateCurrency)`; a balance already in the
 * rate currency counts one for one. `reasonOf` turns a failed read into a short reason (an error code).
 */
export async function reportingTotal(
  balances: readonly { currency: string; amount: string }[],
  currency: ReportingCurrency,
  readRate: RateReader,
  reasonOf: (e: unknown) => string = (e) => (e instanceof Error ? e.name : "UNKNOWN"),
): Promise<ReportingTotal> {
  const rateCurrency = RATE_CURRENCY[currency];
  const wanted = balances.filter((b) => !isZero(b.amount));
  const results = await Promise.all(
    wanted.map(async (b): Promise<IncludedBalance | ExcludedBalance> => {
      if (b.currency === rateCurrency || b.currency === currency) {
        return { currency: b.currency, amount: b.amount, rate: "1", converted: new Money(b.amount).toFixed(), rateAt: null };
      }
      try {
        const q = await readRate(b.currency, rateCurrency);
        const rate = new Money(q.rate);
        if (!rate.isFinite() || rate.lte(0)) return { currency: b.currency, amount: b.amount, reason: "INVALID_RATE" };
        return { currency: b.currency, amount: b.amount, rate: rate.toFixed(), converted: new Money(b.amount).times(rate).toFixed(), rateAt: q.at };
      } catch (e) {
        return { currency: b.currency, amount: b.amount, reason: reasonOf(e) };
      }
    }),
  );
  const included = results.filter((r): r is IncludedBalance => "converted" in r);
  const notIncluded = results.filter((r): r is ExcludedBalance => "reason" in r);
  const sum = included.reduce((s, r) => s.plus(r.converted), new Money(0));
  const times = included.map((r) => r.rateAt).filter((t): t is string => t !== null);
  const ratesAt = times.length ? times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
  return { currency, rateCurrency, total: sum.toFixed(TOTAL_DECIMALS), included, notIncluded, ratesAt };
}
