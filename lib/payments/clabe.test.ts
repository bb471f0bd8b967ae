import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  validateClabe,
  isValidClabe,
  clabeCheckDigit,
  clabeBankName,
  speiBankName,
  clabePlazaName,
  buildClabe,
  generateClabe,
  CLABE_BANKS,
  CLABE_PLAZAS,
} from "./clabe";
import { seededRng } from "./rng";
import { vectors } from "./test-support/vectors";

describe("CLABE", () => {
  it("accepts the published vectors with their bank and plaza", () => {
    for (const v of vectors.clabe_valid) {
      const r = validateClabe(v.clabe);
      expect(r.ok, v.clabe).toBe(true);
      if (!r.ok) continue;
      expect(r.value.clabe).toBe(v.clabe);
      if (v.bank) expect(`${r.value.bankCode} ${r.value.bankName}`).toBe(v.bank);
      if (v.plaza) expect(`${r.value.plazaCode} ${r.value.plazaName}`).toBe(v.plaza);
    }
  });

  it("splits the fields", () => {
    expect(validateClabe("002010077777777771")).toEqual({
      ok: true,
      value: {
        clabe: "002010077777777771",
        bankCode: "002",
        bankName: "BANAMEX",
        plazaCode: "010",
        plazaName: "Aguascalientes",
        account: "07777777777",
        checkDigit: 1,
      },
    });
  });

  it("rejects the published invalid vectors with the check-digit error", () => {
    for (const v of vectors.clabe_invalid) {
      const r = validateClabe(v.clabe);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("INVALID_CHECK_DIGIT");
        expect(r.error.message).toMatch(/should be 1/);
      }
    }
  });

  it("computes the check digit with weights 3, 7, 1", () => {
    expect(clabeCheckDigit("00201007777777777")).toBe(1);
    expect(clabeCheckDigit("64618015700000000")).toBe(4);
    expect(() => clabeCheckDigit("123")).toThrow(RangeError);
  });

  it("reports length and character errors, and unknown banks when asked", () => {
    const code = (s: string, o?: { requireKnownBank?: boolean }) => {
      const r = validateClabe(s, o);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code("00201007777777777")).toBe("INVALID_LENGTH");
    expect(code("0020100777777777711")).toBe("INVALID_LENGTH");
    expect(code("00201007777777777A")).toBe("INVALID_CHARACTERS");
    expect(code("")).toBe("INVALID_LENGTH");
    const unknownBank = buildClabe("999", "180", "12345678901");
    expect(code(unknownBank)).toBe("ok");
    expect(code(unknownBank, { requireKnownBank: true })).toBe("UNKNOWN_BANK");
    expect(code("002010077777777771", { requireKnownBank: true })).toBe("ok");
  });

  it("accepts spaces and hyphens as separators", () => {
    expect(isValidClabe("002 010 07777777777 1")).toBe(true);
    expect(isValidClabe("002-010-07777777777-1")).toBe(true);
  });

  it("names a SPEI charge's bank by the provider's bank code, else by the CLABE's first three digits", () => {
    expect(speiBankName({ bank_code: "646", clabe: "012180015555555557" })).toBe("STP");
    expect(speiBankName({ clabe: "012180015555555557" })).toBe("BBVA MEXICO");
    expect(speiBankName({ bank_code: null, clabe: "002180015555555557" })).toBe("BANAMEX");
    expect(speiBankName({ clabe: "000180015555555557" })).toBeNull();
    expect(speiBankName(null)).toBeNull();
  });

  it("knows the common Banxico bank codes and at least a dozen plazas", () => {
    const expected: Record<string, string> = {
      "002": "BANAMEX", "012": "BBVA MEXICO", "014": "SANTANDER", "021": "HSBC", "030": "BAJIO",
      "036": "INBURSA", "042": "MIFEL", "044": "SCOTIABANK", "058": "BANREGIO", "072": "BANORTE",
      "127": "AZTECA", "137": "BANCOPPEL", "646": "STP", "638": "NU MEXICO", "722": "MERCADO PAGO",
    };
    for (const [code, name] of Object.entries(expected)) expect(clabeBankName(code)).toBe(name);
    expect(clabeBankName("000")).toBeUndefined();
    expect(Object.keys(CLABE_PLAZAS).length).toBeGreaterThanOrEqual(12);
    expect(clabePlazaName("010")).toBe("Aguascalientes");
    expect(clabePlazaName("180")).toBe("Ciudad de México");
    expect(clabePlazaName("320")).toBe("Guadalajara");
    expect(clabePlazaName("580")).toBe("Monterrey");
    for (const code of [...Object.keys(CLABE_BANKS), ...Object.keys(CLABE_PLAZAS)]) expect(code).toMatch(/^\d{3}$/);
  });

  it("builds from parts, zero-padding the account", () => {
    expect(buildClabe("002", "010", "7777777777")).toBe("002010077777777771");
    expect(() => buildClabe("02", "010", "1")).toThrow(RangeError);
    expect(() => buildClabe("002", "010", "123456789012")).toThrow(RangeError);
  });

  it("generated CLABEs are valid, with real bank and plaza codes", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const clabe = generateClabe(seededRng(seed));
        const r = validateClabe(clabe, { requireKnownBank: true });
        return r.ok && r.value.bankName !== undefined && r.value.plazaName !== undefined;
      }),
      { numRuns: 1000 },
    );
    expect(generateClabe(seededRng(1), { bankCode: "646", plazaCode: "180" })).toMatch(/^646180\d{12}$/);
  });

  it("every single-digit substitution is caught by the check digit", () => {
    // Weights 3, 7 and 1 are coprime to 10, so changing one digit always changes the sum mod 10.
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 9 }), (seed, pos, delta) => {
        const clabe = generateClabe(seededRng(seed));
        const changed = clabe.slice(0, pos) + String((Number(clabe[pos]) + delta) % 10) + clabe.slice(pos + 1);
        const r = validateClabe(changed);
        return !r.ok && r.error.code === "INVALID_CHECK_DIGIT";
      }),
      { numRuns: 1000 },
    );
  });
});
