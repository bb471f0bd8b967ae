/**
 * The spec's envelopes and errors, in one place (spec "What the service does" → envelope, "Errors").
 *
 * Handlers throw `ApiError`; the server renders it here. Codes, HTTP statuses, groups and
 * `retryable` come from the shared contract (lib/payment-api/schemas/errors.ts), so the sandbox and
 * the client cannot disagree on them.
 */
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { ERROR_CODES, errorStatusFor, type ApiErrorCode, type ErrorGroup } from "@/lib/payment-api/schemas/errors";
import { toSpecValidationError } from "@/lib/payment-api/schemas/validation";

export type ErrorDetails = Record<string, unknown>;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly group: ErrorGroup;
  readonly retryable: boolean;
  readonly details?: ErrorDetails;
  /** extra response headers (Retry-After) */
  readonly headers?: Record<string, string>;

  constructor(code: ApiErrorCode, message: string, details?: ErrorDetails, opts: { status?: number; headers?: Record<string, string> } = {}) {
    super(message);
    const info = ERROR_CODES[code];
    this.code = code;
    this.status = opts.status ?? info.status;
    this.group = info.group;
    this.retryable = info.retryable;
    this.details = details;
    this.headers = opts.headers;
  }
}

/** Spec case rule 1 and the contract's zod → error mapping (details.field is a dotted path). */
export function validationError(error: z.ZodError): ApiError {
  const v = toSpecValidationError(error);
  return new ApiError(v.code, v.message, v.details);
}

/** A missing or invalid field found by a sandbox-side rule (same shape as the schema's errors). */
export function fieldError(code: ApiErrorCode, field: string, message: string, extra: ErrorDetails = {}): ApiError {
  return new ApiError(code, `${field}: ${message}`, { field, ...extra });
}

/** LIMIT_EXCEEDED is 403 on boleto creation (spec case rule 3), 409 elsewhere. */
export function limitExceeded(route: string, message: string, details: ErrorDetails): ApiError {
  return new ApiError("LIMIT_EXCEEDED", message, details, { status: errorStatusFor("LIMIT_EXCEEDED", route) });
}

// A random per-process prefix and a counter: unique, and cheap on the hot path.
const REQUEST_PREFIX = randomBytes(6).toString("hex");
let requestCounter = 0;
export const newRequestId = (): string => `req_${REQUEST_PREFIX}${(++requestCounter).toString(16).padStart(12, "0")}`;

export function successBody(data: unknown, requestId: string, timestamp: string) {
  return { success: true as const, data, request_id: requestId, timestamp };
}

/** The error envelope; `request_id` and `timestamp` ride along (the contract's envelope is tolerant). */
export function errorBody(e: ApiError, requestId: string, timestamp: string) {
  return {
    success: false as const,
    error: {
      code: e.code,
      message: e.message,
      group: e.group,
      retryable: e.retryable,
      ...(e.details !== undefined && { details: e.details }),
    },
    request_id: requestId,
    timestamp,
  };
}

export function internalError(): ApiError {
  return new ApiError("INTERNAL_ERROR", "internal error; quote the request_id to support");
}
