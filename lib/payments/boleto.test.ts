import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import {
  parseBoleto,
  barcodeToDigitableLine,
  digitableLineToBarcode,
  validateBarcode,
  validateDigitableLine,
  formatDigitableLine,
  dueDateToFactor,
  factorToDueDate,
  boletoMod10,
  boletoMod11,
  FACTOR_BASE_DATE,
} from "./boleto";
import { buildBoleto } from "./boleto-build";
import { vectors } from "./test-support/vectors";

const DAY = 86_400_000;
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const errorOf = <T,>(r: { ok: true; value: T } | { ok: false; error: { code: string; field?: string } }) =>
  r.ok ? "ok" : `${r.error.code}${r.error.field ? `:${r.error.field}` : ""}`;

/** 102656n → "1026.56", with string operations only. */
const centsText = (cents: bigint) => {
  const s = cents.toString().padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

afterEach(() => {
  vi.useRealTimers();
});

describe("boleto: published vectors", () => {
  for (const v of vectors.boleto) {
    it(`reads ${v.digitable_line} (${v.source})`, () => {
      for (const input of [v.digitable_line, v.barcode, formatDigitableLine(v.digitable_line)]) {
        const r = parseBoleto(input, { referenceDate: v.due_date });
        expect(r.ok, input).toBe(true);
        if (!r.ok) continue;
        expect(r.value.barcode).toBe(v.barcode);
        expect(r.value.digitableLine).toBe(v.digitable_line);
        expect(r.value.bankCode).toBe(v.bank);
        expect(r.value.amount).toBe(v.amount);
        expect(r.value.dueDateFactor).toBe(v.factor);
        expect(r.value.dueDate).toBe(v.due_date);
        expect(r.value.currencyCode).toBe("9");
      }
      expect(barcodeToDigitableLine(v.barcode)).toEqual({ ok: true, value: v.digitable_line });
      expect(digitableLineToBarcode(v.digitable_line)).toEqual({ ok: true, value: v.barcode });
      expect(dueDateToFactor(v.due_date)).toBe(v.factor);
    });
  }

  it("rebuilds the vector from its parts", () => {
    const v = vectors.boleto[0]!;
    const built = buildBoleto({ bankCode: v.bank, dueDate: v.due_date, amount: v.amount, freeField: v.barcode.slice(19) });
    expect(built.barcode).toBe(v.barcode);
    expect(built.digitableLine).toBe(v.digitable_line);
    expect(built.formattedDigitableLine).toBe("00190.00009 01149.718601 68524.522114 6 75860000102656");
  });
});

describe("due-date factor (FEBRABAN, with the 2025-02-22 restart)", () => {
  const f = vectors.boleto_due_factor;

  it("follows the published anchor dates", () => {
    expect(FACTOR_BASE_DATE).toBe(f.base_date);
    expect(dueDateToFactor(f.factor_1000)).toBe(1000);
    expect(dueDateToFactor(f.factor_9999)).toBe(9999);
    expect(dueDateToFactor(f.restart.date)).toBe(f.restart.factor);
    expect(dueDateToFactor(addDays(f.restart.date, 1))).toBe(1001);
    expect(dueDateToFactor("2049-10-13")).toBe(9999); // 2025-02-22 + 8999 days, end of the second cycle
    expect(dueDateToFactor("2049-10-14")).toBe(1000);
    expect(dueDateToFactor(new Date(Date.UTC(2025, 1, 22, 15, 30)))).toBe(1000);
  });

  it("matches the stated rule ((days − 1000) mod 9000) + 1000 for dates from 2000-07-03", () => {
    const base = Date.parse(`${f.base_date}T00:00:00Z`);
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 40000 }), (days) => {
        const iso = new Date(base + days * DAY).toISOString().slice(0, 10);
        return dueDateToFactor(iso) === ((days - 1000) % 9000) + 1000;
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses dates before factor 1000 and non-dates", () => {
    expect(() => dueDateToFactor("2000-07-02")).toThrow(RangeError);
    expect(() => dueDateToFactor("2025-02-30")).toThrow(RangeError);
    expect(() => dueDateToFactor("22/02/2025")).toThrow(RangeError);
  });

  it("resolves a factor to the cycle nearest the reference date", () => {
    expect(factorToDueDate(1000, "2010-01-01")).toBe("2000-07-03");
    expect(factorToDueDate(1000, "2025-03-01")).toBe("2025-02-22");
    expect(factorToDueDate(9999, "2025-03-01")).toBe("2025-02-21");
    expect(factorToDueDate(9999, "2010-01-01")).toBe("2025-02-21");
    expect(factorToDueDate(7586, "2018-01-01")).toBe("2018-07-15");
    expect(factorToDueDate(7586, "2040-01-01")).toBe("2043-03-06"); // 2018-07-15 + 9000 days
    expect(factorToDueDate(0, "2025-03-01")).toBeNull();
    expect(factorToDueDate(500, "2025-03-01")).toBe(addDays(f.base_date, 500));
    expect(() => factorToDueDate(10000)).toThrow(RangeError);
  });

  it("defaults the reference date to today", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
    expect(factorToDueDate(1000)).toBe("2025-02-22");
    expect(factorToDueDate(9999)).toBe("2025-02-21");
    vi.setSystemTime(new Date("2012-03-01T12:00:00Z"));
    expect(factorToDueDate(1000)).toBe("2000-07-03");
  });

  it("a date within ±4499 days of the reference reads back as itself", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 30000 }), fc.integer({ min: -4499, max: 4499 }), (days, offset) => {
        const iso = addDays(f.base_date, days);
        return factorToDueDate(dueDateToFactor(iso), addDays(iso, offset)) === iso;
      }),
      { numRuns: 1000 },
    );
  });
});

