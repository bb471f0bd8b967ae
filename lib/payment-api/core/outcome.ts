/**
 * The one place that decides, from the client's error, whether the API may have acted on a request
 * that failed (ARCHITECTURE "Outbound writes"). Every writer (charges, payouts, bulk payouts,
 * conversions, wallets) settles its row from this answer:
 *
 * - `not-sent`: nothing reached the API, or it refused the request before taking it in. The client
 *   refused before sending (local validation, the circuit breaker, a rate budget answering in the
 *   API's place), the connection was never made (ECONNREFUSED, DNS, unreachable), only the token
 *   request failed, or the API answered 429 (spec: refused before processing; repeated whatever the
 *   method). Nothing exists there: the row may go again freely.
 * - `sent`: the API answered with a refusal (its error envelope, 4xx): nothing was made, and the
 *   same body would be refused again. The row is failed.
 * - `unknown`: the request may have been processed and no answer was read: a timeout or a
 *   connection lost after sending, a 5xx or a gateway's page, INTERNAL_CONFLICT, a 2xx that could
 *   not be read, a redirect (never followed: whoever answered it may have acted, as a 303 says). The
 *   row stays "sending" and only the same body (same external_id) may follow; a replay, the sync or
 *   the webhook settles it.
 *
 * A call is as uncertain as its most uncertain attempt: once one attempt may have reached the API
 * unanswered, a later refusal (a 503, the breaker) does not make the call "not sent"
 * (`earlierAttemptUnknown`, recorded by the retry loop).
 */
import { isPaymentApiError, type PaymentApiError } from "./errors";

export type CallOutcome = "sent" | "not-sent" | "unknown";

export const TOKEN_PATH = "/v2/oauth/token";

/**
 * Header a fetch wrapper puts on a response it makes up in the API's place (a rate budget refusing
 * before anything is sent): the transport then treats the request as never sent.
 */
export const LOCAL_ANSWER_HEADER = "x-payment-api-local";

/** Connection failures that happen before a byte of the request leaves: nothing was sent. */
const NEVER_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_INVALID_URL", "UND_ERR_CONNECT_TIMEOUT"]);

/** The outcome of one attempt, from its error alone. */
export function attemptOutcome(e: PaymentApiError): CallOutcome {
  // `attempts` counts the requests that went out (0: validation, the breaker, a deadline spent first).
  if (e.local || e.attempts === 0 || e.details?.["client_side"] === true) return "not-sent";
  // The token request failed: the request itself was never sent.
  if (e.path === TOKEN_PATH) return "not-sent";
  switch (e.code) {
    case "TIMEOUT":
    case "ABORTED":
      return "unknown";
    case "CONNECTION_ERROR":
      return NEVER_CONNECTED.has(String(e.details?.["errno"] ?? "")) ? "not-sent" : "unknown";
    case "REDIRECT_REFUSED":
    case "INTERNAL_CONFLICT":
      return "unknown";
  }
  if (e.status === 429) return "not-sent";
  if (e.status === 0 || e.status >= 500) return "unknown";
  // A 2xx whose data we cannot read: it was made. A 4xx page (a proxy refusing): never processed.
  if (e.code === "INVALID_RESPONSE") return e.status < 400 ? "unknown" : "sent";
  return "sent";
}

/**
 * The outcome of a failed call from whatever it threw. Anything that is not the client's error (a
 * bug, a database failure around the call) is `unknown`: it may have happened after sending.
 */
export function failedCallOutcome(e: unknown): CallOutcome {
  if (!isPaymentApiError(e)) return "unknown";
  if (e.earlierAttemptUnknown) return "unknown";
  return attemptOutcome(e);
}
