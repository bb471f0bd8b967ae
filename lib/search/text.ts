/**
 * What a member types into a search, read the ways they mean it: text to find inside ids, names and
 * documents (through the mirror's trigram index, TRANSACTION_SEARCH_TEXT in lib/db/schema.ts), a
 * document or phone typed with its punctuation ("529.982.247-25" finds "52998224725"), and an
 * amount in either market's writing ("120,50", "120.50", "1.234,56", "1,234.56"). Shared by the
 * search palette (./query.ts) and the Transactions page's free-text filter, so both find the same rows.
 */
import { or, sql, type SQL } from "drizzle-orm";
import { normalizeAmount } from "@/lib/charges/form";
import { Money } from "@/lib/payments/money";
import { TRANSACTION_SEARCH_TEXT } from "@/lib/db/schema";
import { MAX_SEARCH_LENGTH } from "./limits";

export { MAX_SEARCH_LENGTH };

/** Trimmed, control characters (and the unit separator the indexed text joins columns with) removed, inner spaces single. */
export function cleanSearchText(raw: string): string {
  return raw
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

/** `%`, `_` and `\` are literal in what a member types; the pattern finds the text anywhere. */
export function containsPattern(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A document, phone or key typed with its mask ("529.982.247-25", "12.345.678/0001-95",
 * "(11) 99999-1234"), without it: the form the mirror indexes documents in. Null when the text is
 * not such a thing (it has letters, or no punctuation to remove).
 */
export function unmaskedDigits(s: string): string | null {
  if (!/^\+?[\d.\-/\s()]+$/.test(s) || !/\d/.test(s)) return null;
  const bare = s.replace(/[.\-/\s()]/g, "");
  return bare !== s && bare.replace(/\D/g, "").length >= 3 ? bare : null;
}

/**
 * The amounts the text can be, as exact decimal strings: "120,50" and "120.50" are 120.5;
 * "1.234,56" and "1,234.56" are 1234.56; "1.234" or "1,234" alone may be either reading (one and
 * a bit, or a thousand and more), so both are tried; a currency symbol in front is allowed.
 */
export function amountCandidates(s: string): string[] {
  const bare = s.replace(/^(?:R\$|MX\$|US\$|\$)\s*/i, "").trim();
  if (!/^[\d.,]+$/.test(bare) || bare.length > 30) return [];
  const out = new Set<string>();
  const add = (v: string | null) => {
    if (v === null) return;
    const d = new Money(v);
    // The mirror's amounts are NUMERIC without a scale limit; beyond this nothing is an amount.
    if (d.isFinite() && d.lt("1e15") && d.decimalPlaces() <= 18) out.add(d.toFixed());
  };
  add(normalizeAmount(bare));
  // Thousands grouped with one separator ("1.234", "1,234,567"): the other reading.
  if (/^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(bare)) add(bare.replace(/[.,]/g, ""));
  return [...out];
}

/**
 * A whole PIX end-to-end id ("E" or "D", the bank's ISPB, the minute, 11 characters: 32 in all) or
 * on-chain hash (64 hex digits, "0x" first on EVM chains; a base58 Solana signature), as pasted:
 * looked up whole, by its own index, rather than as text inside others (their prefixes are common).
 */
export function wholeSettlementId(s: string): { e2eId: string } | { txHash: string[] } | null {
  if (/^[ED]\d{20}[A-Za-z0-9]{11}$/.test(s)) return { e2eId: s };
  if (/^(?:0x)?[0-9a-fA-F]{64}$/.test(s)) return { txHash: [...new Set([s, s.toLowerCase()])] };
  if (/^[1-9A-HJ-NP-Za-km-z]{86,90}$/.test(s)) return { txHash: [s] };
  return null;
}

/**
 * The mirror rows whose searched text contains `raw` (any length; a document typed with its mask
 * is also looked for without it), through the trigram index. Null when nothing is left to search.
 */
export function transactionTextMatch(raw: string): SQL | null {
  const s = cleanSearchText(raw);
  if (!s) return null;
  const like = (v: string) => sql`${TRANSACTION_SEARCH_TEXT} ilike ${containsPattern(v)}`;
  const digits = unmaskedDigits(s);
  return digits ? or(like(s), like(digits))! : like(s);
}