describe("boleto after the factor restart", () => {
  it("builds and reads a boleto due 2025-03-10 (factor 1016)", () => {
    const b = buildBoleto({ bankCode: "341", dueDate: "2025-03-10", amount: "150.75", freeField: "1090000012345678901234567" });
    expect(b.dueDateFactor).toBe(1016);
    expect(b.barcode.slice(0, 4)).toBe("3419");
    expect(b.barcode.slice(5, 19)).toBe("1016" + "0000015075");
    expect(b.barcode.slice(19)).toBe("1090000012345678901234567");
    // The general check digit, computed here by hand-written weights 2..9 from the right.
    const digits = (b.barcode.slice(0, 4) + b.barcode.slice(5)).split("").map(Number).reverse();
    const sum = digits.reduce((s, d, i) => s + d * (2 + (i % 8)), 0);
    const dv = 11 - (sum % 11);
    expect(Number(b.barcode[4])).toBe(dv === 0 || dv === 10 || dv === 11 ? 1 : dv);
    const r = parseBoleto(b.formattedDigitableLine, { referenceDate: "2025-06-01" });
    expect(r.ok && r.value).toMatchObject({ dueDate: "2025-03-10", dueDateFactor: 1016, amount: "150.75", bankCode: "341" });
    // Without the restart rule a factor of 1016 would have meant 2000-07-19.
    const old = parseBoleto(b.barcode, { referenceDate: "2001-01-01" });
    expect(old.ok && old.value.dueDate).toBe("2000-07-19");
  });

  it("handles amount zero and no due date", () => {
    const b = buildBoleto({ bankCode: "237", dueDate: null, amount: 0, freeField: "0".repeat(25) });
    const r = parseBoleto(b.barcode);
    expect(r.ok && r.value).toMatchObject({ dueDate: null, dueDateFactor: 0, amount: "0.00" });
  });

  it("reads amounts exactly", () => {
    for (const [amount, text] of [["0.01", "0.01"], ["0.1", "0.10"], ["99999999.99", "99999999.99"], ["1000000", "1000000.00"]] as const) {
      const b = buildBoleto({ bankCode: "001", dueDate: "2026-01-15", amount, freeField: "1".repeat(25) });
      const r = parseBoleto(b.barcode, { referenceDate: "2026-01-01" });
      expect(r.ok && r.value.amount).toBe(text);
    }
  });
});

