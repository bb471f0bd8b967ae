/** POST /v2/account/transactions/list (spec "POST /v2/account/transactions/list", "Transaction"). */
import { z } from "zod";
import {
  dateSchema,
  externalIdSchema,
  nullableDecimalSchema,
  openEnum,
  optString,
  specCode,
  transactionStatusSchema,
} from "./common";
import { listResponseSchema, pageQueryShape } from "./lists";

/** The list filter accepts pending, confirmed, cancelled, failed (one vocabulary only). */
export const TRANSACTION_FILTER_STATUSES = ["pending", "confirmed", "cancelled", "failed"] as const;
export const TRANSACTION_TYPES = ["cashin", "cashout"] as const;
export const TRANSACTION_SOURCES = ["cashin", "cashout", "conversion", "internal_transfer", "wallet_deposit"] as const;

export const transactionListRequestSchema = z
  .object({
    ...pageQueryShape,
    status: z.enum(TRANSACTION_FILTER_STATUSES).optional(),
    type: z.enum(TRANSACTION_TYPES).optional(),
    source: z.enum(TRANSACTION_SOURCES).optional(),
    currency: z.string().min(1).max(10).optional(),
    /** YYYY-MM-DD */
    from_date: dateSchema.optional(),
    /** YYYY-MM-DD */
    to_date: dateSchema.optional(),
    transaction_id: z.string().min(1).max(64).optional(),
    external_id: externalIdSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.from_date !== undefined && b.to_date !== undefined && b.from_date > b.to_date) {
      ctx.addIssue({ code: "custom", path: ["to_date"], ...specCode("INVALID_VALUE", "to_date is before from_date") });
    }
  });
export type TransactionListRequest = z.infer<typeof transactionListRequestSchema>;

/** A transaction as listed. Everything but the id is optional: the spec lists fields "seen". */
export const transactionSchema = z.looseObject({
  transaction_id: z.string(),
  external_id: optString,
  type: openEnum(TRANSACTION_TYPES).nullish(),
  source: z.string().nullish(),
  /** normalised: paid → confirmed, canceled → cancelled; unknown values kept */
  status: transactionStatusSchema,
  amount: nullableDecimalSchema,
  amount_net: nullableDecimalSchema,
  fee: nullableDecimalSchema,
  currency: optString,
  chain: optString,
  network: optString,
  deposit_address: optString,
  expires_at: optString,
  payment_method: optString,
  payer_name: optString,
  payer_document: optString,
  e2e_id: optString,
  tx_hash: optString,
  description: optString,
  created_at: optString,
  updated_at: optString,
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListResponseSchema = listResponseSchema(transactionSchema);
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;
