/** Cash-in: charges that receive money (PIX dynamic QR, SPEI, crypto deposit address). */
import type { RequestOptions } from "../core/transport";
import { cashinRequestSchema, cashinResponseSchema, type CashinRequest } from "../schemas/cashin";
import { ApiResource, newExternalId, toRequestAmount, type WithClientInputs } from "./shared";

export type CashinCreateParams = WithClientInputs<CashinRequest>;

export class Cashin extends ApiResource {
  /** POST /v2/transactions/cashin (201): transaction_id, status, payment_info. Retried safely: external_id. */
  create(params: CashinCreateParams, options?: RequestOptions) {
    return this._callWithExternalId(() => {
      const external_id = params.external_id ?? newExternalId();
      const json = this._validate(cashinRequestSchema, { ...params, amount: toRequestAmount(params.amount), external_id }, "/v2/transactions/cashin");
      return {
        route: { method: "POST", path: "/v2/transactions/cashin", json, schema: cashinResponseSchema, safeToRetry: true },
        externalId: external_id,
      };
    }, options);
  }
}
