/**
 * The Convert form's value lists, plain TypeScript: what the form's first state draws before its code
 * loaded (components/convert/convert-panel.tsx) takes them from here, not from lib/conversions/form.ts
 * (zod, the decimal type), which re-exports them.
 */
import { CORE_CURRENCIES, type CoreCurrency } from "@/lib/payments/currencies";

/** The currencies a conversion can name (the API's currencies that have a rate). */
export const CONVERSION_CURRENCIES = CORE_CURRENCIES;
export type ConversionCurrency = CoreCurrency;

export const isConversionCurrency = (c: unknown): c is ConversionCurrency => typeof c === "string" && (CONVERSION_CURRENCIES as readonly string[]).includes(c);
