/**
 * Every error code of the spec ("Errors") with its HTTP status, group and default `retryable`.
 *
 * The spec gives a status range per family ("Auth (401/403)", "Validation (400/422)", ...) and the
 * meaning of each status ("400 payload, 401 authentication, 403 permission/IP/account, 404 not
 * found, 409 duplicate or limit, 422 value or balance, 423 account blocked, 429 rate limit,
 * 502/503 provider"); the status of each code below follows those meanings (see README
 * "Contract choices"). Group names are fixed by contract: AUTH, SIGNATURE, SECURITY, VALIDATION,
 * LIMIT, BUSINESS, SYSTEM.
 */
import { z } from "zod";

export const ERROR_GROUPS = ["AUTH", "SIGNATURE", "SECURITY", "VALIDATION", "LIMIT", "BUSINESS", "SYSTEM"] as const;
export const errorGroupSchema = z.enum(ERROR_GROUPS);
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

export type ErrorCodeInfo = { status: number; group: ErrorGroup; retryable: boolean };

const e = (status: number, group: ErrorGroup, retryable = false): ErrorCodeInfo => ({ status, group, retryable });

export const ERROR_CODES = {
  // Auth (401/403)
  MISSING_AUTH_HEADER: e(401, "AUTH"),
  INVALID_AUTH_FORMAT: e(401, "AUTH"),
  INVALID_CREDENTIALS: e(401, "AUTH"),
  INVALID_TOKEN: e(401, "AUTH"),
  TOKEN_EXPIRED: e(401, "AUTH"),
  UNAUTHORIZED: e(401, "AUTH"),
  FORBIDDEN: e(403, "AUTH"),
  UNAUTHORIZED_IP: e(403, "AUTH"),
  INVALID_OTP: e(401, "AUTH"),
  CREDENTIAL_PENDING_ADMIN_ACTIVATION: e(403, "AUTH"),
  // Signature (401)
  MISSING_SIGNATURE: e(401, "SIGNATURE"),
  INVALID_SIGNATURE: e(401, "SIGNATURE"),
  INVALID_TIMESTAMP: e(401, "SIGNATURE"),
  REPLAY_DETECTED: e(401, "SIGNATURE"),
  // Security (403/423/429)
  RATE_LIMIT_EXCEEDED: e(429, "SECURITY", true),
  IP_BLACKLISTED: e(403, "SECURITY"),
  IP_BLOCKED_TEMPORARILY: e(403, "SECURITY"),
  SECURITY_BLOCKED: e(423, "SECURITY"),
  ACCOUNT_UNDER_REVIEW: e(403, "SECURITY"),
  // Validation (400/422): 400 for the payload's shape, 422 for a value the service refuses
  INVALID_PAYLOAD: e(400, "VALIDATION"),
  INVALID_JSON: e(400, "VALIDATION"),
  MISSING_REQUIRED_FIELD: e(400, "VALIDATION"),
  INVALID_FORMAT: e(400, "VALIDATION"),
  INVALID_VALUE: e(422, "VALIDATION"),
  INVALID_AMOUNT: e(422, "VALIDATION"),
  INVALID_CURRENCY: e(422, "VALIDATION"),
  INVALID_PIX_KEY: e(422, "VALIDATION"),
  INVALID_SPLIT_CONFIG: e(422, "VALIDATION"),
  SELF_TRANSFER_BLOCKED: e(422, "VALIDATION"),
  UNSUPPORTED_CONTENT_TYPE: e(400, "VALIDATION"),
  UNSUPPORTED_CHAIN: e(422, "VALIDATION"),
  UNSUPPORTED_CURRENCY: e(422, "VALIDATION"),
  INVALID_DOCUMENT: e(400, "VALIDATION"),
  INVALID_CRYPTO_ADDRESS: e(422, "VALIDATION"),
  // Limits and balance (409/422): 422 for balance, 409 for limits
  INSUFFICIENT_BALANCE: e(422, "LIMIT"),
  INSUFFICIENT_FUNDS: e(422, "LIMIT"),
  BELOW_MIN_LIMIT: e(409, "LIMIT"),
  EXCEEDS_MAX_LIMIT: e(409, "LIMIT"),
  /** 409 in general; 403 on boleto creation (spec case rule 3), see `errorStatusFor`. */
  LIMIT_EXCEEDED: e(409, "LIMIT"),
  // Business (403/404/409)
  PERMISSION_DENIED: e(403, "BUSINESS"),
  CREDENTIAL_PERMISSION_DENIED: e(403, "BUSINESS"),
  KYC_REQUIRED: e(403, "BUSINESS"),
  DUPLICATE_RESOURCE: e(409, "BUSINESS"),
  DUPLICATE_EXTERNAL_ID: e(409, "BUSINESS"),
  PENDING_APPROVAL: e(403, "BUSINESS"),
  MISSING_FEE_CONFIG: e(409, "BUSINESS"),
  /** Not named by the spec ("404 not found" has no code there): contract choice for unknown ids. */
  NOT_FOUND: e(404, "BUSINESS"),
  // System (500/502/503)
  INTERNAL_ERROR: e(500, "SYSTEM"),
  PROVIDER_ERROR: e(502, "SYSTEM", true),
  SERVICE_UNAVAILABLE: e(503, "SYSTEM", true),
  INTERNAL_CONFLICT: e(409, "SYSTEM", true),
} as const satisfies Record<string, ErrorCodeInfo>;

