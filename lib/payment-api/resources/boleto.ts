/** Boleto issuance (registered, or hybrid with PIX). BRL only. */
import type { RequestOptions } from "../core/transport";
import { boletoRequestSchema, boletoResponseSchema, type BoletoRequest } from "../schemas/boleto";
import { ApiResource, type WithClientInputs } from "./shared";

export type BoletoCreateParams = WithClientInputs<BoletoRequest>;

export class Boleto extends ApiResource {
  /** POST /v2/boleto (201): accepts the answer enveloped or bare (the spec shows it bare). */
  create(params: BoletoCreateParams, options?: RequestOptions) {
    return this._postWithExternalId(
      { path: "/v2/boleto", request: boletoRequestSchema, response: boletoResponseSchema, acceptBare: true },
      params,
      options,
    );
  }
}
