/**
 * The Convert form's rules, shared by the form (checked as the member types) and the server actions
 * (checked again on what arrives). Browser-safe: zod/mini, no Node built-ins. Messages are message
 * keys of the `convert.errors` group; a key that takes figures is written "key|name=value"
 * (lib/i18n/translate.ts `translateKeyOrText` reads both).
 *
 * The amount is typed the member's way ("1.234,56" in pt-BR and es-MX, "1,234.56" in en), kept as a
 * decimal string and never turned into a binary float; the API's body carries it as a JSON number
 * (the spec's type), so an amount a JSON number cannot carry exactly is refused here.
 */
import * as z from "zod/mini";
import { CURRENCY_DECIMALS } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";
import { normalizeAmount } from "@/lib/charges/form";

import { isConversionCurrency } from "./vocabulary";

export { CONVERSION_CURRENCIES, isConversionCurrency } from "./vocabulary";
export type { ConversionCurrency } from "./vocabulary";

/** external_id: printable ASCII, at most 64 characters (the API's rule for operations other than boleto). */
export const CONVERSION_EXTERNAL_ID_MAX = 64;

/** The amount's problem as a message (with figures), or null. */
export function conversionAmountProblem(raw: string, currency: string): string | null {
  if (!raw.trim()) return "convert.errors.amountRequired";
  const n = normalizeAmount(raw);
  if (n === null) return "convert.errors.amountInvalid";
  const d = new Money(n);
  if (d.lte(0)) return "convert.errors.amountPositive";
  const places = isConversionCurrency(currency) ? CURRENCY_DECIMALS[currency] : 8;
  if (d.decimalPlaces() > places) return `convert.errors.amountDecimals|places=${places}`;
  // The body's amount is a JSON number: it must survive the trip exactly.
  if (!new Money(Number(d.toFixed())).equals(d)) return "convert.errors.amountPrecision";
  return null;
}

const currencyField = z.string().check(z.refine(isConversionCurrency, "convert.errors.currencyRequired"));

/** What "Quote" (and the live rate) sends: a pair and an amount. */
export const conversionQuoteFormSchema = z
  .object({
    base: currencyField,
    destination: currencyField,
    amount: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.base === v.destination) ctx.addIssue({ code: "custom", path: ["destination"], message: "convert.errors.sameCurrency", input: v });
      const problem = conversionAmountProblem(v.amount, v.base);
      if (problem) ctx.addIssue({ code: "custom", path: ["amount"], message: problem, input: v });
    }),
  );
export type ConversionQuoteForm = z.infer<typeof conversionQuoteFormSchema>;

/** The answer of /simulate the member saw, as exact decimal strings, sealed by the server. */
export const conversionQuoteSchema = z.object({
  base: z.string(),
  destination: z.string(),
  fromAmount: z.string(),
  toAmount: z.string(),
  rate: z.string(),
  spread: z.nullable(z.string()),
  fee: z.nullable(z.string()),
  /** ISO 8601, the provider's clock */
  expiresAt: z.string(),
  /** the server's HMAC over the fields above: a quote the browser made up is refused */
  seal: z.string(),
});
export type ConversionQuote = z.infer<typeof conversionQuoteSchema>;

const externalIdField = z
  .string()
  .check(z.trim(), z.minLength(1, "convert.errors.externalIdRequired"), z.maxLength(CONVERSION_EXTERNAL_ID_MAX, "convert.errors.externalIdRequired"), z.regex(/^[\x21-\x7e]+$/, "convert.errors.externalIdRequired"));

/** "Convert": the quote the member confirmed and the reference made once for it. */
export const conversionExecuteFormSchema = z.object({
  externalId: externalIdField,
  quote: conversionQuoteSchema,
});
export type ConversionExecuteForm = z.infer<typeof conversionExecuteFormSchema>;

/** "Quote again" after expiry: the old quote, to show what changed. */
export const conversionRequoteFormSchema = z.object({ quote: conversionQuoteSchema });

/** The exact decimal string of a valid form's amount ("1.234,50" → "1234.5"). */
export function conversionAmount(raw: string): string {
  return new Money(normalizeAmount(raw)!).toFixed();
}

/**
 * The pair the form starts on: from the first funded balance (reais first), to USDT (or to reais
 * from USDT). `held`: the balances in conversion currencies, with what is available of each.
 */
export function initialPair(held: Array<{ currency: string; available: string }>): { base: string; destination: string } {
  const funded = held.filter((b) => new Money(b.available).gt(0));
  const base = (funded.find((b) => b.currency === "BRL") ?? funded[0] ?? held[0])?.currency ?? "BRL";
  return { base, destination: base === "USDT" ? "BRL" : "USDT" };
}
