/**
 * POST /v2/boleto (spec "POST /v2/boleto", "Boleto"): BOLETO or PIX_BOLETO, BRL only, 201.
 *
 * - needs can_cashin (CREDENTIAL_PERMISSION_DENIED 403 otherwise, spec "Credential permissions");
 * - payer.document: CPF or CNPJ (numeric or alphanumeric) checked mathematically → INVALID_DOCUMENT 400;
 * - due_date: default today + 3 days (today in Brasília time, UTC−3); a past date → INVALID_VALUE;
 * - amount above the BRL cash-in limit, or the daily / monthly volume spent → LIMIT_EXCEEDED 403;
 * - barcode (44 digits) and digitable line (47 digits with separators) that real tools accept
 *   (FEBRABAN layout, bank 001, our own 25-digit free field); url null (render from the barcode);
 *   registration pending at creation (sandbox/lifecycle.ts registers it 5 s later: boleto.registered); PIX_BOLETO adds a dynamic BR Code;
 * - external_id (≤ 150) is the idempotency key; transaction_id is the caller's own id, unique per
 *   account (DUPLICATE_RESOURCE 409), generated (32 hex) when absent.
 */
import { randomInt } from "node:crypto";
import { boletoRequestSchema, type BoletoRequest } from "@/lib/payment-api/schemas/boleto";
import { buildBoleto } from "@/lib/payments/boleto-build";
import { newId } from "../accounts";
import { BOLETO_BANK_CODE, BOLETO_DEFAULT_DUE_DAYS } from "../config";
import { ApiError, fieldError } from "../errors";
import { sqlState } from "../db/sql";
import { insertIdempotent, requestHash } from "../idempotency";
import { checkAmountBounds } from "../limits";
import { computeFee, num } from "../money";
import type { V2Route } from "../pipeline";
import { amountOf, createReserved, replayReply, reserveUsage } from "./common";
import { pixQrCode } from "./cashin";

const BRT_OFFSET_MS = -3 * 3600_000;
const brasiliaDay = (ms: number) => new Date(ms + BRT_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const boletoRoute: V2Route<BoletoRequest> = {
  method: "POST",
  path: "/v2/boleto",
  permission: "can_cashin",
  // The shared contract validates payer.document (CPF or CNPJ, the alphanumeric CNPJ included).
  schema: boletoRequestSchema,
  async handle({ sb, account, credential, body, route }) {
    const amount = amountOf(body.amount);
    const today = brasiliaDay(sb.clock.now());
    const dueDate = body.due_date ?? addDays(today, BOLETO_DEFAULT_DUE_DAYS);
    if (dueDate < today) throw fieldError("INVALID_VALUE", "due_date", `due_date must be today (${today}) or later`);
    const limit = await sb.configs.limit(account.id, "BRL", "cashin");
    checkAmountBounds(limit, amount, route);
    const fee = computeFee(await sb.configs.fee(account.id, "cashin", "BOLETO", "BRL"), amount, "BRL");
    const amountNet = amount.minus(fee);

    const id = newId();
    const transactionId = body.transaction_id ?? id;
    let freeField = "";
    while (freeField.length < 25) freeField += String(randomInt(0, 10));
    const built = buildBoleto({ bankCode: BOLETO_BANK_CODE, dueDate, amount: amount.toFixed(2), freeField });
    const boleto = {
      barcode: built.barcode,
      digitable_line: built.formattedDigitableLine,
      url: null,
      due_date: dueDate,
      registration: "pending",
      ...(body.method === "PIX_BOLETO" && { pix_qrcode: pixQrCode(account, amount, id) }),
    };
    const data = {
      transaction_id: transactionId,
      external_id: body.external_id ?? null,
      amount: num(amount),
      fee: num(fee),
      amount_net: num(amountNet),
      currency: "BRL",
      payment_method: body.method,
      status: "pending",
      gateway_id: randomInt(100_000, 1_000_000_000),
      boleto,
    };
    const hash = requestHash(route, body);
    const usage = await reserveUsage(sb, account.id, limit, amount, route, body.external_id ?? null, hash);
    if (usage.replay) return replayReply(usage.replay);
    return createReserved(usage.release, { status: 201, data }, () =>
      insertIdempotent(sb.db, {
        id,
        transactionId,
        accountId: account.id,
        externalId: body.external_id ?? null,
        requestHash: hash,
        type: "cashin",
        source: "cashin",
        method: body.method,
        limitOperation: "cashin",
        status: "pending",
        currency: "BRL",
        amount,
        fee,
        amountNet,
        postbackUrl: body.postback_url ?? null,
        clientId: credential.clientId,
        description: body.description ?? null,
        details: { payer: body.payer, boleto },
        responseStatus: 201,
        response: data,
        expiresAt: new Date(Date.parse(`${dueDate}T23:59:59.999Z`) - BRT_OFFSET_MS),
        createdAt: sb.clock.date(),
      }),
    ).catch((e: unknown) => {
      // The only unique index besides the idempotency arbiter: (account_id, transaction_id).
      if (sqlState(e) === "23505") {
        throw new ApiError("DUPLICATE_RESOURCE", `transaction_id ${transactionId} already exists`, { field: "transaction_id" });
      }
      throw e;
    });
  },
};
