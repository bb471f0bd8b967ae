import { describe, expect, it } from "vitest";
import fc from "fast-check";
import Decimal from "decimal.js";
import {
  Money,
  parseAmount,
  hasAtMostDecimals,
  toFixedScale,
  toMinorUnits,
  fromMinorUnits,
  meetsCashInMinimum,
  MAX_AMOUNT_STRING_LENGTH,
} from "./money";
import { CURRENCIES } from "./currencies";

function code(input: unknown, options?: Parameters<typeof parseAmount>[1]): string {
  const r = parseAmount(input, options);
  return r.ok ? `ok:${r.value.toString()}` : r.error.code;
}

describe("parseAmount", () => {
  it("accepts plain decimal strings exactly", () => {
    expect(code("10.50")).toBe("ok:10.5");
    expect(code("0")).toBe("ok:0");
    expect(code("0.000000000000000001")).toBe("ok:0.000000000000000001");
    expect(code("123456789012345678901234567890.123456789")).toBe("ok:123456789012345678901234567890.123456789");
  });

  it("takes a JSON number's shortest decimal form, so 0.1 is exactly 0.1", () => {
    expect(code(0.1)).toBe("ok:0.1");
    expect(code(1026.56)).toBe("ok:1026.56");
    expect(code(1e-7)).toBe("ok:0.0000001");
    expect(code(-0)).toBe("ok:0");
  });

  it("rejects NaN and infinities", () => {
    expect(code(NaN)).toBe("NOT_FINITE");
    expect(code(Infinity)).toBe("NOT_FINITE");
    expect(code(-Infinity)).toBe("NOT_FINITE");
    expect(code(new Decimal(NaN))).toBe("NOT_FINITE");
  });

  it("rejects numbers beyond 2^53, which JSON already rounded", () => {
    expect(code(Number.MAX_SAFE_INTEGER)).toBe("ok:9007199254740991");
    expect(code(2 ** 53)).toBe("UNSAFE_NUMBER");
    expect(code(1e300)).toBe("UNSAFE_NUMBER");
  });

  it("rejects exponents, signs, separators and whitespace in strings", () => {
    for (const s of ["1e5", "1e999999999", "1E-3", "+1", " 1", "1 ", "1,000.00", "1.000,00", "01.5", ".5", "5.", "0x10", "", "-", "1_000", "١٢"]) {
      expect(code(s), s).toBe("INVALID_FORMAT");
    }
  });

  it("rejects strings longer than the limit before parsing them", () => {
    expect(code("1".repeat(MAX_AMOUNT_STRING_LENGTH))).toMatch(/^ok:/);
    expect(code("1".repeat(MAX_AMOUNT_STRING_LENGTH + 1))).toBe("TOO_LONG");
  });

  it("rejects values that are not amounts", () => {
    for (const v of [null, undefined, {}, [], true, Symbol("x")]) {
      expect(code(v)).toBe("NOT_A_NUMBER");
    }
    expect(code("abc")).toBe("INVALID_FORMAT");
  });

  it("accepts bigint and Decimal", () => {
    expect(code(10n ** 30n)).toBe("ok:1000000000000000000000000000000");
    expect(code(new Decimal("2.5"))).toBe("ok:2.5");
  });

  it("rejects negatives unless allowed, and zero when asked", () => {
    expect(code("-1")).toBe("NEGATIVE");
    expect(code(-1)).toBe("NEGATIVE");
    expect(code("-1.5", { allowNegative: true })).toBe("ok:-1.5");
    expect(code("-0.00")).toBe("ok:0");
    expect(code("0", { allowZero: false })).toBe("ZERO");
  });

  it("limits decimal places by count or by currency", () => {
    expect(code("1.001", { currency: "BRL" })).toBe("TOO_MANY_DECIMALS");
    expect(code("1.01", { currency: "BRL" })).toBe("ok:1.01");
    // Trailing zeros carry no value: "1.000" has 0 significant decimals.
    expect(code("1.000", { currency: "BRL" })).toBe("ok:1");
    expect(code("0.000000001", { currency: "BTC" })).toBe("TOO_MANY_DECIMALS");
    expect(code("0.00000001", { currency: "BTC" })).toBe("ok:0.00000001");
    expect(code("1.5", { maxDecimals: 0 })).toBe("TOO_MANY_DECIMALS");
    const r = parseAmount("1.001", { currency: "BRL" });
    expect(!r.ok && r.error.message).toMatch(/at most 2 allowed for BRL/);
  });

  it("round-trips canonical decimal strings and adds them without float error", () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, scale]) => new Money(units.toString()).dividedBy(new Money(10).pow(scale)).toFixed());
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const pa = parseAmount(a);
        const pb = parseAmount(b);
        if (!pa.ok || !pb.ok) return false;
        // Exact: compare with integer arithmetic at 18 decimals.
        const asUnits = (s: string) => BigInt(new Money(s).times("1e18").toFixed(0));
        return pa.value.toFixed() === a && asUnits(pa.value.plus(pb.value).toFixed()) === asUnits(a) + asUnits(b);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("decimal helpers", () => {
  it("hasAtMostDecimals counts significant decimals", () => {
    expect(hasAtMostDecimals("10.50", 1)).toBe(true);
    expect(hasAtMostDecimals("10.51", 1)).toBe(false);
    expect(hasAtMostDecimals("10", 0)).toBe(true);
    expect(hasAtMostDecimals("0.0001", 4)).toBe(true);
    expect(hasAtMostDecimals("0.00001", 4)).toBe(false);
  });

  it("toFixedScale writes the currency scale and rounds half to even", () => {
    expect(toFixedScale("10.5", "BRL")).toBe("10.50");
    expect(toFixedScale("1", "BTC")).toBe("1.00000000");
    expect(toFixedScale("0.125", "BRL")).toBe("0.12");
    expect(toFixedScale("0.135", "BRL")).toBe("0.14");
    expect(toFixedScale("1.005", "MXN")).toBe("1.00");
    expect(toFixedScale("2.0000005", "USDT")).toBe("2.000000");
    expect(toFixedScale("2.0000015", "USDT")).toBe("2.000002");
    expect(() => toFixedScale("0.125", "BRL", "reject")).toThrow(RangeError);
    expect(toFixedScale("0.12", "BRL", "reject")).toBe("0.12");
  });

  it("converts to and from minor units", () => {
    expect(toMinorUnits("1026.56", "BRL")).toBe(102656n);
    expect(toMinorUnits("1", "ETH")).toBe(10n ** 18n);
    expect(toMinorUnits("0.0001", "BTC")).toBe(10000n);
    expect(() => toMinorUnits("0.001", "BRL")).toThrow(RangeError);
    expect(fromMinorUnits(102656n, "BRL")).toBe("1026.56");
    expect(fromMinorUnits(1n, "SOL")).toBe("0.000000001");
  });

  it("minor units round-trip for every currency", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.bigInt({ min: 0n, max: 10n ** 30n }), (currency, units) => {
        return toMinorUnits(fromMinorUnits(units, currency), currency) === units;
      }),
      { numRuns: 1000 },
    );
  });

  it("checks the spec's cash-in minimums (1.00 BRL, 2.00 USDT, 0.0001 BTC)", () => {
    expect(meetsCashInMinimum("0.99", "BRL")).toBe(false);
    expect(meetsCashInMinimum("1.00", "BRL")).toBe(true);
    expect(meetsCashInMinimum("1.999999", "USDT")).toBe(false);
    expect(meetsCashInMinimum("2", "USDT")).toBe(true);
    expect(meetsCashInMinimum("0.00009999", "BTC")).toBe(false);
    expect(meetsCashInMinimum("0.0001", "BTC")).toBe(true);
    // No minimum stated for MXN or ETH.
    expect(meetsCashInMinimum("0.01", "MXN")).toBe(true);
    expect(meetsCashInMinimum("0.000000000000000001", "ETH")).toBe(true);
  });
});
