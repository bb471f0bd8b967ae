/**
 * An outbound call's failure in the member's words, one way for every page that moves or asks for
 * money (Receive, Send, Convert). A page words the API's codes it has text for
 * (`<page>.apiErrors.<CODE>`, with the limits the API sent), says so when money may have moved and the
 * answer was lost (`<page>.errors.unknownOutcome`: asking again cannot pay twice), and leaves every
 * other API or context failure to the general words (lib/api-context/describe.ts). A refusal raised by
 * the dashboard itself passes through as it is; anything else is a bug and is thrown unchanged.
 */
import { describeFailure } from "@/lib/api-context/describe";
import { callOutcome } from "@/lib/api-context/outcome";
import type { MessageKey } from "@/lib/i18n/translate";
import { isPaymentApiError, type PaymentApiError } from "@/lib/payment-api";
import { Refusal } from "@/lib/refusal";

export type FailureWording = {
  /** the message namespace of the page */
  page: "send" | "charges" | "convert";
  /** the API codes the page has words of its own for */
  codes: ReadonlySet<string>;
  /** the form field an API refusal belongs to, if any */
  fieldOf: (e: PaymentApiError) => string | undefined;
  /** values for the words besides `field`, `min` and `max` */
  vars?: (e: PaymentApiError) => Record<string, string>;
};

/**
 * What to throw from an action for `e`: a refusal in the member's words, or `e` itself when it is
 * not a failure a member can act on. `moneyMayMove`: the call could have moved money or made
 * something (a rate or a quote never does).
 */
export function apiFailure(e: unknown, wording: FailureWording, o: { environment: string; moneyMayMove: boolean }): unknown {
  if (Refusal.is(e)) return e;
  if (isPaymentApiError(e)) {
    if (o.moneyMayMove && callOutcome(e) === "unknown") return withRequestId(new Refusal(e.code, `${wording.page}.errors.unknownOutcome`), e.requestId);
    if (wording.codes.has(e.code)) {
      const d = e.details ?? {};
      const vars = { field: e.field ?? "", min: String(d["min_amount"] ?? ""), max: String(d["max_amount"] ?? ""), ...wording.vars?.(e) };
      return withRequestId(new Refusal(e.code, `${wording.page}.apiErrors.${e.code}` as MessageKey, vars, wording.fieldOf(e)), e.requestId);
    }
  }
  const f = describeFailure(e, o.environment);
  return f ? Refusal.fromFailure(f) : e;
}

function withRequestId(r: Refusal, requestId: string | null | undefined): Refusal {
  if (requestId) r.requestId = requestId;
  return r;
}
