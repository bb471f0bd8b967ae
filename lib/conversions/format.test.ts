import { describe, expect, it } from "vitest";
import { estimateAt, peopleInverse, peopleRate, rateDecimals } from "./format";

describe("rates for people", () => {
  it("reads 4 decimals, and at least 4 significant digits of small rates", () => {
    expect(peopleRate("5.432149871")).toEqual({ value: "5.4321", decimals: 4 });
    expect(peopleRate("0.1840925")).toEqual({ value: "0.1841", decimals: 4 });
    expect(rateDecimals("0.00000294123")).toBe(9);
    expect(peopleRate("0.00000294123").value).toBe("0.000002941");
  });
  it("gives the inverse rounded the same way", () => {
    expect(peopleInverse("5.4321")).toEqual({ value: "0.1841", decimals: 4 });
    expect(peopleInverse("0")).toBeNull();
  });
  it("estimates amount × rate, cut down to the destination's scale", () => {
    expect(estimateAt("100.50", "0.1840925", "USDT")).toBe("18.501296");
    expect(estimateAt("10", "5.43219", "BRL")).toBe("54.32");
  });
});
