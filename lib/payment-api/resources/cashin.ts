/** Cash-in: charges that receive money (PIX dynamic QR, SPEI, crypto deposit address). */
import type { RequestOptions } from "../core/transport";
import { cashinRequestSchema, cashinResponseSchema, type CashinRequest } from "../schemas/cashin";
import { ApiResource, type WithClientInputs } from "./shared";

export type CashinCreateParams = WithClientInputs<CashinRequest>;

export class Cashin extends ApiResource {
  /** POST /v2/transactions/cashin (201): transaction_id, status, payment_info. Retried safely: external_id. */
  create(params: CashinCreateParams, options?: RequestOptions) {
    return this._postWithExternalId({ path: "/v2/transactions/cashin", request: cashinRequestSchema, response: cashinResponseSchema }, params, options);
  }
}
