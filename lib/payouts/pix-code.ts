/**
 * Paying a PIX code ("Pix copia e cola"): what a pasted BR Code says, read twice. The Payment API's
 * PIX payload decoding (POST /v2/pix/decode) says who receives it (name, document, city) as the
 * provider reads it; lib/payments' codec says where the money goes (the key of a static code) and
 * what kind of code it is. Only a code with a key can be paid here, as a PIX cash-out to that key: a
 * dynamic code (a location URL, single use, perhaps expired) is paid through its charge, which the
 * API cannot do, so it is refused in words before anything is sent.
 */
import "server-only";
import type { ApiContext, ApiTarget } from "@/lib/api-context/context";
import { isPaymentApiError } from "@/lib/payment-api";
import { decodeBrCode } from "@/lib/payments/pix-br-code";
import { guessPixKeyType, validatePixKey, type PixKeyType } from "@/lib/payments/pix-key";
import { maskDocument } from "@/lib/payments/documents";
import { Money } from "@/lib/payments/money";
import { Refusal } from "@/lib/refusal";

/** What the Send form needs to pay a code: its key, its amount (null: the payer types it) and who receives it. */
export type PixCodeToPay = {
  key: string;
  keyType: PixKeyType;
  /** the code's amount, in reais ("25.00"), or null when the code leaves it to the payer */
  amount: string | null;
  receiverName: string;
  /** masked as a comprovante prints it */
  receiverDocument: string | null;
  city: string | null;
  description: string | null;
};

export async function readPixCode(ctx: ApiContext, target: ApiTarget, userId: string, input: string): Promise<PixCodeToPay> {
  const code = input.trim();
  const local = decodeBrCode(code);
  if (!local.ok) throw new Refusal("INVALID_PIX_CODE", "send.pixCode.errors.invalid", undefined, "code");
  let decoded;
  try {
    decoded = await ctx.call(target, { userId }, (client) => client.pix.decode(code));
  } catch (e) {
    if (isPaymentApiError(e) && e.code === "INVALID_PIX_KEY") throw new Refusal("INVALID_PIX_CODE", "send.pixCode.errors.invalid", undefined, "code");
    throw e;
  }
  const v = local.value;
  const receiverName = decoded.receiver_name || v.merchantName;
  if (v.url || !v.pixKey) throw new Refusal("PIX_CODE_DYNAMIC", "send.pixCode.errors.dynamic", { name: receiverName }, "code");
  const keyType = guessPixKeyType(v.pixKey);
  const key = keyType ? validatePixKey(v.pixKey, keyType) : null;
  if (!keyType || !key?.ok) throw new Refusal("PIX_CODE_KEY", "send.pixCode.errors.key", { name: receiverName }, "code");
  const amount = v.amount ?? (decoded.amount ? decoded.amount.toFixed() : null);
  return {
    key: key.value,
    keyType,
    amount: amount && new Money(amount).gt(0) ? new Money(amount).toFixed(2) : null,
    receiverName,
    receiverDocument: decoded.receiver_document ? maskDocument(decoded.receiver_document) : null,
    city: decoded.city ?? v.merchantCity ?? null,
    description: v.description ?? null,
  };
}
