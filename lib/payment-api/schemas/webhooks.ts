/**
 * Webhooks (spec "Events"). Contract: the body is the event's fields at the top level
 * (`event`, one of transaction_id / conversion_id / infraction_id, `status`, and the fields the spec
 * names for that event); `X-Service-Timestamp` is ISO 8601 UTC. The payload schema is permissive:
 * unknown events and fields pass; amounts become Decimal and statuses are normalised.
 */
import { z } from "zod";
import { nullableDecimalSchema, optString, transactionStatusSchema } from "./common";

export const WEBHOOK_EVENTS = [
  "cashin.confirmed",
  "cashin.refunded",
  "cashin.expired",
  "cashout.confirmed",
  "cashout.failed",
  "cashout.refunded",
  "wallet_deposit",
  "transfer.confirmed",
  "conversion.confirmed",
  "chargeback.opened",
  "chargeback.won",
  "chargeback.lost",
  "chargeback.canceled",
  // named by the infraction glossary
  "refund_confirmed",
  "refund_responded",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const isKnownWebhookEvent = (s: string): s is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(s);

/** Delivery rules: 5 attempts; intervals 1 min, 5 min, 15 min, 1 h, 6 h; 10 s to answer. */
export const WEBHOOK_RETRY_INTERVALS_SECONDS = [60, 300, 900, 3600, 21600] as const;
export const WEBHOOK_MAX_ATTEMPTS = 5;
export const WEBHOOK_TIMEOUT_SECONDS = 10;

export const webhookPayloadSchema = z
  .looseObject({
    event: z.string() as z.ZodType<WebhookEvent | (string & {}), string>,
    transaction_id: optString,
    conversion_id: optString,
    infraction_id: optString,
    external_id: optString,
    status: transactionStatusSchema.optional(),
    amount: nullableDecimalSchema,
    amount_net: nullableDecimalSchema,
    fee: nullableDecimalSchema,
    currency: optString,
    payer_name: optString,
    payer_document: optString,
    e2e_id: optString,
    tx_hash: optString,
    /** cashout.failed: TRON_ENERGY_FAIL, INSUFFICIENT_BALANCE, ... (see CASHOUT_FAILURE_CODES) */
    error_code: optString,
    /** transfer.confirmed: sent or received */
    direction: optString,
    /** chargeback.*: won, lost, canceled */
    outcome: optString,
    source: optString,
    payment_method: optString,
  })
  .refine((p) => Boolean(p.transaction_id ?? p.conversion_id ?? p.infraction_id), {
    message: "a webhook carries transaction_id, conversion_id or infraction_id",
  });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

