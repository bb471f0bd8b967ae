/**
 * POST /v2/transactions/cashin (spec "POST /v2/transactions/cashin", "Payment info returned by cash-in").
 *
 * BRL → PIX: a dynamic BR Code (location URL, single use) in payment_info.qrcode, expires in 1 h.
 * MXN → SPEI: a CLABE (real bank and plaza codes, STP as the receiving bank) and its bank_code, 24 h.
 * Crypto → a deposit address valid for the chain, network, min_confirmations from the chain table;
 *   the amount answered as a decimal string; expires in 30 minutes (spec).
 *
 * Nothing moves in the ledger at creation: a charge is not money until it is paid (sandbox/lifecycle.ts
 * credits available on cashin.confirmed). The hot path is one SQL statement (idempotent insert + read-back).
 */
import type Decimal from "decimal.js";
import { cashinRequestSchema, type CashinRequest, type SplitEntry } from "@/lib/payment-api/schemas/cashin";
import { isCryptoCurrency } from "@/lib/payment-api/schemas/common";
import { buildDynamicBrCode } from "@/lib/payments/pix-br-code";
import { generateClabe } from "@/lib/payments/clabe";
import { generateAddress } from "@/lib/payments/crypto-address";
import { CHAINS, type ChainCode } from "@/lib/payments/chains";
import type { Account } from "../accounts";
import { newId } from "../accounts";
import type { Sandbox } from "../context";
import {
  CRYPTO_CASHIN_TTL_SECONDS,
  PIX_CASHIN_TTL_SECONDS,
  PIX_LOCATION_PREFIX,
  PIX_MERCHANT_CITY,
  SPEI_CASHIN_TTL_SECONDS,
} from "../config";
import { fieldError } from "../errors";
import { insertIdempotent, requestHash } from "../idempotency";
import { checkAmountBounds } from "../limits";
import { computeFee, decimalString, num } from "../money";
import type { V2Route } from "../pipeline";
import { amountOf, checkScale, inSeconds, createReserved, replayReply, reserveUsage } from "./common";

/** Dynamic BR Code of a charge; the merchant name falls back when the account name has no usable letters. */
export function pixQrCode(account: Account, amount: Decimal, transactionId: string): string {
  const input = { url: `${PIX_LOCATION_PREFIX}${transactionId}`, merchantCity: PIX_MERCHANT_CITY, amount: amount.toFixed(2) };
  try {
    return buildDynamicBrCode({ ...input, merchantName: account.name });
  } catch {
    return buildDynamicBrCode({ ...input, merchantName: "SANDBOX MERCHANT" });
  }
}

/**
 * Sandbox-side split rules beyond the schema (percentages ≤ 95 % is the schema's): every recipient is
 * an existing account other than the charging one, fixed amounts fit the currency's scale, and the
 * fixed amounts plus the percentage shares do not exceed the amount → INVALID_SPLIT_CONFIG.
 */
export async function checkSplit(sb: Sandbox, account: Account, split: SplitEntry[] | undefined, amount: Decimal, currency: string): Promise<void> {
  if (!split || split.length === 0) return;
  let fixed = amountOf(0);
  let percent = amountOf(0);
  for (const [i, s] of split.entries()) {
    const recipient = await sb.directory.accountByUsername(s.username);
    if (!recipient) throw fieldError("INVALID_SPLIT_CONFIG", `split.${i}.username`, `no account named ${s.username}`);
    if (recipient.id === account.id) throw fieldError("INVALID_SPLIT_CONFIG", `split.${i}.username`, "a split cannot pay the charging account itself");
    if ("amount" in s) {
      const a = amountOf(s.amount);
      checkScale(a, currency, `split.${i}.amount`);
      fixed = fixed.plus(a);
    } else {
      percent = percent.plus(amountOf(s.percentage));
    }
  }
  if (fixed.greaterThan(amount)) {
    throw fieldError("INVALID_SPLIT_CONFIG", "split", "fixed split amounts exceed the amount", { fixed_total: num(fixed), amount: num(amount) });
  }
  if (fixed.plus(amount.times(percent).dividedBy(100)).greaterThan(amount)) {
    throw fieldError("INVALID_SPLIT_CONFIG", "split", "fixed amounts plus percentage shares exceed the amount");
  }
}

export const cashinRoute: V2Route<CashinRequest> = {
  method: "POST",
  path: "/v2/transactions/cashin",
  permission: "can_cashin",
  schema: cashinRequestSchema,
  async handle({ sb, account, credential, body, route }) {
    const amount = amountOf(body.amount);
    const currency = body.currency;
    checkScale(amount, currency);
    const limit = await sb.configs.limit(account.id, currency, "cashin");
    checkAmountBounds(limit, amount, route);
    await checkSplit(sb, account, body.split, amount, currency);

    const crypto = isCryptoCurrency(currency);
    const method = currency === "BRL" ? "PIX" : currency === "MXN" ? "SPEI" : "CRYPTO";
    const fee = computeFee(await sb.configs.fee(account.id, "cashin", method, currency), amount, currency);
    const amountNet = amount.minus(fee);
    const id = newId();

    let paymentInfo: Record<string, unknown>;
    let expiresAt: Date;
    let chain: ChainCode | null = null;
    if (method === "PIX") {
      expiresAt = inSeconds(sb, PIX_CASHIN_TTL_SECONDS);
      paymentInfo = { qrcode: pixQrCode(account, amount, id), expires_at: expiresAt.toISOString() };
    } else if (method === "SPEI") {
      expiresAt = inSeconds(sb, SPEI_CASHIN_TTL_SECONDS);
      const clabe = generateClabe(undefined, { bankCode: "646" });
      paymentInfo = { clabe, bank_code: clabe.slice(0, 3) };
    } else {
      if (!body.chain) throw fieldError("MISSING_REQUIRED_FIELD", "chain", "chain is required for crypto");
      chain = body.chain;
      expiresAt = inSeconds(sb, CRYPTO_CASHIN_TTL_SECONDS);
      paymentInfo = { address: generateAddress(chain), chain, network: chain, min_confirmations: CHAINS[chain].confirmations };
    }

    const data: Record<string, unknown> = {
      transaction_id: id,
      external_id: body.external_id,
      status: "pending",
      // "Crypto cash-in response returns it as a decimal string."
      amount: crypto ? decimalString(amount) : num(amount),
      currency,
      fee: num(fee),
      amount_net: num(amountNet),
      expires_at: expiresAt.toISOString(),
      payment_info: paymentInfo,
      ...(chain !== null && { chain, deposit_address: paymentInfo.address }),
    };

    const hash = requestHash(route, body);
    const usage = await reserveUsage(sb, account.id, limit, amount, route, body.external_id, hash);
    if (usage.replay) return replayReply(usage.replay);
    return createReserved(usage.release, { status: 201, data }, () =>
      insertIdempotent(sb.db, {
        id,
        transactionId: id,
        accountId: account.id,
        externalId: body.external_id,
        requestHash: hash,
        type: "cashin",
        source: "cashin",
        method,
        limitOperation: "cashin",
        status: "pending",
        currency,
        amount,
        fee,
        amountNet,
        chain,
        network: chain,
        postbackUrl: body.postback_url ?? null,
        clientId: credential.clientId,
        details: {
          payer: body.payer,
          ...(body.split && { split: body.split }),
          ...(method === "PIX" && { origin: "dynamic_qr" }),
          ...(chain !== null && { deposit_address: paymentInfo.address }),
        },
        responseStatus: 201,
        response: data,
        expiresAt,
        createdAt: sb.clock.date(),
      }),
    );
  },
};
