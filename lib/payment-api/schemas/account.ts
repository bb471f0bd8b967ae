/**
 * Account reads (spec "Account reads"). Their exact layout is "not shown" by the spec; the layout
 * below is the contract choice shared with the sandbox (README "Contract choices"). Amounts arrive
 * as JSON numbers and are parsed into Decimal.
 */
import { z } from "zod";
import { decimalSchema, nullableDecimalSchema, openEnum } from "./common";

// GET /v2/account/balance ---------------------------------------------------------------------
export const balanceEntrySchema = z.looseObject({
  currency: z.string(),
  /** glossary name: balance */
  available: decimalSchema,
  /** glossary name: balance_locked (blocked by operations or compliance) */
  blocked: decimalSchema,
  pending: decimalSchema,
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;
export const balanceResponseSchema = z.looseObject({ balances: z.array(balanceEntrySchema) });
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

// GET /v2/account/info/profile ----------------------------------------------------------------
export const profileResponseSchema = z.looseObject({
  username: z.string(),
  name: z.string().nullish(),
  document: z.string().nullish(),
  kyc_level: z.number(),
  kyc_status: z.string(),
  status: z.string(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

// GET /v2/account/limits ----------------------------------------------------------------------
export const LIMIT_OPERATIONS = ["cashin", "cashout", "transfer", "conversion"] as const;
export const limitEntrySchema = z.looseObject({
  currency: z.string(),
  operation: openEnum(LIMIT_OPERATIONS),
  per_operation_min: nullableDecimalSchema,
  per_operation_max: nullableDecimalSchema,
  daily_max: nullableDecimalSchema,
  daily_used: nullableDecimalSchema,
  monthly_max: nullableDecimalSchema,
  monthly_used: nullableDecimalSchema,
});
export type LimitEntry = z.infer<typeof limitEntrySchema>;
export const limitsResponseSchema = z.looseObject({ limits: z.array(limitEntrySchema) });
export type LimitsResponse = z.infer<typeof limitsResponseSchema>;

// GET /v2/account/fees ------------------------------------------------------------------------
export const FEE_OPERATIONS = ["cashin", "cashout", "conversion", "transfer"] as const;
export const FEE_METHODS = ["PIX", "SPEI", "BOLETO", "CRYPTO"] as const;
export const feeEntrySchema = z.looseObject({
  operation: openEnum(FEE_OPERATIONS),
  method: openEnum(FEE_METHODS).nullable(),
  currency: z.string(),
  /** percent of the amount, e.g. 1.5 means 1.5 % */
  percentage: decimalSchema,
  fixed: decimalSchema,
  minimum: decimalSchema,
});
export type FeeEntry = z.infer<typeof feeEntrySchema>;
export const feesResponseSchema = z.looseObject({ fees: z.array(feeEntrySchema) });
export type FeesResponse = z.infer<typeof feesResponseSchema>;
