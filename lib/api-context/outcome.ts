/**
 * What a failed call through the API context may have done at the API, for the writers that keep a
 * row per request (charges, payouts, bulk rows, conversions, wallets). The client decides from its
 * own error (lib/payment-api/core/outcome.ts); a failure of the context itself (no active
 * credential, secrets that cannot be opened) happens before any request, so nothing was sent.
 */
import { failedCallOutcome, type CallOutcome } from "@/lib/payment-api";
import { ApiContextError } from "./context";

export type { CallOutcome };

export function callOutcome(e: unknown): CallOutcome {
  if (ApiContextError.is(e)) return "not-sent";
  return failedCallOutcome(e);
}
