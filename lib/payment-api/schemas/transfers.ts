/** POST /v2/internal_transfers/payment (HMAC-signed; spec "Internal transfer"). */
import { z } from "zod";
import { currencySchema, externalIdSchema, nullableDecimalSchema, optString, requestAmountSchema, transactionStatusSchema } from "./common";

export const transferRequestSchema = z.object({
  /** recipient account */
  username: z.string().min(1).max(100),
  amount: requestAmountSchema,
  currency: currencySchema,
  description: z.string().max(500).optional(),
  external_id: externalIdSchema.optional(),
});
export type TransferRequest = z.infer<typeof transferRequestSchema>;

/** transaction_id, from_user, to_user, status (returned as confirmed). */
export const transferResponseSchema = z.looseObject({
  transaction_id: z.string(),
  from_user: z.string(),
  to_user: z.string(),
  status: transactionStatusSchema,
  external_id: optString,
  amount: nullableDecimalSchema,
  currency: optString,
});
export type TransferResponse = z.infer<typeof transferResponseSchema>;
