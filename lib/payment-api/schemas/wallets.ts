/** POST /v2/transactions/wallet (spec "POST /v2/transactions/wallet", "Wallet"). */
import { z } from "zod";
import { cashinChainSchema, chainCarries, currencySchema, isCryptoCurrency, optString, specCode } from "./common";

export const walletRequestSchema = z
  .object({
    currency: currencySchema,
    /** optional; the origin blockchain of deposits (same list as cash-in) */
    chain: cashinChainSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.chain !== undefined && isCryptoCurrency(b.currency) && !chainCarries(b.chain, b.currency)) {
      ctx.addIssue({ code: "custom", path: ["currency"], ...specCode("INVALID_CURRENCY", `${b.currency} is not supported on ${b.chain}`) });
    }
  });
export type WalletRequest = z.infer<typeof walletRequestSchema>;

/** wallet_id and, depending on currency, address (crypto), pix_key (BRL) or clabe (MXN). */
export const walletResponseSchema = z.looseObject({
  wallet_id: z.string(),
  currency: z.string(),
  address: optString,
  pix_key: optString,
  clabe: optString,
  chain: optString,
  min_confirmations: z.number().nullish(),
});
export type WalletResponse = z.infer<typeof walletResponseSchema>;
