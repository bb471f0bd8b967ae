/**
 * Currencies of Payment Service API v2 (spec: "What the service does",
 * "Resources and their fields › Currencies", "Limits › Other constants").
 */

/** The currencies accepted by cash-in and cash-out request bodies. */
export const CORE_CURRENCIES = ["BRL", "MXN", "USDT", "USDC", "BTC", "ETH", "SOL", "BNB"] as const;
/** Native coins that appear only in the extended chain list and the glossary. */
export const EXTENDED_CURRENCIES = ["POL", "TRX", "AVAX"] as const;
export const CURRENCIES = [...CORE_CURRENCIES, ...EXTENDED_CURRENCIES] as const;

export type CoreCurrency = (typeof CORE_CURRENCIES)[number];
export type Currency = (typeof CURRENCIES)[number];

export const FIAT_CURRENCIES = ["BRL", "MXN"] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export type CryptoCurrency = Exclude<Currency, FiatCurrency>;

/**
 * Decimal places we keep for each currency (the ledger scale). For fiat this is
 * the minor unit (centavo). For tokens it is the canonical token precision:
 * USDT/USDC have 6 decimals on Ethereum, Tron, Polygon and Solana. Note that
 * the BEP-20 USDT and USDC contracts on BSC use 18 on chain; a deposit on BSC
 * with more than 6 decimals is beyond this scale and must be rounded
 * explicitly by whoever credits it.
 */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = {
  BRL: 2,
  MXN: 2,
  USDT: 6,
  USDC: 6,
  BTC: 8, // satoshi
  ETH: 18, // wei
  SOL: 9, // lamport
  BNB: 18,
  POL: 18,
  TRX: 6, // sun
  AVAX: 18,
};

/** How each fiat currency moves (spec: Currencies table). */
export const FIAT_METHODS: Readonly<Record<FiatCurrency, readonly ("pix" | "boleto" | "spei")[]>> = {
  BRL: ["pix", "boleto"],
  MXN: ["spei"],
};

/**
 * Cash-in minimums stated by the spec (POST /v2/transactions/cashin and
 * "Other constants"): 1.00 BRL, 2.00 USDT, 0.0001 BTC. Other currencies have
 * no minimum stated ("not shown"), so none is enforced here. Strings, never
 * floats: compare them with `meetsMinimum` from money.ts.
 */
export const CASH_IN_MINIMUMS: Readonly<Partial<Record<Currency, string>>> = {
  BRL: "1.00",
  USDT: "2.00",
  BTC: "0.0001",
};

/** Boleto minimum amount (spec: POST /v2/boleto, amount "minimum 1.00"; BRL only). */
export const BOLETO_MIN_AMOUNT = "1.00";

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

export function isCoreCurrency(value: unknown): value is CoreCurrency {
  return typeof value === "string" && (CORE_CURRENCIES as readonly string[]).includes(value);
}

export function isFiatCurrency(value: unknown): value is FiatCurrency {
  return typeof value === "string" && (FIAT_CURRENCIES as readonly string[]).includes(value);
}

export function isCryptoCurrency(value: unknown): value is CryptoCurrency {
  return isCurrency(value) && !isFiatCurrency(value);
}

export function currencyDecimals(currency: Currency): number {
  return CURRENCY_DECIMALS[currency];
}
