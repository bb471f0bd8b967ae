/** PIX helpers: BR Code decoding and the legacy PIX payment route. */
import type { RequestOptions } from "../core/transport";
import { pixDecodeRequestSchema, pixDecodeResponseSchema, pixPaymentRequestSchema, pixPaymentResponseSchema, type PixPaymentRequest } from "../schemas/pix";
import { ApiResource, newExternalId, toRequestAmount, type WithClientInputs } from "./shared";

/** @deprecated params of the legacy POST /v2/pix/payment */
export type PixPaymentParams = WithClientInputs<PixPaymentRequest>;

export class Pix extends ApiResource {
  /** POST /v2/pix/decode { pix_key: <BR code> }: receiver_name, receiver_document, city, amount, txid. */
  decode(brCode: string, options?: RequestOptions) {
    return this._call(() => {
      const json = this._validate(pixDecodeRequestSchema, { pix_key: brCode }, "/v2/pix/decode");
      return { method: "POST", path: "/v2/pix/decode", json, schema: pixDecodeResponseSchema, safeToRetry: true };
    }, options);
  }

  /**
   * Legacy POST /v2/pix/payment (202, HMAC-signed): an alias of a BRL PIX cash-out.
   * @deprecated use `client.cashout.create({ currency: "BRL", ... })`.
   */
  payment(params: PixPaymentParams, options?: RequestOptions) {
    return this._callWithExternalId(() => {
      const external_id = params.external_id ?? newExternalId();
      const json = this._validate(pixPaymentRequestSchema, { ...params, amount: toRequestAmount(params.amount), external_id }, "/v2/pix/payment");
      return {
        route: { method: "POST", path: "/v2/pix/payment", json, schema: pixPaymentResponseSchema, signed: true, safeToRetry: true },
        externalId: external_id,
      };
    }, options);
  }
}
