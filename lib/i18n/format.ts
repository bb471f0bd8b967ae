/**
 * Locale-aware formatting of amounts, numbers and dates. Amounts arrive as
 * exact decimal strings (or anything with an exact `toString()`, such as a
 * decimal.js value) and are never turned into binary floats: Intl.NumberFormat
 * formats decimal strings exactly.
 */
import type { Locale } from "@/lib/db/schema";
import { ambientTimeZone } from "./ambient-zone";
import { LOCALE_TIME_ZONES } from "./locale-zones";

export { LOCALE_TIME_ZONES };

/**
 * The zone dates are written in: the one a caller names, else the member's (lib/i18n/ambient-zone.ts),
 * else the language's market.
 */
export function zoneFor(locale: Locale, timeZone?: string): string {
  return timeZone ?? ambientTimeZone() ?? LOCALE_TIME_ZONES[locale];
}

/** ISO 4217 currencies Intl knows; crypto codes are formatted as number + code. */
const FIAT = new Set(["BRL", "MXN", "USD", "EUR"]);
const CRYPTO_DECIMALS: Record<string, number> = { USDT: 6, USDC: 6, BTC: 8, ETH: 8, SOL: 9, BNB: 8, POL: 8, TRX: 6, AVAX: 8 };

type Exact = string | { toString(): string };
// Intl accepts decimal strings and formats them exactly (ES2023 Intl.NumberFormat v3).
type IntlDecimal = Parameters<Intl.NumberFormat["format"]>[0];

function exact(value: Exact): IntlDecimal {
  return String(value) as unknown as IntlDecimal;
}

/*
 * Building an Intl formatter costs far more than using one (a page of 100 transactions formats
 * several hundred values): each distinct formatter is built once per process and reused.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The process's Intl.NumberFormat for a locale and options (built once). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** The process's Intl.DateTimeFormat for a locale and options (built once). */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/**
 * Whether the language writes a currency other than the US dollar as a bare "$" (es-MX writes MXN
 * so): beside "BRL 49.90" or a USDT amount a bare "$" does not say which dollar, so it is written
 * "MX$", as English and Portuguese write it.
 */
const bareDollar = new Map<string, boolean>();
function writesBareDollar(locale: Locale, currency: string, f: Intl.NumberFormat): boolean {
  const key = `${locale}|${currency}`;
  let bare = bareDollar.get(key);
  if (bare === undefined) bareDollar.set(key, (bare = currency !== "USD" && f.formatToParts(1).some((p) => p.type === "currency" && p.value === "$")));
  return bare;
}

export function formatMoney(value: Exact, currency: string, locale: Locale): string {
  if (FIAT.has(currency)) {
    const f = numberFormat(locale, { style: "currency", currency });
    if (!writesBareDollar(locale, currency, f)) return f.format(exact(value));
    return f
      .formatToParts(exact(value))
      .map((p) => (p.type === "currency" ? `${currency.slice(0, 2)}$` : p.value))
      .join("");
  }
  const digits = CRYPTO_DECIMALS[currency] ?? 8;
  const n = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: digits }).format(exact(value));
  // A no-break space, as Intl writes between a fiat symbol and its figure: "10,000.00 BNB" never breaks in two.
  return `${n}\u00a0${currency}`;
}

const listFormats = new Map<string, Intl.ListFormat>();
/** Items joined as the language lists them: "a, b, and c", "a, b e c", "a, b y c". */
export function formatList(items: readonly string[], locale: Locale): string {
  let f = listFormats.get(locale);
  if (!f) listFormats.set(locale, (f = new Intl.ListFormat(locale, { style: "long", type: "conjunction" })));
  return f.format(items);
}

/** A decimal string with the digits it has, in the language's separators: "1234.50" → "1.234,50" in pt-BR. */
export function formatDecimal(value: Exact, locale: Locale): string {
  const digits = String(value).split(".")[1]?.length ?? 0;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(exact(value));
}

