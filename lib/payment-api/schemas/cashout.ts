/** POST /v2/transactions/cashout (HMAC-signed). */
import { z } from "zod";
import {
  currencySchema,
  externalIdSchema,
  isCryptoCurrency,
  chainCarries,
  networkSchema,
  optString,
  pixKeyTypeSchema,
  postbackUrlSchema,
  requestAmountSchema,
  specCode,
  transactionStatusSchema,
} from "./common";

export const CLABE_PATTERN = /^\d{18}$/;

export const cashoutRequestSchema = z
  .object({
    external_id: externalIdSchema,
    amount: requestAmountSchema,
    currency: currencySchema,
    /** PIX key, crypto address, or 18-digit CLABE */
    key: z.string().min(1).max(256),
    /** PIX only: cpf, cnpj, email, phone, random */
    key_type: pixKeyTypeSchema.optional(),
    /** crypto only: network code such as tron, ethereum, bsc, polygon, arbitrum, base, optimism */
    network: networkSchema.optional(),
    /** SPEI: recipient name */
    name: z.string().min(1).max(200).optional(),
    /** SPEI, optional: auto-detected from the CLABE */
    bank_code: z.string().min(1).max(10).optional(),
    description: z.string().max(500).optional(),
    postback_url: postbackUrlSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const missing = (field: string) =>
      ctx.addIssue({ code: "custom", path: [field], ...specCode("MISSING_REQUIRED_FIELD", `${field} is required`) });
    if (b.currency === "BRL" && b.key_type === undefined) missing("key_type");
    if (b.currency === "MXN") {
      if (b.name === undefined) missing("name");
      if (!CLABE_PATTERN.test(b.key)) {
        ctx.addIssue({ code: "custom", path: ["key"], ...specCode("INVALID_FORMAT", "key must be an 18-digit CLABE") });
      }
    }
    if (isCryptoCurrency(b.currency)) {
      // spec case rule 6: absent network gives MISSING_REQUIRED_FIELD; currency not on the chain, INVALID_CURRENCY
      if (b.network === undefined) missing("network");
      else if (!chainCarries(b.network, b.currency)) {
        ctx.addIssue({ code: "custom", path: ["currency"], ...specCode("INVALID_CURRENCY", `${b.currency} is not supported on ${b.network}`) });
      }
    }
  });
export type CashoutRequest = z.infer<typeof cashoutRequestSchema>;

/** Response 202: { transaction_id, status: pending }. */
export const cashoutResponseSchema = z.looseObject({
  transaction_id: z.string(),
  status: transactionStatusSchema,
  external_id: optString,
});
export type CashoutResponse = z.infer<typeof cashoutResponseSchema>;

