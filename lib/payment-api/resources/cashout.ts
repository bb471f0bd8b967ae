/** Cash-out: asynchronous payouts to a PIX key, a CLABE or a crypto address. */
import type { RequestOptions } from "../core/transport";
import { cashoutRequestSchema, cashoutResponseSchema, type CashoutRequest } from "../schemas/cashout";
import { ApiResource, newExternalId, toRequestAmount, type WithClientInputs } from "./shared";

export type CashoutCreateParams = WithClientInputs<CashoutRequest>;

export class Cashout extends ApiResource {
  /** POST /v2/transactions/cashout (202, HMAC-signed): { transaction_id, status: pending }; outcome by webhook. */
  create(params: CashoutCreateParams, options?: RequestOptions) {
    return this._callWithExternalId(() => {
      const external_id = params.external_id ?? newExternalId();
      const json = this._validate(cashoutRequestSchema, { ...params, amount: toRequestAmount(params.amount), external_id }, "/v2/transactions/cashout");
      return {
        route: { method: "POST", path: "/v2/transactions/cashout", json, schema: cashoutResponseSchema, signed: true, safeToRetry: true },
        externalId: external_id,
      };
    }, options);
  }
}
