/**
 * The account's profile, limits and fees as labelled rows, from whatever JSON the API answered.
 *
 * The spec names what these reads carry ("Profile carries kyc_level, kyc_status, status. Limits
 * cover daily, monthly and per-operation limits. Fees cover cash-in, cash-out and conversion") but
 * says "Exact layout of these four responses: not shown". The client's schemas hold one layout (the
 * contract shared with the sandbox) and let unknown fields through; these functions do not rely on
 * it: they accept snake_case or camelCase, nested objects (`daily: { max, used }`), maps keyed by
 * currency, operation or method (`{ BRL: { cashout: { daily: 1000 } } }`), periods keyed by currency
 * (`{ daily: { BRL: 1000 } }`), and amounts as numbers or strings. A value they cannot place is not
 * dropped: it comes back as an extra field under the API's own key, so the page shows it as answered.
 *
 * Amounts come out as exact decimal strings (decimal.js `toFixed()`), never as floats.
 */
import Decimal from "decimal.js";
import { CURRENCIES } from "@/lib/payments/currencies";
import { frozen } from "@/lib/db/shared-cache";

/** A value the dashboard has no name of its own for, labelled with the API's key path. */
export type ExtraField = { label: string; value: string | boolean | null };

type Primitive = string | number | boolean | null;
type Leaf = { path: string[]; canon: string; value: Primitive };
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** A key reduced to lower-case letters and digits: `kyc_level`, `kycLevel` and `KYC-Level` match. */
export const canon = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

/** `kyc_level` → "Kyc level", `perOperationMax` → "Per operation max". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const labelOf = (path: string[]) => path.map(humanizeKey).join(" › ");

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * An exact decimal string from a number, a numeric string or a Decimal; null for anything else
 * (`"unlimited"`, `""`, an object). `percent` also accepts a trailing `%` ("1.5%").
 */
export function decimalText(value: unknown, opts: { percent?: boolean } = {}): string | null {
  if (Decimal.isDecimal(value)) return (value as Decimal).isFinite() ? (value as Decimal).toFixed() : null;
  if (typeof value === "number") return Number.isFinite(value) ? new Decimal(value).toFixed() : null;
  if (typeof value !== "string") return null;
  let s = value.trim().replace(/[\s\u00a0_]/g, "");
  if (opts.percent) s = s.replace(/%$/, "");
  return DECIMAL.test(s) ? new Decimal(s).toFixed() : null;
}

function textOf(value: Primitive): string | null {
  if (value === null) return null;
  if (typeof value === "number") return decimalText(value);
  if (typeof value === "boolean") return String(value);
  const s = value.trim();
  return s === "" ? null : s;
}

/** Every primitive under `node`, with its key path; arrays of primitives as one comma-separated leaf. */
function flatten(node: unknown, path: string[] = []): Leaf[] {
  const leaf = (value: Primitive): Leaf => ({ path, canon: path.map(canon).join(""), value });
  if (Decimal.isDecimal(node)) return [leaf((node as Decimal).toFixed())];
  if (node === null || node === undefined) return path.length ? [leaf(null)] : [];
  if (typeof node === "string" || typeof node === "number" || typeof node === "boolean") return [leaf(node)];
  if (Array.isArray(node)) {
    if (node.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) {
      return node.length ? [leaf(node.map((v) => (v === null ? "" : typeof v === "number" ? (decimalText(v) ?? String(v)) : String(v))).join(", "))] : [];
    }
    return node.flatMap((v, i) => flatten(v, [...path, String(i + 1)]));
  }
  if (isObject(node)) return Object.entries(node).flatMap(([k, v]) => flatten(v, [...path, k]));
  return [];
}

const toExtra = (l: Leaf): ExtraField => ({ label: labelOf(l.path), value: typeof l.value === "boolean" ? l.value : textOf(l.value) });

