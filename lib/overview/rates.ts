import "server-only";
/**
 * Conversion rates for the Overview's estimated total, read through the organisation's API context
 * (POST /v2/conversions/rate, 120 per minute per credential, spec "Rate limits per endpoint") and
 * shared by every member and instance for a minute in the read cache: one reading per pair and
 * minute whatever the traffic, well inside the budget, and about as long as the API's own rate holds.
 */
import { isPaymentApiError, type Currency } from "@/lib/payment-api";
import type { Access } from "@/lib/auth/access";
import { apiContext, ApiContextError, type ApiEnvironment } from "@/lib/api-context";
import type { ApiContext, ApiTarget, Caller } from "@/lib/api-context/context";
import type { RateQuote } from "./reporting";

/** How long a rate is shared before the API is asked again. */
export const RATE_TTL_MS = 60_000;

/** The rate endpoint quotes an amount; the rate does not depend on it, so one unit is asked for. */
const QUOTE_AMOUNT = 1;

/** One rate (1 `from` = rate `to`) through a given context: the cached read the pages use, testable on its own. */
export async function readRateWith(ctx: ApiContext, target: ApiTarget, caller: Caller, from: string, to: string): Promise<RateQuote> {
  const read = await ctx.read(target, caller, `conversion-rate:${from}:${to}`, RATE_TTL_MS, async (client) => {
    // Currencies the API does not list are refused by the client's own validation, before any call.
    const r = await client.conversions.rate({ amount: QUOTE_AMOUNT, base_currency: from as Currency, destination_currency: to as Currency });
    return { rate: r.rate.toFixed(), timestamp: r.timestamp ?? null };
  });
  const at = read.data.timestamp && !Number.isNaN(Date.parse(read.data.timestamp)) ? read.data.timestamp : read.readAt;
  return { rate: read.data.rate, at, readAt: read.readAt, cached: read.cached };
}

/** The rate from `from` to `to` for the member's organisation in `environment`. */
export async function readRate(access: Access, environment: ApiEnvironment, from: string, to: string): Promise<RateQuote> {
  return readRateWith(await apiContext(), { organizationId: access.organizationId, environment }, { userId: access.userId }, from, to);
}

/** Why a rate could not be read, as an error code (the API's, the context's, or a generic one). */
export function rateFailureCode(e: unknown): string {
  if (isPaymentApiError(e)) return e.code;
  if (ApiContextError.is(e)) return e.code;
  return "UNAVAILABLE";
}
