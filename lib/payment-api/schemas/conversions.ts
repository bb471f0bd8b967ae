/** POST /v2/conversions/rate, /simulate, /new (spec "Conversion"; /new is HMAC-signed). */
import { z } from "zod";
import { currencySchema, decimalSchema, externalIdSchema, nullableDecimalSchema, optString, requestAmountSchema, specCode, transactionStatusSchema } from "./common";

const conversionShape = {
  amount: requestAmountSchema,
  base_currency: currencySchema,
  destination_currency: currencySchema,
};
const distinctCurrencies = <T extends { base_currency: string; destination_currency: string }>(b: T, ctx: z.RefinementCtx) => {
  if (b.base_currency === b.destination_currency) {
    ctx.addIssue({ code: "custom", path: ["destination_currency"], ...specCode("INVALID_CURRENCY", "base and destination currencies must differ") });
  }
};

/** Body of /rate and /simulate: amount, base_currency, destination_currency. */
export const conversionQuoteRequestSchema = z.object(conversionShape).superRefine(distinctCurrencies);
export type ConversionQuoteRequest = z.infer<typeof conversionQuoteRequestSchema>;
export const conversionRateRequestSchema = conversionQuoteRequestSchema;
export type ConversionRateRequest = ConversionQuoteRequest;
export const conversionSimulateRequestSchema = conversionQuoteRequestSchema;
export type ConversionSimulateRequest = ConversionQuoteRequest;

/** Body of /new: the same plus external_id (optional). */
export const conversionRequestSchema = z
  .object({ ...conversionShape, external_id: externalIdSchema.optional() })
  .superRefine(distinctCurrencies);
export type ConversionRequest = z.infer<typeof conversionRequestSchema>;

/** rate: rate, estimated_amount, timestamp. A rate of 5.0916 means 1 base unit = 5.0916 destination units. */
export const conversionRateResponseSchema = z.looseObject({
  rate: decimalSchema,
  estimated_amount: decimalSchema,
  timestamp: optString,
});
export type ConversionRateResponse = z.infer<typeof conversionRateResponseSchema>;

/** simulate: from_amount, to_amount, rate, spread, fee, expires_at. */
export const conversionSimulateResponseSchema = z.looseObject({
  from_amount: decimalSchema,
  to_amount: decimalSchema,
  rate: decimalSchema,
  spread: nullableDecimalSchema,
  fee: nullableDecimalSchema,
  expires_at: optString,
});
export type ConversionSimulateResponse = z.infer<typeof conversionSimulateResponseSchema>;

/** new: conversion_id, amount_from, currency_from, amount_to, currency_to, rate, fee. */
export const conversionResponseSchema = z.looseObject({
  conversion_id: z.string(),
  amount_from: decimalSchema,
  currency_from: z.string(),
  amount_to: decimalSchema,
  currency_to: z.string(),
  rate: decimalSchema,
  fee: nullableDecimalSchema,
  status: transactionStatusSchema.optional(),
  external_id: optString,
});
export type ConversionResponse = z.infer<typeof conversionResponseSchema>;
