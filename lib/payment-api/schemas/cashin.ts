/** POST /v2/transactions/cashin (spec "POST /v2/transactions/cashin", "Payment info returned by cash-in"). */
import { z } from "zod";
import {
  cashinChainSchema,
  chainCarries,
  currencySchema,
  externalIdSchema,
  isCryptoCurrency,
  nullableDecimalSchema,
  optString,
  postbackUrlSchema,
  requestAmountSchema,
  specCode,
  transactionStatusSchema,
} from "./common";

/** "The sum of percentages must not exceed 95 percent; violation gives INVALID_SPLIT_CONFIG." */
export const SPLIT_PERCENTAGE_MAX = 95;

export const splitPercentageEntrySchema = z.object({
  username: z.string().min(1),
  percentage: z
    .number()
    .refine((p) => Number.isFinite(p) && p > 0 && p <= SPLIT_PERCENTAGE_MAX, specCode("INVALID_SPLIT_CONFIG", "percentage must be above 0 and at most 95")),
});
export const splitFixedEntrySchema = z.object({
  username: z.string().min(1),
  type: z.literal("fixed"),
  amount: requestAmountSchema,
});
/** Each element is either { username, percentage } or { username, type: fixed, amount }. */
export const splitEntrySchema = z.union([splitFixedEntrySchema, splitPercentageEntrySchema]);
export type SplitEntry = z.infer<typeof splitEntrySchema>;

export const splitSchema = z.array(splitEntrySchema).superRefine((entries, ctx) => {
  // Sum in hundredths to avoid 33.33 + 33.33 + 28.34 style float noise.
  const total = entries.reduce((s, x) => s + ("percentage" in x ? Math.round(x.percentage * 1e6) : 0), 0);
  if (total > SPLIT_PERCENTAGE_MAX * 1e6) {
    ctx.addIssue({ code: "custom", ...specCode("INVALID_SPLIT_CONFIG", "split percentages must not exceed 95 in total") });
  }
});

export const cashinPayerSchema = z.object({
  name: z.string().min(1),
  document: z.string().min(1),
  email: z.email().optional(),
});

export const cashinRequestSchema = z
  .object({
    amount: requestAmountSchema,
    currency: currencySchema,
    /** required for crypto: tron, ethereum, bsc, polygon, solana, bitcoin */
    chain: cashinChainSchema.optional(),
    external_id: externalIdSchema,
    postback_url: postbackUrlSchema.optional(),
    payer: cashinPayerSchema,
    split: splitSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (isCryptoCurrency(b.currency)) {
      if (b.chain === undefined) {
        ctx.addIssue({ code: "custom", path: ["chain"], ...specCode("MISSING_REQUIRED_FIELD", "chain is required for crypto") });
      } else if (!chainCarries(b.chain, b.currency)) {
        ctx.addIssue({ code: "custom", path: ["currency"], ...specCode("INVALID_CURRENCY", `${b.currency} is not supported on ${b.chain}`) });
      }
    }
  });
export type CashinRequest = z.infer<typeof cashinRequestSchema>;

/** data.payment_info: PIX { qrcode, expires_at }, crypto { address, chain, network, min_confirmations }, SPEI { clabe, bank_code }. */
export const paymentInfoSchema = z.looseObject({
  qrcode: optString,
  expires_at: optString,
  address: optString,
  chain: optString,
  network: optString,
  min_confirmations: z.number().nullish(),
  clabe: optString,
  bank_code: optString,
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const cashinResponseSchema = z.looseObject({
  transaction_id: z.string(),
  status: transactionStatusSchema,
  external_id: optString,
  payment_info: paymentInfoSchema.nullish(),
  /** a decimal string in the crypto cash-in response; a number elsewhere; always a Decimal here */
  amount: nullableDecimalSchema,
  amount_net: nullableDecimalSchema,
  fee: nullableDecimalSchema,
  currency: optString,
  chain: optString,
  deposit_address: optString,
  expires_at: optString,
});
export type CashinResponse = z.infer<typeof cashinResponseSchema>;
