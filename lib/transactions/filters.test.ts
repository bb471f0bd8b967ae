import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { loadTransactionSearchParams, toTransactionView } from "./filters";

const view = (query: string) => toTransactionView(loadTransactionSearchParams(new URLSearchParams(query)));

describe("the amount filters the URL carries", () => {
  it("are written the one way the decimal type writes them, digit for digit", () => {
    const typed = ["0", "000", "0.0", "0.50", "010.50", "10", "10.", "1,5", "00012.3400", "999999999999999.999999999999999999", "0.000000000000000001", "100.000"];
    for (const raw of typed) {
      const expected = /^\d{1,15}(\.\d{1,18})?$/.test(raw.replace(",", ".")) ? new Decimal(raw.replace(",", ".")).toFixed() : undefined;
      expect(view(`min=${encodeURIComponent(raw)}`).minAmount, raw).toBe(expected);
      expect(view(`max=${encodeURIComponent(raw)}`).maxAmount, raw).toBe(expected);
    }
  });

  it("drop what is not a plain non-negative decimal", () => {
    for (const raw of ["-1", "1e3", "abc", ".5", "1.2.3", "1234567890123456", " "]) expect(view(`min=${encodeURIComponent(raw)}`).minAmount, raw).toBeUndefined();
  });
});
