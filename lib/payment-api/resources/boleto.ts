/** Boleto issuance (registered, or hybrid with PIX). BRL only. */
import type { RequestOptions } from "../core/transport";
import { boletoRequestSchema, boletoResponseSchema, type BoletoRequest } from "../schemas/boleto";
import { ApiResource, newExternalId, toRequestAmount, type WithClientInputs } from "./shared";

export type BoletoCreateParams = WithClientInputs<BoletoRequest>;

export class Boleto extends ApiResource {
  /** POST /v2/boleto (201): accepts the answer enveloped or bare (the spec shows it bare). */
  create(params: BoletoCreateParams, options?: RequestOptions) {
    return this._callWithExternalId(() => {
      const external_id = params.external_id ?? newExternalId();
      const json = this._validate(boletoRequestSchema, { ...params, amount: toRequestAmount(params.amount), external_id }, "/v2/boleto");
      return {
        route: { method: "POST", path: "/v2/boleto", json, schema: boletoResponseSchema, safeToRetry: true, acceptBare: true },
        externalId: external_id,
      };
    }, options);
  }
}
