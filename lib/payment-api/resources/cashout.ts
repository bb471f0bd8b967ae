/** Cash-out: asynchronous payouts to a PIX key, a CLABE or a crypto address. */
import type { RequestOptions } from "../core/transport";
import { cashoutRequestSchema, cashoutResponseSchema, type CashoutRequest } from "../schemas/cashout";
import { ApiResource, type WithClientInputs } from "./shared";

export type CashoutCreateParams = WithClientInputs<CashoutRequest>;

export class Cashout extends ApiResource {
  /** POST /v2/transactions/cashout (202, HMAC-signed): { transaction_id, status: pending }; outcome by webhook. */
  create(params: CashoutCreateParams, options?: RequestOptions) {
    return this._postWithExternalId(
      { path: "/v2/transactions/cashout", request: cashoutRequestSchema, response: cashoutResponseSchema, signed: true },
      params,
      options,
    );
  }
}
