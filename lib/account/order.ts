/**
 * The order a merchant reads their currencies in: the organisation's own money first (BRL for a
 * Brazilian account, MXN for a Mexican one), then the dollar stablecoins (USDT, USDC), then every
 * other currency alphabetically. A row without a currency comes last.
 */
import type { Locale } from "@/lib/db/schema";
import { detectDocument, unformatDocument } from "@/lib/payments/documents";
import type { FiatCurrency } from "@/lib/payments/currencies";
import { groupBy, operationRank } from "./normalize";

const STABLECOINS = ["USDT", "USDC"];

/** A Mexican RFC: 3 (company) or 4 (person) letters, the date YYMMDD, a 3-character check. */
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;

/**
 * The organisation's local currency, from what the account says: its document (a CPF or CNPJ is
 * Brazilian, an RFC Mexican); without one that tells, the fiat currency its operations used this
 * month when only one did; else the member's language (Español (México): MXN; otherwise BRL).
 */
export function localCurrency(signs: { document?: string | null; usedFiat?: readonly string[]; locale: Locale }): FiatCurrency {
  const document = signs.document?.trim();
  if (document) {
    if (detectDocument(document)) return "BRL";
    if (RFC.test(unformatDocument(document).toUpperCase())) return "MXN";
  }
  const used = new Set((signs.usedFiat ?? []).map((c) => c.toUpperCase()).filter((c) => c === "BRL" || c === "MXN"));
  if (used.size === 1) return [...used][0] as FiatCurrency;
  return signs.locale === "es-MX" ? "MXN" : "BRL";
}

/** Sort key of a currency: local, then USDT, USDC, then the rest by code (no currency: last). */
function rank(currency: string | null, local: string): [number, string] {
  if (!currency) return [3, ""];
  const c = currency.toUpperCase();
  if (c === local) return [0, ""];
  const s = STABLECOINS.indexOf(c);
  if (s >= 0) return [1, String(s)];
  return [2, c];
}

/** Compares two currencies in the merchant's order. */
export function compareCurrencies(local: string): (a: string | null, b: string | null) => number {
  return (a, b) => {
    const [ra, ka] = rank(a, local);
    const [rb, kb] = rank(b, local);
    return ra - rb || (ka < kb ? -1 : ka > kb ? 1 : 0);
  };
}

/**
 * Limits by currency in the merchant's order, each currency's operations in the dashboard's order
 * (cash-in, cash-out, conversion, transfer, then any other as answered).
 */
export function limitsByCurrency<T extends { currency: string | null; operation: string | null }>(lines: T[], local: string): { key: string; items: T[] }[] {
  const compare = compareCurrencies(local);
  return groupBy(lines, (l) => l.currency ?? "")
    .sort((a, b) => compare(a.key || null, b.key || null))
    .map((g) => ({ key: g.key, items: [...g.items].sort((a, b) => operationRank(a.operation) - operationRank(b.operation)) }));
}

/** Payment methods of one currency: the instant local ones first, then the others as answered. */
const METHOD_ORDER = ["PIX", "SPEI", "BOLETO"];
const methodRank = (method: string | null) => {
  const i = METHOD_ORDER.indexOf(method ?? "");
  return i < 0 ? METHOD_ORDER.length : i;
};

/** Fees of one operation: by currency in the merchant's order, then by method (PIX before Boleto). */
export function compareFees(local: string): (a: { currency: string | null; method: string | null }, b: { currency: string | null; method: string | null }) => number {
  const byCurrency = compareCurrencies(local);
  return (a, b) => byCurrency(a.currency, b.currency) || methodRank(a.method) - methodRank(b.method);
}
