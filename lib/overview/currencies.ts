/**
 * Which currencies a merchant sees first on the Overview: the organisation's local currency (reais or
 * pesos), then the US-dollar stable coins, then the rest. Pure: the counts come from the mirror
 * (lib/overview/queries.ts `volumeCurrencies`).
 */
import type { Locale } from "@/lib/vocabulary";

export const LOCAL_CURRENCIES = ["BRL", "MXN"] as const;
export type LocalCurrency = (typeof LOCAL_CURRENCIES)[number];

/** Dollar stable coins, shown right after the local currency. */
export const DOLLAR_STABLECOINS = ["USDT", "USDC"] as const;

/**
 * The organisation's local currency: of reais and pesos, the one it completed more payments in
 * (`activity`, most first); with neither, the member's market (Español (México) → pesos, else reais).
 */
export function localCurrency(activity: readonly { currency: string; confirmed: number }[], locale: Locale): LocalCurrency {
  const used = activity.filter((a): a is { currency: LocalCurrency; confirmed: number } => (LOCAL_CURRENCIES as readonly string[]).includes(a.currency) && a.confirmed > 0);
  const most = [...used].sort((a, b) => b.confirmed - a.confirmed)[0];
  return most?.currency ?? (locale === "es-MX" ? "MXN" : "BRL");
}

function rank(currency: string, local: string): number {
  if (currency === local) return 0;
  const coin = (DOLLAR_STABLECOINS as readonly string[]).indexOf(currency);
  if (coin >= 0) return 1 + coin / 10;
  if ((LOCAL_CURRENCIES as readonly string[]).includes(currency)) return 2;
  return 3;
}

/**
 * `items` in the order a merchant reads them: the local currency, the dollar stable coins, the other
 * local currency, then the rest; within a rank, those with money (`hasMoney`) first, then by code.
 */
export function mainCurrenciesFirst<T extends { currency: string }>(items: readonly T[], local: string, hasMoney: (item: T) => boolean = () => true): T[] {
  return [...items].sort(
    (a, b) => rank(a.currency, local) - rank(b.currency, local) || Number(hasMoney(b)) - Number(hasMoney(a)) || a.currency.localeCompare(b.currency),
  );
}
