/**
 * The Overview's period figures (lib/overview/period.ts) and its order of currencies
 * (lib/overview/currencies.ts): exact sums, the change against the previous period of the same length,
 * the success rate and its definition, and the local currency first.
 */
import { describe, expect, it } from "vitest";
import { lastDays, periodFigures, pointsChange, relativeChange } from "@/lib/overview/period";
import { localCurrency, mainCurrenciesFirst } from "@/lib/overview/currencies";
import type { ActivityDay } from "@/lib/overview/queries";

const day = (n: number, d: Partial<ActivityDay> = {}): ActivityDay => ({ day: `2025-03-${String(n).padStart(2, "0")}`, cashin: "0", cashout: "0", completed: 0, unsuccessful: 0, ...d });

describe("periodFigures", () => {
  // Two periods of 3 days: the 10th–12th before, the 13th–15th now (the 15th is today).
  const activity = [
    day(10, { cashin: "0.10", completed: 1 }),
    day(11, { cashin: "0.20", cashout: "5.00", completed: 2, unsuccessful: 2 }),
    day(12),
    day(13, { cashin: "90071992547409.99", completed: 3, unsuccessful: 1 }),
    day(14),
    day(15, { cashin: "0.01", cashout: "2.50", completed: 1 }),
  ];
  const f = periodFigures(activity, 3);

  it("splits the days into the previous period and the current one, today last", () => {
    expect([f.previousFrom, f.previousTo, f.from, f.to]).toEqual(["2025-03-10", "2025-03-12", "2025-03-13", "2025-03-15"]);
    expect(f.series.map((d) => d.day)).toEqual(["2025-03-13", "2025-03-14", "2025-03-15"]);
    expect(f.today).toEqual({ cashin: "0.01", cashout: "2.5", completed: 1, unsuccessful: 0, successRate: "100.0" });
  });

  it("adds up exactly, beyond what a binary float keeps", () => {
    expect(f.previous.cashin).toBe("0.3");
    expect(f.current.cashin).toBe("90071992547410");
    expect(f.current.cashout).toBe("2.5");
    expect(f.current.completed).toBe(4);
  });

  it("counts the success rate as completed ÷ (completed + failed, expired or cancelled)", () => {
    // now 4 of 5, before 3 of 5
    expect(f.current.successRate).toBe("80.0");
    expect(f.previous.successRate).toBe("60.0");
    expect(f.change.successRate).toEqual({ direction: "up", percent: "20.0" });
    expect(f.series.map((d) => d.successRate)).toEqual(["75.0", null, "100.0"]);
  });

  it("compares each figure with the previous period", () => {
    expect(f.change.completed).toEqual({ direction: "up", percent: "33.3" });
    expect(f.change.cashout).toEqual({ direction: "down", percent: "50.0" });
    expect(f.change.cashin.direction).toBe("up");
  });

  it("refuses days that are not two whole periods", () => {
    expect(() => periodFigures(activity.slice(1), 3)).toThrow();
  });
});

describe("changes", () => {
  it("has no percentage when the previous period had nothing", () => {
    expect(relativeChange("10", "0")).toEqual({ direction: "up", percent: null });
    expect(relativeChange("0", "0")).toEqual({ direction: "flat", percent: null });
    expect(relativeChange("0", "4")).toEqual({ direction: "down", percent: "100.0" });
    expect(relativeChange("1", "3")).toEqual({ direction: "down", percent: "66.7" });
    expect(relativeChange(7, 7)).toEqual({ direction: "flat", percent: "0.0" });
  });

  it("says a rate's change in percentage points, and nothing without both rates", () => {
    expect(pointsChange("97.5", "99.0")).toEqual({ direction: "down", percent: "1.5" });
    expect(pointsChange(null, "99.0")).toEqual({ direction: "flat", percent: null });
  });

  it("counts the last days in the member's time zone, today included", () => {
    const now = new Date("2025-03-16T01:00:00Z");
    expect(lastDays(7, "UTC", now)).toEqual({ from: "2025-03-10", to: "2025-03-16" });
    // 22:00 on the 15th in São Paulo
    expect(lastDays(30, "America/Sao_Paulo", now)).toEqual({ from: "2025-02-14", to: "2025-03-15" });
  });
});

describe("currencies", () => {
  it("takes the local currency from the payments completed, else from the member's market", () => {
    expect(localCurrency([{ currency: "USDT", confirmed: 50 }, { currency: "MXN", confirmed: 3 }, { currency: "BRL", confirmed: 2 }], "pt-BR")).toBe("MXN");
    expect(localCurrency([{ currency: "USDT", confirmed: 50 }], "es-MX")).toBe("MXN");
    expect(localCurrency([], "en")).toBe("BRL");
  });

  it("puts the local currency first, then the dollar stable coins, then the rest with money first", () => {
    const balances = ["BTC", "ETH", "MXN", "USDC", "USDT", "BRL", "SOL"].map((currency) => ({ currency, money: currency !== "ETH" && currency !== "MXN" }));
    expect(mainCurrenciesFirst(balances, "BRL", (b) => b.money).map((b) => b.currency)).toEqual(["BRL", "USDT", "USDC", "MXN", "BTC", "SOL", "ETH"]);
    expect(mainCurrenciesFirst(balances, "MXN").map((b) => b.currency)).toEqual(["MXN", "USDT", "USDC", "BRL", "BTC", "ETH", "SOL"]);
  });
});
