/** The money writes that carry an idempotency key (external_id): boleto, cash-out, transfers, conversions, PIX payment. */
import type { z } from "zod";
import type { ApiPromise } from "../core/api-promise";
import type { RequestOptions } from "../core/transport";
import { ApiResource, newExternalId, toRequestAmount, type AmountInput, type WithExternalId } from "./shared";

/** A POST route whose body takes an external_id and an amount. */
export type IdempotentWriteRoute<T> = {
  path: string;
  /** the shared request schema: the body is validated with it before it is sent */
  request: z.ZodType;
  response: z.ZodType<T, unknown>;
  /** HMAC-signed route */
  signed?: boolean;
  /** accept a bare 2xx JSON object as `data` (the spec shows the boleto answer without the envelope) */
  acceptBare?: boolean;
};

export class IdempotentWriteResource extends ApiResource {
  /**
   * POST `params` to `route`. The external_id is the caller's, or one generated once for the call and
   * reused by every attempt, so the write is safe to retry; the amount is sent as a JSON number; the
   * data returned carries the external_id used.
   */
  protected _postWithExternalId<T extends { external_id?: string | null }>(
    { path, request, response, ...flags }: IdempotentWriteRoute<T>,
    params: { amount: AmountInput; external_id?: string },
    options?: RequestOptions,
  ): ApiPromise<WithExternalId<T>> {
    return this._callWithExternalId(() => {
      const external_id = params.external_id ?? newExternalId();
      const json = this._validate(request, { ...params, amount: toRequestAmount(params.amount), external_id }, path);
      return {
        route: { method: "POST", path, json, schema: response, ...flags, safeToRetry: true },
        externalId: external_id,
      };
    }, options);
  }
}
