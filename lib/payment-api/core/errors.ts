/**
 * The one error class of the client. Every failure, whether the service answered with its error
 * envelope, answered something that is not the envelope (HTML from a gateway, empty body, invalid
 * JSON), never answered (connection reset, timeout), or the request failed local validation,
 * becomes a PaymentApiError, so callers have one thing to catch and one `code` to switch on.
 *
 * It never holds the client secret, the signing key or an access token: it is built only from the
 * answer's error body, the HTTP status and headers, and the request's method and path.
 */
import type { ApiErrorCode, ClientErrorCode, ErrorGroup } from "../schemas/errors";
import type { RateLimitInfo } from "./rate-limit";

export type PaymentApiErrorCode = ApiErrorCode | ClientErrorCode | (string & {});

export type PaymentApiErrorInit = {
  /** HTTP status of the answer; 0 when there was none (connection error, timeout, local validation) */
  status: number;
  code: PaymentApiErrorCode;
  message: string;
  group: ErrorGroup | (string & {});
  retryable: boolean;
  details?: Record<string, unknown> | null;
  requestId?: string | null;
  rateLimit?: RateLimitInfo | null;
  method?: string;
  path?: string;
  /** how many HTTP attempts were made before giving up */
  attempts?: number;
  /** a sanitised description of a lower-level failure (never the original object) */
  cause?: { name: string; code?: string; message: string };
  /**
   * Answered on this side, the request never left: local validation, the circuit breaker, or a
   * fetch wrapper answering in the API's place (a rate budget; see core/outcome.ts).
   */
  local?: boolean;
  /** An earlier attempt of the same call may have reached the API and its answer was never read. */
  earlierAttemptUnknown?: boolean;
};

/**
 * Marks every PaymentApiError, whichever copy of this module made it: a bundler may put the module in
 * two chunks (Next.js: the instrumentation that creates the shared API context, and a server action),
 * and `instanceof` then fails across them.
 */
const BRAND = Symbol.for("payment-api.PaymentApiError");

export class PaymentApiError extends Error {
  override readonly name = "PaymentApiError";
  readonly [BRAND] = true;
  readonly status: number;
  readonly code: PaymentApiErrorCode;
  readonly group: ErrorGroup | (string & {});
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | null;
  readonly requestId: string | null;
  readonly rateLimit: RateLimitInfo | null;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly attempts: number;
  readonly local: boolean;
  readonly earlierAttemptUnknown: boolean;

  constructor(init: PaymentApiErrorInit) {
    super(init.message, init.cause ? { cause: init.cause } : undefined);
    this.status = init.status;
    this.code = init.code;
    this.group = init.group;
    this.retryable = init.retryable;
    this.details = init.details ?? null;
    this.requestId = init.requestId ?? null;
    this.rateLimit = init.rateLimit ?? null;
    this.method = init.method;
    this.path = init.path;
    this.attempts = init.attempts ?? 1;
    this.local = init.local ?? false;
    this.earlierAttemptUnknown = init.earlierAttemptUnknown ?? false;
  }

  /** The spec's `details.field` of a validation error, to put the message under the right input. */
  get field(): string | undefined {
    const f = this.details?.["field"];
    return typeof f === "string" ? f : undefined;
  }

  toJSON() {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      group: this.group,
      retryable: this.retryable,
      details: this.details,
      requestId: this.requestId,
      method: this.method,
      path: this.path,
      attempts: this.attempts,
      local: this.local,
      earlierAttemptUnknown: this.earlierAttemptUnknown,
    };
  }

  /**
   * Copy with what the retry loop knows and the parser does not: the number of attempts made, and
   * whether an earlier one may have reached the API unanswered.
   */
  withCall(call: { attempts: number; earlierAttemptUnknown: boolean }): PaymentApiError {
    if (call.attempts === this.attempts && call.earlierAttemptUnknown === this.earlierAttemptUnknown) return this;
    return new PaymentApiError({ ...this.toInit(), ...call });
  }

  private toInit(): PaymentApiErrorInit {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      group: this.group,
      retryable: this.retryable,
      details: this.details,
      requestId: this.requestId,
      rateLimit: this.rateLimit,
      method: this.method,
      path: this.path,
      attempts: this.attempts,
      cause: this.cause as PaymentApiErrorInit["cause"],
      local: this.local,
      earlierAttemptUnknown: this.earlierAttemptUnknown,
    };
  }
}

export const isPaymentApiError = (e: unknown): e is PaymentApiError => e instanceof PaymentApiError || (typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[BRAND] === true);
