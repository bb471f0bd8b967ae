/**
 * POST /v2/transactions/cashout (HMAC-signed) and its legacy alias POST /v2/pix/payment.
 *
 * BRL → a PIX key checked against key_type (INVALID_PIX_KEY); MXN → an 18-digit CLABE with a valid
 * check digit, bank_code auto-detected; crypto → an address valid for `network` (layer-2 networks
 * included: arbitrum, base, optimism; INVALID_CRYPTO_ADDRESS otherwise).
 *
 * The amount is debited at creation: available → blocked, in the same database transaction as the
 * insert (INSUFFICIENT_BALANCE rolls both back). The fee comes out of the amount: the recipient gets
 * amount_net = amount − fee. The answer is 202 { transaction_id, status: "pending" }; sandbox/lifecycle.ts
 * settles (blocked → gone) or fails (blocked → available) it.
 */
import { cashoutRequestSchema, type CashoutRequest } from "@/lib/payment-api/schemas/cashout";
import { isCryptoCurrency } from "@/lib/payment-api/schemas/common";
import { pixPaymentRequestSchema, type PixPaymentRequest } from "@/lib/payment-api/schemas/pix";
import { validatePixKey } from "@/lib/payments/pix-key";
import { validateClabe } from "@/lib/payments/clabe";
import { validateAddress } from "@/lib/payments/crypto-address";
import { newId } from "../accounts";
import { fieldError } from "../errors";
import { insertIdempotent, requestHash } from "../idempotency";
import { debit } from "../ledger";
import { checkAmountBounds } from "../limits";
import { computeFee, num } from "../money";
import type { Reply, V2Request, V2Route } from "../pipeline";
import { ApiError } from "../errors";
import { amountOf, checkScale, createReserved, replayReply, reserveUsage } from "./common";

export async function createCashout(req: V2Request<unknown>, body: CashoutRequest, hashedBody: unknown): Promise<Reply> {
  const { sb, account, route, credential } = req;
  const amount = amountOf(body.amount);
  const currency = body.currency;
  checkScale(amount, currency);

  const details: Record<string, unknown> = { key: body.key };
  let method: "PIX" | "SPEI" | "CRYPTO";
  let network: string | null = null;
  if (currency === "BRL") {
    method = "PIX";
    const keyType = body.key_type!;
    const k = validatePixKey(body.key, keyType);
    if (!k.ok) throw fieldError("INVALID_PIX_KEY", "key", `not a valid ${keyType} PIX key: ${k.error.message}`, { key_type: keyType });
    details.key = k.value;
    details.key_type = keyType;
  } else if (currency === "MXN") {
    method = "SPEI";
    const c = validateClabe(body.key);
    if (!c.ok) throw fieldError("INVALID_FORMAT", "key", c.error.message);
    if (body.bank_code !== undefined && body.bank_code !== c.value.bankCode) {
      throw fieldError("INVALID_VALUE", "bank_code", `bank_code ${body.bank_code} does not match the CLABE's bank ${c.value.bankCode}`);
    }
    details.bank_code = c.value.bankCode;
    details.name = body.name;
  } else if (isCryptoCurrency(currency)) {
    method = "CRYPTO";
    network = body.network!;
    const a = validateAddress(network, body.key);
    if (!a.ok) throw fieldError("INVALID_CRYPTO_ADDRESS", "key", `not a valid ${network} address: ${a.error.message}`, { network });
    details.key = a.value.address;
    details.network = network;
  } else {
    throw fieldError("UNSUPPORTED_CURRENCY", "currency", `${currency} cannot be withdrawn`);
  }
  if (body.description !== undefined) details.description = body.description;

  const limit = await sb.configs.limit(account.id, currency, "cashout");
  checkAmountBounds(limit, amount, route);
  const fee = computeFee(await sb.configs.fee(account.id, "cashout", method, currency), amount, currency);
  const amountNet = amount.minus(fee);
  if (!amountNet.isPositive() || amountNet.isZero()) {
    throw new ApiError("BELOW_MIN_LIMIT", "the amount does not cover the fee", { field: "amount", min_amount: num(fee.plus(limit?.min ?? 0)), fee: num(fee) });
  }

  const id = newId();
  const data = {
    transaction_id: id,
    external_id: body.external_id,
    status: "pending",
    amount: num(amount),
    currency,
    fee: num(fee),
    amount_net: num(amountNet),
    ...(network !== null && { network }),
  };
  const hash = requestHash(route, hashedBody);
  const usage = await reserveUsage(sb, account.id, limit, amount, route, body.external_id, hash);
  if (usage.replay) return replayReply(usage.replay);
  return createReserved(usage.release, { status: 202, data }, () =>
    sb.db.tx(async (q) => {
      const o = await insertIdempotent(q, {
        id,
        transactionId: id,
        accountId: account.id,
        externalId: body.external_id,
        requestHash: hash,
        type: "cashout",
        source: "cashout",
        method,
        limitOperation: "cashout",
        status: "pending",
        currency,
        amount,
        fee,
        amountNet,
        network,
        chain: network,
        postbackUrl: body.postback_url ?? null,
        clientId: credential.clientId,
        description: body.description ?? null,
        details,
        responseStatus: 202,
        response: data,
        createdAt: sb.clock.date(),
      });
      if (o.created) await debit(q, account.id, currency, amount, { hold: true });
      return o;
    }),
  );
}

export const cashoutRoute: V2Route<CashoutRequest> = {
  method: "POST",
  path: "/v2/transactions/cashout",
  permission: "can_cashout",
  signed: true,
  schema: cashoutRequestSchema,
  handle: (req) => createCashout(req, req.body, req.body),
};

/** Legacy: by contract an alias of a BRL PIX cash-out (same rules, its own idempotency route). */
export const pixPaymentRoute: V2Route<PixPaymentRequest> = {
  method: "POST",
  path: "/v2/pix/payment",
  permission: "can_cashout",
  signed: true,
  schema: pixPaymentRequestSchema,
  handle: (req) => createCashout(req, { ...req.body, currency: "BRL" }, req.body),
};
