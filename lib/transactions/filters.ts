/**
 * The Transactions view's state, all of it in the URL (nuqs): the parsers are shared by the server
 * page (createLoader), the client filter bar (useQueryStates), the CSV export route and saved views,
 * so a view can be shared, reloaded, navigated back to, saved and exported alike.
 *
 * Statuses come in two vocabularies (the spec's list: pending/confirmed/cancelled/failed; details
 * and webhooks: paid, canceled, expired, refunded): the URL accepts both and the mirror's normalised
 * value is what is filtered on.
 */
import { createLoader, createSerializer, parseAsArrayOf, parseAsInteger, parseAsIsoDate, parseAsString, parseAsStringLiteral } from "nuqs/server";

export const TX_STATUSES = ["pending", "confirmed", "failed", "cancelled", "expired", "refunded"] as const;
export type TxStatus = (typeof TX_STATUSES)[number];
/** The other vocabulary's words, accepted in the URL. */
const STATUS_ALIASES: Record<string, TxStatus> = { paid: "confirmed", canceled: "cancelled" };

export const TX_TYPES = ["cashin", "cashout", "conversion"] as const;
export const TX_SOURCES = ["cashin", "cashout", "conversion", "internal_transfer", "wallet_deposit"] as const;
export const TX_METHODS = ["PIX", "BOLETO", "PIX_BOLETO", "SPEI", "CRYPTO"] as const;
export const TX_SORTS = ["date.desc", "date.asc", "amount.desc", "amount.asc"] as const;
export const PAGE_SIZES = [25, 50, 100] as const;
/** The columns a member may add to the list's five (date, description, type, status, amount), in the order they are shown. */
export const TX_OPTIONAL_COLUMNS = ["reference", "id", "fee", "net"] as const;
export type TxOptionalColumn = (typeof TX_OPTIONAL_COLUMNS)[number];

export const transactionSearchParams = {
  q: parseAsString.withDefault(""),
  status: parseAsArrayOf(parseAsStringLiteral([...TX_STATUSES, ...Object.keys(STATUS_ALIASES)])).withDefault([]),
  type: parseAsStringLiteral(TX_TYPES),
  source: parseAsStringLiteral(TX_SOURCES),
  method: parseAsString,
  currency: parseAsString,
  from: parseAsIsoDate,
  to: parseAsIsoDate,
  id: parseAsString,
  ext: parseAsString,
  payer: parseAsString,
  min: parseAsString,
  max: parseAsString,
  sort: parseAsStringLiteral(TX_SORTS).withDefault("date.desc"),
  page: parseAsInteger.withDefault(1),
  size: parseAsInteger.withDefault(25),
  /** the optional columns shown (how the list looks, kept with a saved view) */
  cols: parseAsArrayOf(parseAsStringLiteral(TX_OPTIONAL_COLUMNS)).withDefault([]),
  /** the transaction whose detail sheet is open */
  tx: parseAsString,
};

/** Keys that select rows (not the page, the sort or the open detail). */
export const FILTER_KEYS = ["q", "status", "type", "source", "method", "currency", "from", "to", "id", "ext", "payer", "min", "max"] as const;

export const loadTransactionSearchParams = createLoader(transactionSearchParams);
export const serializeTransactionSearchParams = createSerializer(transactionSearchParams);

export type TransactionFilter = {
  q?: string;
  statuses: TxStatus[];
  type?: (typeof TX_TYPES)[number];
  source?: (typeof TX_SOURCES)[number];
  method?: string;
  currency?: string;
  /** YYYY-MM-DD, a day in the market's time zone */
  from?: string;
  to?: string;
  transactionId?: string;
  externalId?: string;
  payer?: string;
  minAmount?: string;
  maxAmount?: string;
};
export type TransactionView = TransactionFilter & { sort: (typeof TX_SORTS)[number]; page: number; pageSize: (typeof PAGE_SIZES)[number] };

const text = (v: string | null | undefined, max = 100) => {
  const s = (v ?? "").trim().slice(0, max);
  return s ? s : undefined;
};

/**
 * An amount the URL carries as text: kept only when it is a plain non-negative decimal, written the
 * one way ("010.50" → "10.5"): its digits are only trimmed, never turned into a number (the filter
 * bar loads this module, and the decimal type is not needed for that).
 */
const amount = (v: string | null | undefined) => {
  const s = (v ?? "").trim().replace(",", ".");
  if (!/^\d{1,15}(\.\d{1,18})?$/.test(s)) return undefined;
  const [whole, fraction = ""] = s.split(".");
  const digits = fraction.replace(/0+$/, "");
  return `${whole!.replace(/^0+(?=\d)/, "")}${digits ? `.${digits}` : ""}`;
};

const day = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : undefined);

export type ParsedTransactionSearchParams = Awaited<ReturnType<typeof loadTransactionSearchParams>>;

/** The URL's state, checked and normalised: what the queries take. Anything malformed is dropped, never an error. */
export function toTransactionView(p: ParsedTransactionSearchParams): TransactionView {
  const statuses = [...new Set(p.status.map((s) => STATUS_ALIASES[s] ?? (s as TxStatus)))];
  const currency = text(p.currency, 10)?.toUpperCase();
  const method = text(p.method, 20)?.toUpperCase();
  return {
    q: text(p.q),
    statuses,
    type: p.type ?? undefined,
    source: p.source ?? undefined,
    method: method && /^[A-Z0-9_]+$/.test(method) ? method : undefined,
    currency: currency && /^[A-Z0-9]+$/.test(currency) ? currency : undefined,
    from: day(p.from),
    to: day(p.to),
    transactionId: text(p.id),
    externalId: text(p.ext),
    payer: text(p.payer),
    minAmount: amount(p.min),
    maxAmount: amount(p.max),
    sort: p.sort,
    page: Math.max(1, Math.min(p.page, 100_000)),
    pageSize: (PAGE_SIZES as readonly number[]).includes(p.size) ? (p.size as TransactionView["pageSize"]) : 25,
  };
}

/** What a view adds to its filter: how the selection is shown, not what it selects. */
const PRESENTATION = new Set(["statuses", "sort", "page", "pageSize"]);

/** Does the view select anything narrower than everything? (Sort, page and page size do not.) */
export function isFiltered(f: TransactionFilter | TransactionView): boolean {
  return Object.entries(f).some(([k, v]) => !PRESENTATION.has(k) && v !== undefined) || f.statuses.length > 0;
}
