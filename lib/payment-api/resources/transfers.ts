/** Internal transfers between accounts of the service, addressed by username. */
import type { RequestOptions } from "../core/transport";
import { transferRequestSchema, transferResponseSchema, type TransferRequest } from "../schemas/transfers";
import { ApiResource, type WithClientInputs } from "./shared";

export type TransferCreateParams = WithClientInputs<TransferRequest>;

export class Transfers extends ApiResource {
  /** POST /v2/internal_transfers/payment (202, HMAC-signed): transaction_id, from_user, to_user, status. */
  create(params: TransferCreateParams, options?: RequestOptions) {
    return this._postWithExternalId(
      { path: "/v2/internal_transfers/payment", request: transferRequestSchema, response: transferResponseSchema, signed: true },
      params,
      options,
    );
  }
}