export function formatNumber(value: Exact, locale: Locale, maximumFractionDigits = 2): string {
  return numberFormat(locale, { maximumFractionDigits }).format(exact(value));
}

export function formatDateTime(value: Date | string, locale: Locale, timeZone?: string): string {
  return dateFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: zoneFor(locale, timeZone) }).format(new Date(value));
}

/**
 * A date and time in few characters, for a list's rows ("Nov 26, 7:19 AM", "26 de nov., 04:19",
 * "26 nov, 4:19"): the year only when it is not this year, in the member's time zone.
 */
export function formatShortDateTime(value: Date | string, locale: Locale, now: Date | string = new Date(), zone?: string): string {
  const timeZone = zoneFor(locale, zone);
  const year = dateFormat(locale, { year: "numeric", timeZone });
  const d = new Date(value);
  const thisYear = year.format(d) === year.format(new Date(now));
  const day = dateFormat(locale, { day: "numeric", month: "short", ...(thisYear ? {} : { year: "numeric" }), timeZone }).format(d);
  // The time as the language's short time style writes it ("7:19 AM", "07:19"), after a comma as in all three.
  return `${day}, ${dateFormat(locale, { timeStyle: "short", timeZone }).format(d)}`;
}

export function formatDate(value: Date | string, locale: Locale, style: "short" | "medium" | "long" = "medium", timeZone?: string): string {
  return dateFormat(locale, { dateStyle: style, timeZone: zoneFor(locale, timeZone) }).format(new Date(value));
}

/**
 * A calendar date ("2026-11-28", such as a boleto's due date) as banks print it: 28/11/2026 in
 * pt-BR and es-MX, "Nov 28, 2026" in English. No time zone moves it: it is a day, not an instant.
 */
export function formatDueDate(isoDate: string, locale: Locale): string {
  const at = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions = locale === "en" ? { dateStyle: "medium", timeZone: "UTC" } : { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" };
  return dateFormat(locale, options).format(at);
}

/** next-intl's thresholds (use-intl's createFormatter().relativeTime), without its formatter: the browser needs only this. */
const UNIT_SECONDS = { second: 1, minute: 60, hour: 3600, day: 86_400, week: 604_800, month: 86_400 * (365 / 12), year: 86_400 * 365 } as const;
function relativeUnit(seconds: number): keyof typeof UNIT_SECONDS {
  const abs = Math.abs(seconds);
  if (abs < UNIT_SECONDS.minute) return "second";
  if (abs < UNIT_SECONDS.hour) return "minute";
  if (abs < UNIT_SECONDS.day) return "hour";
  if (abs < UNIT_SECONDS.week) return "day";
  if (abs < UNIT_SECONDS.month) return "week";
  if (abs < UNIT_SECONDS.year) return "month";
  return "year";
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "in 19 hours", "3 days ago": next-intl's relative time, in the language's words (the same unit
 * choice and rounding; "now" under a second), one formatter per language.
 */
export function formatRelativeTime(value: Date | string, locale: Locale, now: Date | string = new Date()): string {
  try {
    const seconds = (new Date(value).getTime() - new Date(now).getTime()) / 1000;
    const unit = relativeUnit(seconds);
    const numeric = unit === "second" ? "auto" : "always";
    const key = `${locale}|${numeric}`;
    let f = relativeFormats.get(key);
    if (!f) relativeFormats.set(key, (f = new Intl.RelativeTimeFormat(locale, { numeric })));
    return f.format(Math.round(seconds / UNIT_SECONDS[unit]), unit);
  } catch (error) {
    console.error(error);
    return String(value);
  }
}

/** A moment to the second with its time zone, as a receipt prints it: "26 de nov. de 2026, 04:11:36 BRT". */
export function formatInstant(value: Date | string, locale: Locale, timeZone?: string): string {
  return dateFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: zoneFor(locale, timeZone), timeZoneName: "short" }).format(new Date(value));
}