/**
 * Takes from `leaves` the first one (in the order of `aliases`) whose key path matches, and whose
 * value `accept` turns into something; the leaf is removed so it is not shown twice.
 */
function take<T>(leaves: Leaf[], aliases: readonly string[], accept: (v: Primitive) => T | null): T | null {
  for (const alias of aliases) {
    const i = leaves.findIndex((l) => l.canon === alias);
    if (i < 0) continue;
    const v = accept(leaves[i]!.value);
    if (v === null) continue;
    leaves.splice(i, 1);
    return v;
  }
  return null;
}

/** A field answered as null is shown once, as "Not provided" in its own place, not again as an extra. */
function dropNulls(leaves: Leaf[], aliases: Iterable<string>): Leaf[] {
  const names = new Set(aliases);
  return leaves.filter((l) => !(typeof l.value !== "boolean" && textOf(l.value) === null && names.has(l.canon)));
}

/** Drops wrappers such as `{ data: { … } }` or `{ profile: { … } }` around the one object that matters. */
function unwrap(node: unknown, wrappers: readonly string[]): unknown {
  for (let depth = 0; depth < 3 && isObject(node); depth++) {
    const keys = Object.keys(node);
    if (keys.length !== 1 || !wrappers.includes(canon(keys[0]!))) break;
    node = node[keys[0]!];
  }
  return node;
}

// --- profile ---------------------------------------------------------------------------------------

export const PROFILE_FIELDS = ["name", "username", "document", "kycLevel", "kycStatus", "status"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const PROFILE_ALIASES: Record<ProfileField, readonly string[]> = {
  name: ["name", "legalname", "fullname", "companyname", "businessname", "accountname"],
  username: ["username", "user", "login", "handle"],
  document: ["document", "documentnumber", "documentvalue", "taxid", "cpfcnpj", "cnpj", "cpf", "rfc"],
  kycLevel: ["kyclevel", "kyctier", "kyclevelid", "level", "tier"],
  kycStatus: ["kycstatus", "kycstate", "verificationstatus", "kycverificationstatus"],
  status: ["status", "accountstatus", "state", "accountstate"],
};

export type ProfileView = { fields: Record<ProfileField, string | null>; extra: ExtraField[] };

/**
 * The same answer is normalised once: a shared read is one object for every request of the process
 * while it is kept (lib/api-context, frozen), so its rows are worked out once, not on every render.
 */
function byAnswer<T>(normalize: (data: unknown) => T): (data: unknown) => T {
  const done = new WeakMap<object, T>();
  return (data) => {
    if (!data || typeof data !== "object") return normalize(data);
    let v = done.get(data);
    if (v === undefined) done.set(data, (v = frozen(normalize(data))));
    return v;
  };
}

export const normalizeProfile = byAnswer((data: unknown): ProfileView => {
  const leaves = flatten(unwrap(data, ["data", "profile", "account", "result", "user", "info"]));
  const fields = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, take(leaves, PROFILE_ALIASES[f], textOf)])) as Record<ProfileField, string | null>;
  return { fields, extra: dropNulls(leaves, Object.values(PROFILE_ALIASES).flat()).map(toExtra) };
});

// --- limits and fees: entries in maps and lists --------------------------------------------------

type Context = { currency: string | null; operation: string | null; method: string | null };
/** While walking: also the nearest key that named nothing the dashboard knows (`refunds: {…}`). */
type WalkContext = Context & { group: string | null };
const EMPTY_CONTEXT: WalkContext = { currency: null, operation: null, method: null, group: null };
/** Keys that only hold the list or map: they name nothing. */
const CONTAINERS = new Set(["limits", "limit", "fees", "fee", "items", "data", "result", "results", "list", "entries", "values", "config", "configs", "configuration", "rules"]);

