/**
 * Shared building blocks of the Payment Service API v2 schemas.
 *
 * Two families live here:
 * - request building blocks are strict: they encode the spec's validation rules so the sandbox can
 *   validate incoming requests with exactly the schemas the client sends with;
 * - response building blocks are tolerant: unknown extra fields pass (`z.looseObject`), unknown
 *   status strings pass through as plain strings, and every amount becomes a `Decimal`
 *   (decimal.js) so no money value is ever a binary float in arithmetic (ARCHITECTURE "Storage").
 */
import { z } from "zod";
import Decimal from "decimal.js";
import { CASH_IN_CHAINS, CHAINS as PAYMENT_CHAINS, CHAIN_CODES as PAYMENT_CHAIN_CODES, type ChainCode } from "../../payments/chains";

export { Decimal };

/** Attach a spec error code to a custom zod issue; see `toSpecValidationError` in ./validation. */
export const specCode = (code: string, message: string) => ({ message, params: { code } });

// ---------------------------------------------------------------------------------------------
// Currencies, chains, networks (spec "Currencies", "Chains (extended list of 10)")
// ---------------------------------------------------------------------------------------------

export const FIAT_CURRENCIES = ["BRL", "MXN"] as const;
export const CRYPTO_CURRENCIES = ["USDT", "USDC", "BTC", "ETH", "SOL", "BNB"] as const;
/** The enum of cash-in / cash-out request bodies: "BRL, MXN, USDT, USDC, BTC, ETH, SOL, BNB". */
export const CURRENCIES = [...FIAT_CURRENCIES, ...CRYPTO_CURRENCIES] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];
export const isCryptoCurrency = (c: string): c is CryptoCurrency =>
  (CRYPTO_CURRENCIES as readonly string[]).includes(c);

/**
 * Extended chain list of 10 (spec table), with the coins each carries and its confirmations: the
 * table of lib/payments, so the schemas and the codecs never disagree.
 */
export const CHAINS = PAYMENT_CHAINS;
export type Chain = ChainCode;
export const CHAIN_CODES = PAYMENT_CHAIN_CODES;
/** Any of the 10 chain codes: the cash-out `network` (which may be a layer-2). */
export const networkSchema = z.enum(CHAIN_CODES);
export type Network = z.infer<typeof networkSchema>;

/** "The narrower list used in cash-in request bodies is tron, ethereum, bsc, polygon, solana, bitcoin." */
export const CASHIN_CHAINS = CASH_IN_CHAINS;
export const cashinChainSchema = z.enum(CASHIN_CHAINS);
export type CashinChain = z.infer<typeof cashinChainSchema>;

/** Whether `currency` travels on `chain` according to the spec's chain table. */
export const chainCarries = (chain: string, currency: string): boolean => {
  const entry = (CHAINS as Readonly<Record<string, { coins: readonly string[] }>>)[chain];
  return entry !== undefined && entry.coins.includes(currency);
};

/** Cash-in minimums (spec "Other constants"): answered by the service as BELOW_MIN_LIMIT, so
 * they are business rules, not schema rules; exported for the sandbox and for forms. */
export const CASHIN_MINIMUMS: Partial<Record<Currency, string>> = { BRL: "1.00", USDT: "2.00", BTC: "0.0001" };

// ---------------------------------------------------------------------------------------------
// Request building blocks
// ---------------------------------------------------------------------------------------------

/** external_id: "Maximum 64 characters (general rule)". */
export const EXTERNAL_ID_MAX = 64;
/** "the boleto endpoint states a maximum of 150 characters". */
export const BOLETO_EXTERNAL_ID_MAX = 150;
export const externalIdSchema = z.string().min(1).max(EXTERNAL_ID_MAX);

/** Amounts are JSON numbers in requests ("number in requests"): finite and positive. */
export const requestAmountSchema = z
  .number()
  .refine((n) => Number.isFinite(n) && n > 0, specCode("INVALID_AMOUNT", "amount must be a positive number"));

/** Number of decimal places of a JSON number as written (0.1 + 0.2 style noise counts as many). */
export const decimalPlaces = (n: number): number => new Decimal(n).decimalPlaces();

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
/**
 * postback_url: "string (URL, HTTPS)". Plain HTTP is accepted only towards loopback addresses, for
 * local development against the sandbox (ARCHITECTURE "Sandbox": the sandbox accepts it too).
 */
export const postbackUrlSchema = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      if (u.protocol === "https:") return true;
      return u.protocol === "http:" && (LOOPBACK_HOSTS.has(u.hostname) || u.hostname.startsWith("127."));
    } catch {
      return false;
    }
  }, specCode("INVALID_FORMAT", "postback_url must be an HTTPS URL"));

const isCalendarDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};
/** A calendar date written yyyy-mm-dd (boleto due_date, list from_date/to_date). */
export const dateSchema = z.string().refine(isCalendarDate, specCode("INVALID_FORMAT", "expected a date as yyyy-mm-dd"));

export const pageSchema = z.coerce.number().int().min(1);
/** "page_size: default 50, maximum 100". */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 50;
export const pageSizeSchema = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX);

/** PIX key types of a BRL cash-out: cpf, cnpj, email, phone, random. */
export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const;
export const pixKeyTypeSchema = z.enum(PIX_KEY_TYPES);
export type PixKeyType = z.infer<typeof pixKeyTypeSchema>;

// ---------------------------------------------------------------------------------------------
// Response building blocks (tolerant)
// ---------------------------------------------------------------------------------------------

/**
 * Every amount in a response becomes a Decimal. The spec sends JSON numbers, except the crypto
 * cash-in response which sends "a decimal string"; both are accepted. A number is converted from
 * its shortest round-trip representation (0.1 stays exactly 0.1).
 */
export const decimalSchema = z.union([z.number(), z.string()]).transform((v, ctx): Decimal => {
  try {
    const d = new Decimal(typeof v === "string" ? v.trim() : v);
    if (!d.isFinite()) throw new Error("not finite");
    return d;
  } catch {
    ctx.addIssue({ code: "custom", message: `not a decimal amount: ${String(v).slice(0, 40)}` });
    return z.NEVER;
  }
});
export const nullableDecimalSchema = decimalSchema.nullish();

/** Both status vocabularies of the spec ("States and transitions"), normalised. */
export const TRANSACTION_STATUSES = ["pending", "confirmed", "failed", "cancelled", "refunded", "expired"] as const;
export type KnownTransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** A known status, or any other string the service may add later (passed through unchanged). */
export type TransactionStatus = KnownTransactionStatus | (string & {});
const STATUS_ALIASES: Record<string, KnownTransactionStatus> = { paid: "confirmed", canceled: "cancelled" };
/** `paid` → `confirmed`, `canceled` → `cancelled`; `expired`, `refunded` and unknown values kept. */
export const normalizeTransactionStatus = (s: string): TransactionStatus => STATUS_ALIASES[s] ?? s;
export const transactionStatusSchema = z.string().transform((s): TransactionStatus => normalizeTransactionStatus(s));

/** An open string whose known values are listed (keeps autocompletion, never rejects). */
export const openEnum = <const T extends readonly string[]>(_values: T) =>
  z.string() as unknown as z.ZodType<T[number] | (string & {}), string>;

/** Pagination fields of list responses: page, page_size, has_next, has_prev. */
export const paginationShape = {
  page: z.number().int(),
  page_size: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
};

/** Optional-and-nullable string, the usual shape of a "field seen" in responses. */
export const optString = z.string().nullish();
