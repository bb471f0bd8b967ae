/**
 * A bundler may put the client in two chunks (Next.js did: the instrumentation that creates the shared
 * API context, and each server action). An error thrown by one copy must still be recognised by the
 * other, or every refusal the API gives (SELF_TRANSFER_BLOCKED, INSUFFICIENT_BALANCE...) reaches the
 * member as "something went wrong" instead of its words.
 */
import { describe, expect, it, vi } from "vitest";
import { ApiContextError } from "@/lib/api-context/context";

describe("errors made by another copy of the module", () => {
  it("are still PaymentApiErrors and ApiContextErrors", async () => {
    const mine = await import("../core/errors");
    vi.resetModules();
    const theirs = await import("../core/errors");
    const theirContext = (await import("@/lib/api-context/context")).ApiContextError;
    expect(theirs.PaymentApiError).not.toBe(mine.PaymentApiError);
    const e = new theirs.PaymentApiError({ status: 422, code: "SELF_TRANSFER_BLOCKED", message: "no", group: "VALIDATION", retryable: false });
    expect(e instanceof mine.PaymentApiError).toBe(false);
    expect(mine.isPaymentApiError(e)).toBe(true);
    expect(mine.isPaymentApiError(new Error("plain"))).toBe(false);
    expect(mine.isPaymentApiError({ code: "SELF_TRANSFER_BLOCKED" })).toBe(false);
    expect(theirContext).not.toBe(ApiContextError);
    expect(ApiContextError.is(new theirContext("NO_ACTIVE_CREDENTIAL", "none"))).toBe(true);
    expect(ApiContextError.is(new Error("NO_ACTIVE_CREDENTIAL"))).toBe(false);
  });
});