describe("boleto errors", () => {
  const v = vectors.boleto[0]!;
  const flip = (s: string, i: number) => s.slice(0, i) + String((Number(s[i]) + 1) % 10) + s.slice(i + 1);

  it("names the field whose check digit fails", () => {
    expect(errorOf(validateDigitableLine(flip(v.digitable_line, 2)))).toBe("INVALID_CHECK_DIGIT:field1");
    expect(errorOf(validateDigitableLine(flip(v.digitable_line, 12)))).toBe("INVALID_CHECK_DIGIT:field2");
    expect(errorOf(validateDigitableLine(flip(v.digitable_line, 25)))).toBe("INVALID_CHECK_DIGIT:field3");
    expect(errorOf(validateDigitableLine(flip(v.digitable_line, 32)))).toBe("INVALID_CHECK_DIGIT:generalCheckDigit");
    expect(errorOf(validateDigitableLine(flip(v.digitable_line, 40)))).toBe("INVALID_CHECK_DIGIT:generalCheckDigit");
    expect(errorOf(validateBarcode(flip(v.barcode, 4)))).toBe("INVALID_CHECK_DIGIT:generalCheckDigit");
    expect(errorOf(parseBoleto(flip(v.barcode, 30)))).toBe("INVALID_CHECK_DIGIT:generalCheckDigit");
    const r = validateDigitableLine(flip(v.digitable_line, 12));
    expect(!r.ok && r.error.message).toMatch(/field 2/);
  });

  it("rejects bad lengths, characters, currency codes and utility slips", () => {
    expect(errorOf(parseBoleto(v.digitable_line.slice(0, 46)))).toBe("INVALID_LENGTH");
    expect(errorOf(parseBoleto(""))).toBe("INVALID_LENGTH");
    expect(errorOf(validateBarcode(v.barcode + "1"))).toBe("INVALID_LENGTH");
    expect(errorOf(validateDigitableLine(v.digitable_line + "1"))).toBe("INVALID_LENGTH");
    expect(errorOf(parseBoleto(v.digitable_line.replace("9", "X")))).toBe("INVALID_CHARACTERS");
    expect(errorOf(parseBoleto(`${v.digitable_line.slice(0, 10)}/${v.digitable_line.slice(10)}`))).toBe("INVALID_CHARACTERS");
    // Currency code 0 ("other currency") with a correct check digit.
    const body = `0010${v.barcode.slice(5)}`;
    const other = body.slice(0, 4) + String(boletoMod11(body)) + body.slice(4);
    expect(errorOf(validateBarcode(other))).toBe("INVALID_CURRENCY_CODE:currencyCode");
    // A utility slip (arrecadação) line: 48 digits starting with 8.
    expect(errorOf(parseBoleto("83640000001-1 33120138000-2 81288462711-6 08013618155-1"))).toBe("UNSUPPORTED_TYPE");
  });

  it("builder refuses what cannot be encoded", () => {
    const ok = { bankCode: "001", dueDate: "2026-01-15", amount: "10.00", freeField: "0".repeat(25) };
    expect(() => buildBoleto({ ...ok, amount: "10.001" })).toThrow(/decimal places/);
    expect(() => buildBoleto({ ...ok, amount: "100000000.00" })).toThrow(/99999999.99/);
    expect(() => buildBoleto({ ...ok, amount: -1 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...ok, freeField: "123" })).toThrow(/freeField/);
    expect(() => buildBoleto({ ...ok, bankCode: "1" })).toThrow(/bankCode/);
    expect(() => buildBoleto({ ...ok, dueDate: "1999-01-01" })).toThrow(RangeError);
    expect(() => formatDigitableLine("123")).toThrow(RangeError);
  });

  it("every single-digit change in fields 1 to 4 of a digitable line is detected", () => {
    // Fields 1-3 carry modulo-10 check digits, which catch any single-digit change; field 4 is the general check digit.
    const line = fc
      .tuple(fc.stringMatching(/^\d{3}$/), fc.integer({ min: 1000, max: 20000 }), fc.bigInt({ min: 0n, max: 9_999_999_999n }), fc.stringMatching(/^\d{25}$/))
      .map(([bankCode, days, cents, freeField]) =>
        buildBoleto({ bankCode, dueDate: addDays(FACTOR_BASE_DATE, days), amount: centsText(cents), freeField }).digitableLine,
      );
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 32 }), fc.integer({ min: 1, max: 9 }), (l, pos, delta) => {
        const changed = l.slice(0, pos) + String((Number(l[pos]) + delta) % 10) + l.slice(pos + 1);
        const r = validateDigitableLine(changed);
        return !r.ok && r.error.code === "INVALID_CHECK_DIGIT";
      }),
      { numRuns: 1000 },
    );
  });
});

describe("boleto round trip", () => {
  it("build → barcode ↔ digitable line → parse gives back every field", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{3}$/),
        fc.integer({ min: 1000, max: 20000 }),
        fc.bigInt({ min: 0n, max: 9_999_999_999n }),
        fc.stringMatching(/^\d{25}$/),
        fc.integer({ min: -4000, max: 4000 }),
        (bankCode, days, cents, freeField, refOffset) => {
          const dueDate = addDays(FACTOR_BASE_DATE, days);
          const amount = centsText(cents);
          const b = buildBoleto({ bankCode, dueDate, amount, freeField });
          const fromLine = parseBoleto(b.formattedDigitableLine, { referenceDate: addDays(dueDate, refOffset) });
          const fromBar = parseBoleto(b.barcode, { referenceDate: addDays(dueDate, refOffset) });
          if (!fromLine.ok || !fromBar.ok) return false;
          const f = fromLine.value;
          return (
            JSON.stringify(f) === JSON.stringify(fromBar.value) &&
            f.barcode === b.barcode &&
            f.digitableLine === b.digitableLine &&
            f.bankCode === bankCode &&
            f.dueDate === dueDate &&
            f.amount === amount &&
            f.freeField === freeField &&
            boletoMod10(f.digitableLine.slice(0, 9)) === Number(f.digitableLine[9])
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