const OPERATIONS: Record<string, string> = {
  cashin: "cashin",
  deposit: "cashin",
  deposits: "cashin",
  payin: "cashin",
  charge: "cashin",
  charges: "cashin",
  cashout: "cashout",
  withdrawal: "cashout",
  withdrawals: "cashout",
  withdraw: "cashout",
  payout: "cashout",
  payouts: "cashout",
  conversion: "conversion",
  conversions: "conversion",
  convert: "conversion",
  exchange: "conversion",
  transfer: "transfer",
  transfers: "transfer",
  internaltransfer: "transfer",
};
/** The operations the dashboard names, in the order it shows them. */
export const KNOWN_OPERATIONS = ["cashin", "cashout", "conversion", "transfer"] as const;

const METHODS = new Set(["PIX", "SPEI", "BOLETO", "PIXBOLETO", "CRYPTO", "TED", "CARD"]);
const KNOWN_CURRENCIES = new Set<string>(CURRENCIES);

/** `cash_in`, `CashIn`, `deposit` → "cashin"; an operation the dashboard does not know is kept as sent. */
export function operationOf(value: string): string {
  return OPERATIONS[canon(value)] ?? value.trim();
}

const CONTEXT_ALIASES = {
  currency: ["currency", "currencycode", "asset", "coin", "ccy"],
  operation: ["operation", "operationtype", "type", "kind", "op", "transactiontype"],
  method: ["method", "paymentmethod", "rail", "channel"],
} as const;
const CONTEXT_NAMES = Object.values(CONTEXT_ALIASES).flat();

/** What a map key says about the entries under it, if anything. */
function keyContext(key: string): Partial<WalkContext> | null {
  const c = canon(key);
  if (CONTAINERS.has(c) || /^\d+$/.test(c)) return null;
  if (OPERATIONS[c]) return { operation: OPERATIONS[c] };
  if (METHODS.has(c.toUpperCase())) return { method: key.toUpperCase() };
  if (KNOWN_CURRENCIES.has(key.toUpperCase()) || /^[A-Z]{3,5}$/.test(key)) return { currency: key.toUpperCase() };
  return { group: key };
}

const PERIODS: Record<string, "dailyMax" | "monthlyMax" | "perOperationMax"> = {
  daily: "dailyMax",
  day: "dailyMax",
  perday: "dailyMax",
  monthly: "monthlyMax",
  month: "monthlyMax",
  permonth: "monthlyMax",
  peroperation: "perOperationMax",
  pertransaction: "perOperationMax",
  single: "perOperationMax",
};

type Found = { leaves: Leaf[]; context: WalkContext };

/**
 * Walks lists and maps down to the objects that carry one of `fieldAliases`, each with what the
 * keys above it said (currency, operation, method). Primitives met on the way become `meta`.
 * Under a period key (limits only), `{ daily: { BRL: 1000 } }`, a number under a currency,
 * operation or method key is an entry of its own.
 */
function collect(node: unknown, fieldAliases: Set<string>, periods: boolean): { found: Found[]; meta: ExtraField[] } {
  const found: Found[] = [];
  const meta: ExtraField[] = [];
  const isEntry = (o: Obj) => flatten(o).some((l) => fieldAliases.has(l.canon));

  const walk = (n: unknown, context: WalkContext, path: string[], period: string | null) => {
    if (Array.isArray(n)) {
      if (n.every((v) => !isObject(v) && !Array.isArray(v))) {
        if (path.length) meta.push(...flatten(n, path).map(toExtra));
        return;
      }
      n.forEach((v, i) => walk(v, context, [...path, String(i + 1)], period));
      return;
    }
    if (!isObject(n)) {
      if (path.length) meta.push(...flatten(n, path).map(toExtra));
      return;
    }
    if (isEntry(n)) {
      found.push({ leaves: flatten(n), context });
      return;
    }
    for (const [k, v] of Object.entries(n)) {
      const p = periods ? PERIODS[canon(k)] : undefined;
      const kc = p ? null : keyContext(k);
      if (period && kc && !kc.group && !isObject(v) && !Array.isArray(v)) {
        // { daily: { BRL: 1000 } }: an entry made of the one value
        const leaf: Leaf = { path: [period], canon: canon(period), value: v as Primitive };
        found.push({ leaves: [leaf], context: { ...context, ...kc } });
        continue;
      }
      walk(v, kc ? { ...context, ...kc } : context, [...path, k], p ?? (kc && !kc.group ? period : null));
    }
  };
  walk(node, EMPTY_CONTEXT, [], null);
  return { found, meta };
}

