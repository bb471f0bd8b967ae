import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ITF_DIGIT_PATTERNS, itfBars, itfModuleCount, itfModules } from "./itf";
import { decodeItfModules } from "../../e2e/support/decode";
import { vectors } from "./test-support/vectors";

/** Modules as a string: "1" bar, "0" space. */
const text = (modules: boolean[]) => modules.map((m) => (m ? "1" : "0")).join("");

describe("ITF digit patterns", () => {
  it("is the published 2-of-5 table (N narrow, W wide)", () => {
    expect(ITF_DIGIT_PATTERNS.map((p) => p.toUpperCase())).toEqual([
      "NNWWN", "WNNNW", "NWNNW", "WWNNN", "NNWNW", "WNWNN", "NWWNN", "NNNWW", "WNNWN", "NWNWN",
    ]);
  });

  it("follows the 1-2-4-7-0 weighting: the wide positions' weights add up to the digit (4 + 7 = 11 for 0)", () => {
    const weights = [1, 2, 4, 7, 0];
    ITF_DIGIT_PATTERNS.forEach((p, digit) => {
      expect([...p].filter((c) => c === "w")).toHaveLength(2);
      const sum = [...p].reduce((s, c, k) => s + (c === "w" ? weights[k]! : 0), 0);
      expect(sum % 11).toBe(digit);
    });
  });
});

describe("itfBars / itfModules", () => {
  it("draws the pair 12 as start, interleaved 1 (bars) and 2 (spaces), stop", () => {
    // 1 = WNNNW on the bars, 2 = NWNNW on the spaces: bar W, space N, bar N, space W, bar N,
    // space N, bar N, space N, bar W, space W.
    expect(text(itfModules("12"))).toBe("1010" + "111" + "0" + "1" + "000" + "1" + "0" + "1" + "0" + "111" + "000" + "1110" + "1");
  });

  it("interleaves the digits of a pair: bars carry the first, spaces the second", () => {
    const bars = itfBars("70");
    expect(bars.slice(0, 4)).toEqual([
      { bar: true, width: 1 },
      { bar: false, width: 1 },
      { bar: true, width: 1 },
      { bar: false, width: 1 },
    ]);
    const pair = bars.slice(4, 14);
    expect(pair.filter((b) => b.bar).map((b) => (b.width === 3 ? "w" : "n")).join("")).toBe("nnnww"); // 7
    expect(pair.filter((b) => !b.bar).map((b) => (b.width === 3 ? "w" : "n")).join("")).toBe("nnwwn"); // 0
    expect(bars.slice(14)).toEqual([
      { bar: true, width: 3 },
      { bar: false, width: 1 },
      { bar: true, width: 1 },
    ]);
  });

  it("alternates bar and space, starting and ending with a bar", () => {
    const bars = itfBars("0123456789");
    bars.forEach((b, i) => expect(b.bar).toBe(i % 2 === 0));
    expect(bars.at(-1)!.bar).toBe(true);
  });

  it("has 4 + 9·n + 5 modules at ratio 3 (405 for a boleto's 44 digits) and 4 + 7·n + 4 at ratio 2", () => {
    const barcode = vectors.boleto[0]!.barcode;
    expect(itfModules(barcode)).toHaveLength(405);
    expect(itfModuleCount(44)).toBe(405);
    expect(itfModules(barcode, { wide: 2 })).toHaveLength(4 + 7 * 44 + 4);
    expect(itfModuleCount(44, { wide: 2 })).toBe(4 + 7 * 44 + 4);
  });

  it("refuses what ITF cannot encode", () => {
    expect(() => itfModules("123")).toThrow(RangeError);
    expect(() => itfModules("")).toThrow(RangeError);
    expect(() => itfModules("12a4")).toThrow(RangeError);
    expect(() => itfModules("12 4")).toThrow(RangeError);
    expect(() => itfModules("1234", { wide: 4 })).toThrow(RangeError);
    expect(() => itfModules("1234", { wide: 2.5 })).toThrow(RangeError);
  });
});

describe("round trip through the test-side decoder (e2e/support/decode.ts)", () => {
  it("reads back the boleto vector's barcode at ratios 3 and 2", () => {
    const barcode = vectors.boleto[0]!.barcode;
    expect(decodeItfModules(itfModules(barcode))).toBe(barcode);
    expect(decodeItfModules(itfModules(barcode, { wide: 2 }))).toBe(barcode);
  });

  it("reads back any even-length digit string", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(2, 3),
        (half, wide) => {
          const digits = [...half, ...half.toReversed()].join("");
          expect(decodeItfModules(itfModules(digits, { wide }))).toBe(digits);
        },
      ),
    );
  });

  it("refuses a symbol with a damaged start, stop or digit", () => {
    const modules = itfModules("0123456789");
    const flip = (i: number) => modules.map((m, k) => (k === i ? !m : m));
    expect(decodeItfModules(flip(1))).toBeNull(); // start: space filled in
    expect(decodeItfModules(modules.slice(0, -1).concat(false))).toBeNull(); // stop's last bar gone
    // Widen a narrow bar of the first pair to wide: its digit gets three wides.
    const firstPair = itfBars("0123456789").slice(4, 14);
    expect(firstPair[0]).toEqual({ bar: true, width: 1 }); // 0 = NNWWN: first bar narrow
    const widened = [...modules.slice(0, 4), true, true, true, ...modules.slice(5)];
    expect(decodeItfModules(widened)).toBeNull();
  });
});
