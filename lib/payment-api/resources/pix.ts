/** PIX helpers: BR Code decoding and the legacy PIX payment route. */
import type { RequestOptions } from "../core/transport";
import { pixDecodeRequestSchema, pixDecodeResponseSchema, pixPaymentRequestSchema, pixPaymentResponseSchema, type PixPaymentRequest } from "../schemas/pix";
import { ApiResource, type WithClientInputs } from "./shared";

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
    return this._postWithExternalId(
      { path: "/v2/pix/payment", request: pixPaymentRequestSchema, response: pixPaymentResponseSchema, signed: true },
      params,
      options,
    );
  }
}
