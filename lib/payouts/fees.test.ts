import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Money } from "@/lib/payments/money";
import { amountForNet, estimateFee, type FeeRow } from "./fees";

const row = (r: Partial<FeeRow>): FeeRow => ({ operation: "cashout", method: "PIX", currency: "BRL", percentage: null, fixed: null, minimum: null, maximum: null, ...r });

describe("amountForNet", () => {
  it("adds a fixed PIX fee: R$ 100,00 arrives when R$ 100,50 is sent", () => {
    const rows = [row({ fixed: "0.50" })];
    expect(amountForNet(rows, "pix", "BRL", "100.00")).toEqual({ amount: "100.5", fee: "0.5" });
    expect(estimateFee(rows, "pix", "BRL", "100.50")!.net).toBe("100");
  });

  it("grosses up a percentage and rounds up to the cent so the recipient never gets less", () => {
    const rows = [row({ method: "SPEI", currency: "MXN", percentage: "1", minimum: "1.00" })];
    const r = amountForNet(rows, "spei", "MXN", "1000.00")!;
    expect(r.amount).toBe("1010.1");
    expect(new Money(estimateFee(rows, "spei", "MXN", r.amount)!.net).gte("1000")).toBe(true);
    expect(new Money(estimateFee(rows, "spei", "MXN", "1010.09")!.net).lt("1000")).toBe(true);
  });

  it("respects the minimum and the maximum", () => {
    expect(amountForNet([row({ percentage: "1", minimum: "2" })], "pix", "BRL", "10")).toEqual({ amount: "12", fee: "2" });
    expect(amountForNet([row({ percentage: "10", maximum: "5" })], "pix", "BRL", "1000")).toEqual({ amount: "1005", fee: "5" });
  });

  it("says nothing without a fee row, and a transfer is free", () => {
    expect(amountForNet([], "pix", "BRL", "10")).toBeNull();
    expect(amountForNet([], "transfer", "BRL", "10")).toEqual({ amount: "10", fee: "0" });
  });

  it("finds the smallest amount whose net reaches the target, for any fee row", () => {
    const cents = (n: number) => new Money(n).dividedBy(100).toFixed(2);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.option(fc.integer({ min: 1000, max: 100_000 })),
        (net, pct, fixed, minimum, maximum) => {
          const rows = [row({ percentage: new Money(pct).dividedBy(100).toFixed(), fixed: cents(fixed), minimum: cents(minimum), maximum: maximum === null ? null : cents(maximum) })];
          const target = cents(net);
          const r = amountForNet(rows, "pix", "BRL", target)!;
          expect(new Money(estimateFee(rows, "pix", "BRL", r.amount)!.net).gte(target)).toBe(true);
          const less = new Money(r.amount).minus("0.01").toFixed(2);
          expect(new Money(estimateFee(rows, "pix", "BRL", less)!.net).lt(target)).toBe(true);
        },
      ),
    );
  });
});
