/** Helpers shared by the resource groups. */
import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import type { z } from "zod";
import { ApiPromise, type ApiResponse } from "../core/api-promise";
import { PaymentApiError } from "../core/errors";
import type { RequestOptions, RouteSpec, Transport } from "../core/transport";
import { toSpecValidationError } from "../schemas/validation";

/** An amount as callers may hold it; sent as a JSON number ("number in requests"). */
export type AmountInput = number | string | Decimal;

/** Make `external_id` optional (the client generates one) and let amounts be Decimal or string. */
export type WithClientInputs<T> = Omit<T, "external_id" | "amount"> &
  ("amount" extends keyof T ? { amount: AmountInput } : unknown) & { external_id?: string };

/** A result carrying the external_id that was sent, whether the answer echoes it or not. */
export type WithExternalId<T> = T & { external_id: string };

export const toRequestAmount = (v: AmountInput): number => {
  if (typeof v === "number") return v;
  if (Decimal.isDecimal(v)) return (v as Decimal).toNumber();
  return typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
};

/**
 * Idempotency key for writes that take one (spec "Identifiers": external_id, "Idempotency key").
 * Generated once per call and reused by every attempt, so a retry after a lost answer returns the
 * original transaction instead of creating a second one (spec case rule 5). 32 hex characters.
 */
export const newExternalId = (): string => randomUUID().replace(/-/g, "");

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

export class ApiResource {
  protected readonly _transport: Transport;
  constructor(transport: Transport) {
    this._transport = transport;
  }

  /** Validate a request body with the shared schema, failing as the service would, without sending it. */
  protected _validate<S extends z.ZodType>(schema: S, body: unknown, route: string): z.output<S> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const v = toSpecValidationError(parsed.error);
    throw new PaymentApiError({
      status: 0,
      code: v.code,
      message: v.message,
      group: v.group,
      retryable: false,
      details: { ...v.details, client_side: true },
      path: route,
      attempts: 0,
    });
  }

  /** Run `build` (validation may throw: the promise rejects) and send the route it returns. */
  protected _call<T>(build: () => RouteSpec<T>, options?: RequestOptions): ApiPromise<T> {
    return new ApiPromise((async () => this._transport.request(build(), options))());
  }

  /**
   * POST `params` to `route`, a money write with an idempotency key. The external_id is the caller's,
   * or one generated once for the call and reused by every attempt, so the write is safe to retry;
   * the amount is sent as a JSON number; the data returned carries the external_id used.
   */
  protected _postWithExternalId<T extends { external_id?: string | null }>(
    { path, request, response, ...flags }: IdempotentWriteRoute<T>,
    params: { amount: AmountInput; external_id?: string },
    options?: RequestOptions,
  ): ApiPromise<WithExternalId<T>> {
    const run = async (): Promise<ApiResponse<WithExternalId<T>>> => {
      const external_id = params.external_id ?? newExternalId();
      const json = this._validate(request, { ...params, amount: toRequestAmount(params.amount), external_id }, path);
      const res = await this._transport.request({ method: "POST", path, json, schema: response, ...flags, safeToRetry: true }, options);
      return { ...res, data: { ...res.data, external_id: res.data.external_id ?? external_id } };
    };
    return new ApiPromise(run());
  }
}