/**
 * The entry's own currency, operation and method fields win over the keys above it; with no
 * operation named anywhere, the nearest unknown key above it stands for one (`refunds: {…}`).
 */
function contextOf(leaves: Leaf[], outer: WalkContext): Context {
  const currency = take(leaves, CONTEXT_ALIASES.currency, (v) => (typeof v === "string" && v.trim() ? v.trim().toUpperCase() : null));
  const operation = take(leaves, CONTEXT_ALIASES.operation, (v) => (typeof v === "string" && v.trim() ? operationOf(v) : null));
  const method = take(leaves, CONTEXT_ALIASES.method, (v) => (typeof v === "string" && v.trim() ? v.trim().toUpperCase() : null));
  return { currency: currency ?? outer.currency, operation: operation ?? outer.operation ?? (outer.group ? operationOf(outer.group) : null), method: method ?? outer.method };
}

/** Entries saying the same currency, operation and method are one entry (e.g. daily and monthly sent apart). */
function mergeSame<T extends Context & { extra: ExtraField[] }>(entries: T[], fields: readonly (keyof T)[]): T[] {
  const out: T[] = [];
  const byKey = new Map<string, T>();
  for (const e of entries) {
    const key = e.currency || e.operation || e.method ? `${e.currency}|${e.operation}|${e.method}` : null;
    const prev = key ? byKey.get(key) : undefined;
    if (!prev) {
      out.push(e);
      if (key) byKey.set(key, e);
      continue;
    }
    for (const f of fields) if (prev[f] === null) prev[f] = e[f];
    prev.extra.push(...e.extra);
  }
  return out;
}

export type Normalized<T> = {
  entries: T[];
  /** what the answer carried outside any entry (or everything, when no entry was recognised) */
  meta: ExtraField[];
};

// --- limits ----------------------------------------------------------------------------------------

export const LIMIT_FIELDS = ["perOperationMin", "perOperationMax", "dailyMax", "dailyUsed", "monthlyMax", "monthlyUsed"] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export type LimitEntry = Context & Record<LimitField, string | null> & { extra: ExtraField[] };

const LIMIT_ALIASES: Record<LimitField, readonly string[]> = {
  perOperationMin: ["peroperationmin", "peroperationminimum", "minperoperation", "pertransactionmin", "transactionmin", "singlemin", "min", "minimum", "minamount", "minimumamount", "peroperationminamount"],
  perOperationMax: ["peroperationmax", "peroperationmaximum", "maxperoperation", "pertransactionmax", "transactionmax", "singlemax", "peroperation", "pertransaction", "max", "maximum", "maxamount", "maximumamount", "peroperationmaxamount", "peroperationlimit"],
  dailyMax: ["dailymax", "dailymaximum", "dailylimit", "maxdaily", "daymax", "dailymaxamount", "dailyamount", "daily", "perday", "dailytotal"],
  dailyUsed: ["dailyused", "useddaily", "dailyusage", "usedtoday", "todayused", "dailyconsumed", "dailyspent"],
  monthlyMax: ["monthlymax", "monthlymaximum", "monthlylimit", "maxmonthly", "monthmax", "monthlymaxamount", "monthlyamount", "monthly", "permonth", "monthlytotal"],
  monthlyUsed: ["monthlyused", "usedmonthly", "monthlyusage", "usedthismonth", "monthused", "monthlyconsumed", "monthlyspent"],
};
const ALL_LIMIT_ALIASES = new Set(Object.values(LIMIT_ALIASES).flat());

