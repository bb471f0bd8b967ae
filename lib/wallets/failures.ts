/**
 * Why creating a wallet failed, in the member's words (message keys of `wallets.errors`, else the
 * shared `apiErrors` texts of lib/api-context/describe.ts), with the form field it concerns.
 *
 * One case is not a refusal: the outcome is unknown (lib/api-context/outcome.ts decides it, as for
 * every writer). POST /v2/transactions/wallet has no external_id (spec "POST
 * /v2/transactions/wallet"), so the client never repeats it, and the API has no wallet list to look
 * the wallet up afterwards. When the request may have reached the service but its answer was lost (a
 * connection cut after sending, a timeout, a 5xx or a gateway's page, or a success the client could
 * not read), the wallet may exist. The member must be told so rather than shown "failed", because
 * trying again could create a second wallet.
 */
import { isPaymentApiError, type PaymentApiError } from "@/lib/payment-api";
import { describeFailure, type FailureDescription } from "@/lib/api-context/describe";
import { callOutcome } from "@/lib/api-context/outcome";
import type { MessageKey } from "@/lib/i18n";

export const OUTCOME_UNKNOWN = "WALLET_OUTCOME_UNKNOWN";

export type WalletFailure = FailureDescription & {
  /** the form field it concerns */
  field?: "currency" | "chain";
  /** the request may have created a wallet whose identifier never reached us */
  outcomeUnknown: boolean;
};

const fieldOf = (e: PaymentApiError): "currency" | "chain" | undefined => {
  const f = e.field;
  return f === "currency" || f === "chain" ? f : undefined;
};

/** A wallet creation's failure in words; null when it is not an API or context failure (a bug). */
export function describeWalletFailure(e: unknown, environment?: string): WalletFailure | null {
  const base = describeFailure(e, environment);
  if (!base) return null;
  const own = (key: MessageKey, extra: { field?: "currency" | "chain"; vars?: Record<string, string | number> } = {}): WalletFailure => ({
    ...base,
    key,
    vars: { ...base.vars, ...extra.vars },
    ...(extra.field ? { field: extra.field } : {}),
    outcomeUnknown: false,
  });
  if (!isPaymentApiError(e)) return { ...base, outcomeUnknown: false };
  if (callOutcome(e) === "unknown") return { ...base, code: OUTCOME_UNKNOWN, key: "wallets.errors.outcomeUnknown", outcomeUnknown: true };
  const field = fieldOf(e);
  switch (e.code) {
    case "CREDENTIAL_PERMISSION_DENIED":
    case "PERMISSION_DENIED":
    case "FORBIDDEN":
      return own("wallets.errors.permissionDenied");
    case "UNSUPPORTED_CURRENCY":
      return own("wallets.errors.currencyNotSupported", { field: "currency" });
    case "INVALID_CURRENCY":
      // spec case rule 6: "when the currency is not supported on the chain, INVALID_CURRENCY"
      return own("wallets.errors.chainNotForCurrency", { field: "chain" });
    case "UNSUPPORTED_CHAIN": {
      const supported = e.details?.["supported"];
      const list = Array.isArray(supported) ? supported.map(String).join(", ") : "";
      return list ? own("wallets.errors.chainNotSupportedList", { field: "chain", vars: { supported: list } }) : own("wallets.errors.chainNotSupported", { field: "chain" });
    }
    case "INVALID_VALUE":
      if (field === "chain") return own("wallets.errors.chainNotForFiat", { field: "chain" });
      return own("wallets.errors.invalidRequest", { field });
    case "MISSING_REQUIRED_FIELD":
    case "INVALID_FORMAT":
    case "INVALID_PAYLOAD":
      return own("wallets.errors.invalidRequest", { field });
    case "KYC_REQUIRED":
      return own("wallets.errors.kycRequired");
    case "LIMIT_EXCEEDED":
    case "PENDING_APPROVAL":
      return own("wallets.errors.limitExceeded");
    case "RATE_LIMIT_EXCEEDED":
      // spec "Rate limits per endpoint": POST /v2/transactions/wallet, 30/min (kept by the context's budget)
      return own("wallets.errors.rateLimited");
    default:
      return { ...base, outcomeUnknown: false };
  }
}
