/**
 * What a `boleto.registered` read-back believes, for list answers the sandbox does not give (it always
 * carries the boleto block): a provider whose list leaves the block out, a paid boleto whose block
 * still says pending, a charge that is no boleto. The sandbox's own answers are covered end to end in
 * intake-hostile.test.ts.
 */
import { describe, expect, it } from "vitest";
import { boletoRegistration } from "@/lib/events/worker";
import type { Transaction } from "@/lib/payment-api";

const tx = (over: Record<string, unknown>) => ({ transaction_id: "t1", status: "pending", ...over }) as unknown as Transaction;

describe("boleto.registered read-back", () => {
  it("believes the API's registered, and a paid boleto whatever its block says", () => {
    expect(boletoRegistration(tx({ payment_method: "BOLETO", boleto: { registration: "registered" } }))).toEqual({ agrees: true, apiSays: "registered", from: "api" });
    expect(boletoRegistration(tx({ payment_method: "PIX_BOLETO", status: "confirmed", boleto: { registration: "pending" } }))).toEqual({ agrees: true, apiSays: "registered", from: "api" });
  });

  it("is contradicted by a pending registration or by a transaction that is no boleto", () => {
    expect(boletoRegistration(tx({ payment_method: "BOLETO", boleto: { registration: "pending" } }))).toEqual({ agrees: false, apiSays: "pending", from: "api" });
    expect(boletoRegistration(tx({ payment_method: "PIX" }))).toEqual({ agrees: false, apiSays: "not_a_boleto:PIX", from: "api" });
  });

  it("believes the webhook when the API's list carries no registration for a boleto, and says so", () => {
    expect(boletoRegistration(tx({ payment_method: "BOLETO" }))).toEqual({ agrees: true, apiSays: "registered", from: "webhook" });
    expect(boletoRegistration(tx({ payment_method: "BOLETO", boleto: null }))).toEqual({ agrees: true, apiSays: "registered", from: "webhook" });
  });

  it("has nothing to say when the API does not know the transaction", () => {
    expect(boletoRegistration(null)).toBeNull();
  });
});