export const normalizeLimits = byAnswer((data: unknown): Normalized<LimitEntry> => {
  const { found, meta } = collect(unwrap(data, ["data", "result"]), ALL_LIMIT_ALIASES, true);
  const entries = found.map(({ leaves, context }): LimitEntry => {
    const ctx = contextOf(leaves, context);
    const values = Object.fromEntries(LIMIT_FIELDS.map((f) => [f, take(leaves, LIMIT_ALIASES[f], (v) => decimalText(v))])) as Record<LimitField, string | null>;
    return { ...ctx, ...values, extra: dropNulls(leaves, [...ALL_LIMIT_ALIASES, ...CONTEXT_NAMES]).map(toExtra) };
  });
  return { entries: mergeSame(entries, LIMIT_FIELDS), meta };
});

// --- fees ------------------------------------------------------------------------------------------

export const FEE_FIELDS = ["percentage", "fixed", "minimum", "maximum"] as const;
export type FeeField = (typeof FEE_FIELDS)[number];
export type FeeEntry = Context & Record<FeeField, string | null> & { extra: ExtraField[] };

const FEE_ALIASES: Record<FeeField, readonly string[]> = {
  /** in percent: 1.5 means 1.5 % */
  percentage: ["percentage", "percent", "pct", "percentagefee", "percentfee", "feepercentage", "feepercent", "variable", "variablefee", "feevariable"],
  fixed: ["fixed", "fixedfee", "feefixed", "fixedamount", "flat", "flatfee", "feeflat"],
  minimum: ["minimum", "min", "minfee", "minimumfee", "feemin", "feeminimum", "minamount"],
  maximum: ["maximum", "max", "maxfee", "maximumfee", "feemax", "feemaximum", "cap", "maxamount"],
};
const ALL_FEE_ALIASES = new Set(Object.values(FEE_ALIASES).flat());

export const normalizeFees = byAnswer((data: unknown): Normalized<FeeEntry> => {
  const { found, meta } = collect(unwrap(data, ["data", "result"]), ALL_FEE_ALIASES, false);
  const entries = found.map(({ leaves, context }): FeeEntry => {
    const ctx = contextOf(leaves, context);
    const values = Object.fromEntries(
      FEE_FIELDS.map((f) => [f, take(leaves, FEE_ALIASES[f], (v) => decimalText(v, { percent: f === "percentage" }))]),
    ) as Record<FeeField, string | null>;
    return { ...ctx, ...values, extra: dropNulls(leaves, [...ALL_FEE_ALIASES, ...CONTEXT_NAMES]).map(toExtra) };
  });
  return { entries: mergeSame(entries, FEE_FIELDS), meta };
});

// --- grouping for the page -------------------------------------------------------------------------

/** Groups in order of first appearance. */
export function groupBy<T>(items: T[], key: (item: T) => string): { key: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups].map(([k, v]) => ({ key: k, items: v }));
}

/** Where an operation comes: cash-in, cash-out, conversion, transfer, then any other (sorts are stable: in the order answered). */
export function operationRank(operation: string | null): number {
  const i = (KNOWN_OPERATIONS as readonly string[]).indexOf(operation ?? "");
  return i < 0 ? KNOWN_OPERATIONS.length : i;
}

/**
 * Fees by operation (cash-in, cash-out, conversion, transfer, then any other in the order answered);
 * within one, in `order` when given (lib/account/order.ts `compareFees`).
 */
export function feesByOperation(entries: FeeEntry[], order?: (a: FeeEntry, b: FeeEntry) => number): { key: string; items: FeeEntry[] }[] {
  return groupBy(entries, (e) => e.operation ?? "")
    .sort((a, b) => operationRank(a.key) - operationRank(b.key))
    .map((g) => ({ key: g.key, items: order ? [...g.items].sort(order) : g.items }));
}
