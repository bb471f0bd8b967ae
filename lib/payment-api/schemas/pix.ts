/** PIX payload decoding and the legacy PIX payment route (both "not shown" by the spec; contract choices). */
import { z } from "zod";
import {
  externalIdSchema,
  nullableDecimalSchema,
  optString,
  pixKeyTypeSchema,
  postbackUrlSchema,
  requestAmountSchema,
  transactionStatusSchema,
} from "./common";

// POST /v2/pix/decode -------------------------------------------------------------------------
/** "An operation takes { pix_key: <BR code string> }". */
export const pixDecodeRequestSchema = z.object({ pix_key: z.string().min(1).max(1000) });
export type PixDecodeRequest = z.infer<typeof pixDecodeRequestSchema>;

export const pixDecodeResponseSchema = z.looseObject({
  receiver_name: z.string(),
  receiver_document: z.string().nullish(),
  city: z.string().nullish(),
  amount: nullableDecimalSchema,
  txid: z.string().nullish(),
});
export type PixDecodeResponse = z.infer<typeof pixDecodeResponseSchema>;

// POST /v2/pix/payment (legacy, HMAC-signed) --------------------------------------------------
/**
 * By contract an alias of a BRL PIX cash-out.
 * @deprecated use the cash-out (`cashoutRequestSchema` with currency BRL).
 */
export const pixPaymentRequestSchema = z.object({
  external_id: externalIdSchema,
  amount: requestAmountSchema,
  key: z.string().min(1).max(256),
  key_type: pixKeyTypeSchema,
  description: z.string().max(500).optional(),
  postback_url: postbackUrlSchema.optional(),
});
/** @deprecated see pixPaymentRequestSchema */
export type PixPaymentRequest = z.infer<typeof pixPaymentRequestSchema>;

/** Response 202: { transaction_id, status: "pending" }. */
export const pixPaymentResponseSchema = z.looseObject({
  transaction_id: z.string(),
  status: transactionStatusSchema,
  external_id: optString,
});
/** @deprecated see pixPaymentRequestSchema */
export type PixPaymentResponse = z.infer<typeof pixPaymentResponseSchema>;
