/** Internal transfers between accounts of the service, addressed by username. */
import type { RequestOptions } from "../core/transport";
import { transferRequestSchema, transferResponseSchema, type TransferRequest } from "../schemas/transfers";
import { ApiResource, newExternalId, toRequestAmount, type WithClientInputs } from "./shared";

export type TransferCreateParams = WithClientInputs<TransferRequest>;

export class Transfers extends ApiResource {
  /** POST /v2/internal_transfers/payment (202, HMAC-signed): transaction_id, from_user, to_user, status. */
  create(params: TransferCreateParams, options?: RequestOptions) {
    return this._callWithExternalId(() => {
      const external_id = params.external_id ?? newExternalId();
      const json = this._validate(transferRequestSchema, { ...params, amount: toRequestAmount(params.amount), external_id }, "/v2/internal_transfers/payment");
      return {
        route: { method: "POST", path: "/v2/internal_transfers/payment", json, schema: transferResponseSchema, signed: true, safeToRetry: true },
        externalId: external_id,
      };
    }, options);
  }
}
