/** Currency conversions: rate and simulate are quotes (safe to repeat); new executes (HMAC-signed). */
import type { RequestOptions } from "../core/transport";
import {
  conversionQuoteRequestSchema,
  conversionRateResponseSchema,
  conversionRequestSchema,
  conversionResponseSchema,
  conversionSimulateResponseSchema,
  type ConversionQuoteRequest,
  type ConversionRequest,
} from "../schemas/conversions";
import { ApiResource, toRequestAmount, type WithClientInputs } from "./shared";

export type ConversionQuoteParams = WithClientInputs<ConversionQuoteRequest>;
export type ConversionCreateParams = WithClientInputs<ConversionRequest>;

export class Conversions extends ApiResource {
  /** POST /v2/conversions/rate (200): rate, estimated_amount, timestamp. */
  rate(params: ConversionQuoteParams, options?: RequestOptions) {
    return this._call(() => {
      const json = this._validate(conversionQuoteRequestSchema, { ...params, amount: toRequestAmount(params.amount) }, "/v2/conversions/rate");
      return { method: "POST", path: "/v2/conversions/rate", json, schema: conversionRateResponseSchema, safeToRetry: true };
    }, options);
  }

  /** POST /v2/conversions/simulate (200): from_amount, to_amount, rate, spread, fee, expires_at. */
  simulate(params: ConversionQuoteParams, options?: RequestOptions) {
    return this._call(() => {
      const json = this._validate(conversionQuoteRequestSchema, { ...params, amount: toRequestAmount(params.amount) }, "/v2/conversions/simulate");
      return { method: "POST", path: "/v2/conversions/simulate", json, schema: conversionSimulateResponseSchema, safeToRetry: true };
    }, options);
  }

  /** POST /v2/conversions/new (202, HMAC-signed): conversion_id, amounts, currencies, rate, fee. */
  create(params: ConversionCreateParams, options?: RequestOptions) {
    return this._postWithExternalId(
      { path: "/v2/conversions/new", request: conversionRequestSchema, response: conversionResponseSchema, signed: true },
      params,
      options,
    );
  }
}
