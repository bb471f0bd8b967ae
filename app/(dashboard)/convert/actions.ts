"use server";
/**
 * Convert: the live rate, a quote, "quote again" after expiry, and the execution. Each action checks
 * the session, the organisation and the role itself (protectedAction, permission money.move);
 * executing also asks the member to prove it is them when their last proof is older than a few
 * minutes (`reauth`). A quote comes back sealed by the server, and only a sealed quote of this
 * organisation can be executed.
 */
import { createHmac } from "node:crypto";
import { getDb } from "@/lib/db";
import { apiContext, memberScope } from "@/lib/api-context";
import { protectedAction } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { recordAudit } from "@/lib/audit/audit";
import { apiFailure, type FailureWording } from "@/lib/outbound/failure";
import { env } from "@/lib/env";
import type { Access } from "@/lib/auth/authorize";
import { conversionAmount, conversionExecuteFormSchema, conversionQuoteFormSchema, conversionRequoteFormSchema } from "@/lib/conversions/form";
import { executeConversion, quote, quoteIsSealed, rate, requote, type ConversionDeps } from "@/lib/conversions/service";
import type { Scope } from "@/lib/db/scope";

/** API codes with a text of their own on the Convert page; anything else is described generally. */
const CONVERT_CODES = new Set([
  "INSUFFICIENT_BALANCE",
  "INSUFFICIENT_FUNDS",
  "BELOW_MIN_LIMIT",
  "EXCEEDS_MAX_LIMIT",
  "LIMIT_EXCEEDED",
  "INVALID_CURRENCY",
  "UNSUPPORTED_CURRENCY",
  "INVALID_AMOUNT",
  "KYC_REQUIRED",
  "DUPLICATE_EXTERNAL_ID",
  "MISSING_FEE_CONFIG",
  "MISSING_REQUIRED_FIELD",
  "INVALID_VALUE",
]);
const FIELD_OF_CODE: Record<string, string> = {
  INSUFFICIENT_BALANCE: "amount",
  INSUFFICIENT_FUNDS: "amount",
  BELOW_MIN_LIMIT: "amount",
  EXCEEDS_MAX_LIMIT: "amount",
  INVALID_AMOUNT: "amount",
  INVALID_CURRENCY: "destination",
  UNSUPPORTED_CURRENCY: "destination",
};

/** The Convert page's words for the API's refusals, figures in `currency` (lib/outbound/failure.ts). */
function convertWording(currency: string): FailureWording {
  return { page: "convert", codes: CONVERT_CODES, fieldOf: (e) => FIELD_OF_CODE[e.code] ?? (e.field === "amount" ? "amount" : undefined), vars: () => ({ currency }) };
}

/** The key that seals quotes: derived from AUTH_SECRET, so that every instance agrees on it. */
function quoteKey(): string {
  return createHmac("sha256", env().AUTH_SECRET).update("conversion-quote-seal-v1").digest("hex");
}

async function setup(access: Access): Promise<{ deps: ConversionDeps; target: Scope }> {
  const scope = await memberScope(access);
  const db = await getDb();
  return { deps: { db, ctx: await apiContext(), quoteKey: quoteKey() }, target: scope };
}

/** The live rate of a pair (and what the amount would give); no money moves. */
export const conversionRateAction = protectedAction("money.move", conversionQuoteFormSchema, async (form, { access }) => {
  const { deps, target } = await setup(access);
  try {
    return await rate(deps, target, access.userId, { base: form.base, destination: form.destination, amount: conversionAmount(form.amount) });
  } catch (e) {
    throw apiFailure(e, convertWording(form.base), { environment: target.environment, moneyMayMove: false });
  }
});

/** "Quote": /simulate, sealed, with how long it holds. */
export const conversionQuoteAction = protectedAction("money.move", conversionQuoteFormSchema, async (form, { access }) => {
  const { deps, target } = await setup(access);
  try {
    return await quote(deps, target, access.userId, { base: form.base, destination: form.destination, amount: conversionAmount(form.amount) });
  } catch (e) {
    throw apiFailure(e, convertWording(form.base), { environment: target.environment, moneyMayMove: false });
  }
});

/** "Quote again" after the quote expired: the new quote and what changed. */
export const conversionRequoteAction = protectedAction("money.move", conversionRequoteFormSchema, async ({ quote: previous }, { access }) => {
  const { deps, target } = await setup(access);
  if (!quoteIsSealed(deps.quoteKey, target, previous)) throw new Refusal("QUOTE_INVALID", "convert.errors.QUOTE_INVALID");
  try {
    return await requote(deps, target, access.userId, previous);
  } catch (e) {
    throw apiFailure(e, convertWording(previous.base), { environment: target.environment, moneyMayMove: false });
  }
});

/**
 * "Convert": executes the quote once (same reference, same body, whatever the retries), or, when the
 * quote expired on the provider's clock, answers a new quote and the difference instead.
 */
export const executeConversionAction = protectedAction(
  "money.move",
  conversionExecuteFormSchema,
  async ({ externalId, quote: q }, { access, actor }) => {
    const { deps, target } = await setup(access);
    try {
      const r = await executeConversion(deps, target, access.userId, { externalId, base: q.base, destination: q.destination, amount: q.fromAmount, quote: q });
      if (r.kind === "done" && !r.replayed) {
        const c = r.conversion;
        await recordAudit(deps.db, {
          organizationId: access.organizationId,
          actor,
          action: "conversion.executed",
          target: c.id,
          details: {
            conversionId: c.conversionId,
            externalId: c.externalId,
            from: { currency: c.baseCurrency, amount: c.amountFrom },
            to: { currency: c.destinationCurrency, amount: c.amountTo },
            rate: c.rate,
            fee: c.fee,
            environment: target.environment,
          },
        });
      }
      return r;
    } catch (e) {
      throw apiFailure(e, convertWording(q.base), { environment: target.environment, moneyMayMove: true });
    }
  },
  { reauth: true },
);