export type ApiErrorCode = keyof typeof ERROR_CODES;
export const API_ERROR_CODES = Object.keys(ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];
export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);

/** Codes the client itself produces (never sent by the service). */
export const CLIENT_ERROR_CODES = {
  /** The answer is not the spec's envelope: HTML from a gateway, empty body, invalid JSON, or a
   * `data` that does not match the response schema. */
  INVALID_RESPONSE: "INVALID_RESPONSE",
  /** The connection failed (ECONNRESET, ECONNREFUSED, socket hang up, DNS ...). */
  CONNECTION_ERROR: "CONNECTION_ERROR",
  /** No answer within `timeoutMs`. */
  TIMEOUT: "TIMEOUT",
  /** The caller aborted the request through its own AbortSignal. */
  ABORTED: "ABORTED",
  /** Not sent: the credential's circuit breaker is open, the provider stopped answering (core/breaker.ts). */
  CIRCUIT_OPEN: "CIRCUIT_OPEN",
  /** The answer was a redirect, which the client never follows (a credential must not be sent elsewhere). */
  REDIRECT_REFUSED: "REDIRECT_REFUSED",
} as const;
export type ClientErrorCode = keyof typeof CLIENT_ERROR_CODES;

/** HTTP status of an error code, with the boleto exception of spec case rule 3. */
export const errorStatusFor = (code: ApiErrorCode, route?: string): number =>
  code === "LIMIT_EXCEEDED" && route === "/v2/boleto" ? 403 : ERROR_CODES[code].status;

export const isApiErrorCode = (code: string): code is ApiErrorCode => Object.hasOwn(ERROR_CODES, code);

/** cashout.failed `error_code` values (spec "Events"). */
export const CASHOUT_FAILURE_CODES = [
  "TRON_ENERGY_FAIL",
  "INSUFFICIENT_BALANCE",
  "NO_HOT_WALLET",
  "INVALID_ADDRESS",
  "BLACKLISTED",
  "BLOCKCHAIN_REVERT",
  "BROADCAST_FAIL",
  "PIX_KEY_NOT_FOUND",
  "PROVIDER_TIMEOUT",
  "UNKNOWN",
] as const;
export const cashoutFailureCodeSchema = z.enum(CASHOUT_FAILURE_CODES);
export type CashoutFailureCode = z.infer<typeof cashoutFailureCodeSchema>;
