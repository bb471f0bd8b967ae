/**
 * A Payment API failure in words a merchant can act on: which text (a message key of the
 * `apiErrors` group), with what figures, and the request id to quote to support. Used by pages (a
 * read that failed), actions (a call that failed) and the credentials page (a stored test result).
 */
import { isPaymentApiError } from "@/lib/payment-api";
import type { MessageKey } from "@/lib/i18n";
import { ApiContextError } from "./context";

export type FailureDescription = {
  code: string;
  key: MessageKey;
  vars: Record<string, string | number>;
  requestId: string | null;
};

/** The codes with a text of their own; any other falls back to `apiErrors.other` with the code. */
const OWN_TEXT = new Set([
  "NO_ACTIVE_CREDENTIAL",
  "CREDENTIAL_NOT_FOUND",
  "CREDENTIAL_REVOKED",
  "CREDENTIAL_UNREADABLE",
  "CREDENTIAL_PENDING_ADMIN_ACTIVATION",
  "INVALID_CREDENTIALS",
  "IP_BLOCKED_TEMPORARILY",
  "IP_BLACKLISTED",
  "UNAUTHORIZED_IP",
  "ACCOUNT_UNDER_REVIEW",
  "SECURITY_BLOCKED",
  "RATE_LIMIT_EXCEEDED",
  "CONNECTION_ERROR",
  "TIMEOUT",
  "CREDENTIAL_PERMISSION_DENIED",
  "INVALID_TOKEN",
  "INVALID_RESPONSE",
  "SERVICE_UNAVAILABLE",
  "CIRCUIT_OPEN",
  "REDIRECT_REFUSED",
]);
const SAME_AS: Record<string, string> = {
  TOKEN_EXPIRED: "INVALID_TOKEN",
  PROVIDER_ERROR: "SERVICE_UNAVAILABLE",
  INTERNAL_ERROR: "SERVICE_UNAVAILABLE",
  INTERNAL_CONFLICT: "SERVICE_UNAVAILABLE",
  FORBIDDEN: "CREDENTIAL_PERMISSION_DENIED",
  PERMISSION_DENIED: "CREDENTIAL_PERMISSION_DENIED",
  UNAUTHORIZED: "INVALID_TOKEN",
};

/** From a code and what the answer said about waiting. */
export function describeCode(code: string, o: { retryAfterSeconds?: number | null; requestId?: string | null; environment?: string } = {}): FailureDescription {
  const own = SAME_AS[code] ?? code;
  const seconds = Math.max(1, Math.ceil(o.retryAfterSeconds ?? (code === "IP_BLOCKED_TEMPORARILY" ? 300 : 60)));
  const vars: Record<string, string | number> = { code, seconds, minutes: Math.max(1, Math.ceil(seconds / 60)), environment: o.environment ?? "" };
  return { code, key: (OWN_TEXT.has(own) ? `apiErrors.${own}` : "apiErrors.other") as MessageKey, vars, requestId: o.requestId ?? null };
}

/** From whatever a call threw; null when it is not an API or context failure (a bug: let it surface). */
export function describeFailure(e: unknown, environment?: string): FailureDescription | null {
  if (ApiContextError.is(e)) return describeCode(e.code, { environment });
  if (isPaymentApiError(e)) {
    const retry = Number(e.details?.["retry_after_seconds"] ?? e.rateLimit?.retryAfter ?? NaN);
    return describeCode(e.code, { retryAfterSeconds: Number.isFinite(retry) ? retry : null, requestId: e.requestId, environment });
  }
  return null;
}
