/**
 * The "New charge" form's value lists, plain TypeScript: what the form's first state draws before its
 * code loaded (components/forms/lazy-form.ts) takes them from here, not from lib/charges/form.ts (zod,
 * the decimal type, the document checks), which re-exports them.
 */

export const CHARGE_FORM_METHODS = ["PIX", "BOLETO", "PIX_BOLETO", "SPEI", "CRYPTO"] as const;
export type ChargeFormMethod = (typeof CHARGE_FORM_METHODS)[number];

/** The coins a crypto charge can ask for (the cash-in currency enum's crypto part). */
export const CRYPTO_CHARGE_CURRENCIES = ["USDT", "USDC", "BTC", "ETH", "SOL", "BNB"] as const;
export type CryptoChargeCurrency = (typeof CRYPTO_CHARGE_CURRENCIES)[number];

export const BRAZIL_UFS = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const;

export const SPLIT_MAX_ENTRIES = 10;

export const isBoletoMethod = (m: string): m is "BOLETO" | "PIX_BOLETO" => m === "BOLETO" || m === "PIX_BOLETO";
