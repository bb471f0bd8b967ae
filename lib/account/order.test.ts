import { describe, expect, it } from "vitest";
import { compareCurrencies, compareFees, limitsByCurrency, localCurrency } from "./order";
import { dailyResetTime, nextUtcMidnight } from "./day-reset";
import { feesByOperation, type FeeEntry } from "./normalize";

describe("the merchant's order of currencies", () => {
  it("puts the local currency first, then USDT and USDC, then the others alphabetically", () => {
    const codes = ["BNB", "BTC", "ETH", "SOL", "USDC", "MXN", "USDT", "BRL"];
    expect([...codes].sort(compareCurrencies("BRL"))).toEqual(["BRL", "USDT", "USDC", "BNB", "BTC", "ETH", "MXN", "SOL"]);
    expect([...codes].sort(compareCurrencies("MXN"))).toEqual(["MXN", "USDT", "USDC", "BNB", "BRL", "BTC", "ETH", "SOL"]);
    expect([null, "BTC", "BRL"].sort(compareCurrencies("BRL"))).toEqual(["BRL", "BTC", null]);
  });

  it("knows the organisation's currency from its document, else from the month's use, else from the language", () => {
    expect(localCurrency({ document: "11.222.333/0001-81", locale: "es-MX" })).toBe("BRL");
    expect(localCurrency({ document: "529.982.247-25", locale: "en" })).toBe("BRL");
    expect(localCurrency({ document: "ABC010203XY9", locale: "pt-BR" })).toBe("MXN");
    expect(localCurrency({ document: "GODE561231GR8", locale: "en" })).toBe("MXN");
    expect(localCurrency({ document: "***", usedFiat: ["USDT", "MXN"], locale: "en" })).toBe("MXN");
    expect(localCurrency({ usedFiat: ["BRL", "MXN"], locale: "es-MX" })).toBe("MXN");
    expect(localCurrency({ locale: "en" })).toBe("BRL");
    expect(localCurrency({ document: null, locale: "pt-BR" })).toBe("BRL");
  });

  it("groups limits by currency in that order, operations in the dashboard's", () => {
    const lines = [
      { currency: "BNB", operation: "cashin" },
      { currency: "BRL", operation: "transfer" },
      { currency: "BRL", operation: "cashin" },
      { currency: "USDT", operation: "cashout" },
      { currency: "BRL", operation: "refund" },
      { currency: "BRL", operation: "cashout" },
    ];
    const groups = limitsByCurrency(lines, "BRL");
    expect(groups.map((g) => g.key)).toEqual(["BRL", "USDT", "BNB"]);
    expect(groups[0]!.items.map((l) => l.operation)).toEqual(["cashin", "cashout", "transfer", "refund"]);
  });

  it("orders each operation's fees by currency, and PIX before Boleto within one", () => {
    const fee = (operation: string, method: string | null, currency: string): FeeEntry => ({ operation, method, currency, percentage: "0", fixed: "0", minimum: "0", maximum: null, extra: [] });
    const groups = feesByOperation([fee("cashin", "CRYPTO", "BNB"), fee("cashin", "BOLETO", "BRL"), fee("cashin", "CRYPTO", "USDT"), fee("cashin", "PIX", "BRL")], compareFees("BRL"));
    expect(groups[0]!.items.map((e) => `${e.method}-${e.currency}`)).toEqual(["PIX-BRL", "BOLETO-BRL", "CRYPTO-USDT", "CRYPTO-BNB"]);
  });
});

describe("when daily limits restart, on the member's clock", () => {
  const evening = new Date("2026-03-09T18:30:00Z");
  it("is the next midnight UTC", () => {
    expect(nextUtcMidnight(evening).toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(nextUtcMidnight(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("says 21:00 in São Paulo, 18:00 in Mexico City, in each language's clock style", () => {
    expect(dailyResetTime("America/Sao_Paulo", "pt-BR", evening)).toBe("21:00");
    expect(dailyResetTime("America/Sao_Paulo", "en", evening)).toMatch(/^9:00\sPM$/);
    expect(dailyResetTime("America/Mexico_City", "es-MX", evening)).toMatch(/^6:00\sp\.\s?m\.$/);
    expect(dailyResetTime("Asia/Kolkata", "en", evening)).toMatch(/^5:30\sAM$/);
  });

  it("says nothing of its own where the clock reads midnight too, or the zone is unknown", () => {
    expect(dailyResetTime("UTC", "en", evening)).toBeNull();
    expect(dailyResetTime("Europe/London", "en", evening)).toBeNull();
    expect(dailyResetTime("Not/AZone", "en", evening)).toBeNull();
  });
});
