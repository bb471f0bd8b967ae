import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  validateCpf,
  validateCnpj,
  validateDocument,
  isValidCpf,
  isValidCnpj,
  detectDocument,
  formatCpf,
  formatCnpj,
  formatDocument,
  maskDocument,
  maskPixKey,
  unformatDocument,
  cpfCheckDigits,
  cnpjCheckDigits,
  generateCpf,
  generateCnpj,
} from "./documents";
import { seededRng } from "./rng";
import { vectors } from "./test-support/vectors";

const errorCode = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

describe("CPF", () => {
  it("accepts the published vectors, bare and masked", () => {
    for (const cpf of vectors.cpf_valid) {
      expect(validateCpf(cpf)).toEqual({ ok: true, value: cpf });
      expect(validateCpf(formatCpf(cpf))).toEqual({ ok: true, value: cpf });
    }
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(cpfCheckDigits("529982247")).toBe("25");
  });

  it("rejects wrong check digits, lengths, characters and repeated digits", () => {
    expect(errorCode(validateCpf("52998224724"))).toBe("INVALID_CHECK_DIGIT");
    expect(errorCode(validateCpf("52998224735"))).toBe("INVALID_CHECK_DIGIT");
    expect(errorCode(validateCpf("5299822472"))).toBe("INVALID_LENGTH");
    expect(errorCode(validateCpf("529982247250"))).toBe("INVALID_LENGTH");
    expect(errorCode(validateCpf("5299822472A"))).toBe("INVALID_CHARACTERS");
    expect(errorCode(validateCpf(""))).toBe("INVALID_LENGTH");
    for (let d = 0; d <= 9; d++) expect(errorCode(validateCpf(String(d).repeat(11)))).toBe("REPEATED_DIGITS");
    expect(errorCode(validateCpf("111.111.111-11"))).toBe("REPEATED_DIGITS");
  });

  it("generated CPFs are valid and survive format → validate", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const cpf = generateCpf(seededRng(seed));
        const r = validateCpf(formatCpf(cpf));
        return /^\d{11}$/.test(cpf) && r.ok && r.value === cpf;
      }),
      { numRuns: 1000 },
    );
  });

  it("any change to a check digit is rejected", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 9, max: 10 }), fc.integer({ min: 1, max: 9 }), (seed, pos, delta) => {
        const cpf = generateCpf(seededRng(seed));
        const changed = cpf.slice(0, pos) + String((Number(cpf[pos]) + delta) % 10) + cpf.slice(pos + 1);
        return !isValidCpf(changed);
      }),
      { numRuns: 500 },
    );
  });
});

describe("CNPJ, numeric and alphanumeric", () => {
  it("accepts the published vectors, bare and masked", () => {
    for (const cnpj of vectors.cnpj_valid) {
      expect(validateCnpj(cnpj)).toEqual({ ok: true, value: cnpj });
      expect(validateCnpj(formatCnpj(cnpj))).toEqual({ ok: true, value: cnpj });
    }
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(validateCnpj("12.ABC.345/01DE-35")).toEqual({ ok: true, value: "12ABC34501DE35" });
  });

  it("computes check digits with character value = ASCII − 48 (A=17 … Z=42)", () => {
    expect(cnpjCheckDigits("112223330001")).toBe("81");
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    // Worked by hand from the rule: values 1,2,17,18,19,3,4,5,0,1,20,21.
    const v = [1, 2, 17, 18, 19, 3, 4, 5, 0, 1, 20, 21];
    const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const s1 = v.reduce((s, x, i) => s + x * w1[i]!, 0);
    const d1 = s1 % 11 < 2 ? 0 : 11 - (s1 % 11);
    const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const s2 = [...v, d1].reduce((s, x, i) => s + x * w2[i]!, 0);
    const d2 = s2 % 11 < 2 ? 0 : 11 - (s2 % 11);
    expect(`${d1}${d2}`).toBe("35");
  });

  it("upper-cases letters typed in lower case", () => {
    expect(validateCnpj("12abc34501de35")).toEqual({ ok: true, value: "12ABC34501DE35" });
    expect(unformatDocument("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });

  it("rejects wrong check digits, letters in the check digits, lengths, characters and repeated digits", () => {
    expect(errorCode(validateCnpj("11222333000182"))).toBe("INVALID_CHECK_DIGIT");
    expect(errorCode(validateCnpj("12ABC34501DE36"))).toBe("INVALID_CHECK_DIGIT");
    expect(errorCode(validateCnpj("12ABC34501DF35"))).toBe("INVALID_CHECK_DIGIT");
    expect(errorCode(validateCnpj("12ABC34501DE3A"))).toBe("INVALID_CHARACTERS");
    expect(errorCode(validateCnpj("12ABC34501DE*5"))).toBe("INVALID_CHARACTERS");
    expect(errorCode(validateCnpj("1122233300018"))).toBe("INVALID_LENGTH");
    for (let d = 0; d <= 9; d++) expect(errorCode(validateCnpj(String(d).repeat(14)))).toBe("REPEATED_DIGITS");
  });

  it("generated CNPJs are valid in both forms", () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), (seed, alphanumeric) => {
        const cnpj = generateCnpj(seededRng(seed), { alphanumeric });
        const r = validateCnpj(formatCnpj(cnpj));
        const shape = alphanumeric ? /^[0-9A-Z]{12}\d{2}$/ : /^\d{8}0001\d{2}$/;
        return shape.test(cnpj) && r.ok && r.value === cnpj;
      }),
      { numRuns: 1000 },
    );
  });

  it("after any base character changes, the validator accepts exactly when the recomputed check digits still match", () => {
    // Not guaranteed by modulo 11 in general (remainders 0 and 1 share digit 0); we only assert what holds:
    // the mutated document is either rejected or has different check digits.
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 11 }), fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), (seed, pos, ch) => {
        const cnpj = generateCnpj(seededRng(seed), { alphanumeric: true });
        if (cnpj[pos] === ch) return true;
        const base = cnpj.slice(0, pos) + ch + cnpj.slice(pos + 1, 12);
        return isValidCnpj(base + cnpj.slice(12)) === (cnpjCheckDigits(base) === cnpj.slice(12));
      }),
      { numRuns: 500 },
    );
  });
});

describe("documents in general", () => {
  it("detects the kind of a valid document", () => {
    expect(detectDocument("529.982.247-25")).toBe("cpf");
    expect(detectDocument("11.222.333/0001-81")).toBe("cnpj");
    expect(detectDocument("12.ABC.345/01DE-35")).toBe("cnpj");
    expect(detectDocument("52998224724")).toBeNull();
    expect(detectDocument("11111111111")).toBeNull();
    expect(detectDocument("")).toBeNull();
  });

  it("validates either kind and formats by length", () => {
    expect(validateDocument("52998224725")).toEqual({ ok: true, value: { kind: "cpf", value: "52998224725" } });
    expect(validateDocument("12ABC34501DE35")).toEqual({ ok: true, value: { kind: "cnpj", value: "12ABC34501DE35" } });
    expect(errorCode(validateDocument("123456789012"))).toBe("INVALID_LENGTH");
    expect(formatDocument("52998224725")).toBe("529.982.247-25");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(() => formatCpf("123")).toThrow(RangeError);
    expect(() => formatCnpj("123")).toThrow(RangeError);
  });
});

describe("maskDocument", () => {
  it("hides the first three and the last two digits of a CPF, bare or formatted", () => {
    expect(maskDocument("52998224725")).toBe("***.982.247-**");
    expect(maskDocument("529.982.247-25")).toBe("***.982.247-**");
    expect(maskDocument(" 529 982 247 25 ")).toBe("***.982.247-**");
  });

  it("hides the first two and the check digits of a CNPJ, numeric or alphanumeric", () => {
    expect(maskDocument("11222333000181")).toBe("**.222.333/0001-**");
    expect(maskDocument("11.222.333/0001-81")).toBe("**.222.333/0001-**");
    expect(maskDocument("12abc34501de35")).toBe("**.ABC.345/01DE-**");
  });

  it("keeps only the last four characters of any other document", () => {
    expect(maskDocument("GODE561231GR8")).toBe("••••1GR8");
    expect(maskDocument("1234")).toBe("••••");
    expect(maskDocument("")).toBe("••••");
  });

  it("never shows the hidden places, for any valid document", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const cpf = generateCpf(seededRng(seed));
        const masked = maskDocument(cpf);
        expect(masked).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
        expect(masked.slice(4, 7) + masked.slice(8, 11)).toBe(cpf.slice(3, 9));
        const cnpj = generateCnpj(seededRng(seed), { alphanumeric: seed % 2 === 0 });
        expect(maskDocument(cnpj)).toBe(`**.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-**`);
      }),
    );
  });
});

describe("maskPixKey", () => {
  it("masks CPF and CNPJ keys as maskDocument does", () => {
    expect(maskPixKey("52998224725", "cpf")).toBe("***.982.247-**");
    expect(maskPixKey("11.222.333/0001-81", "cnpj")).toBe("**.222.333/0001-**");
  });

  it("shows a phone key's area code, first and last four digits", () => {
    expect(maskPixKey("+5511987651234", "phone")).toBe("+55 (11) 9****-1234");
    expect(maskPixKey("(11) 98765-1234", "phone")).toBe("+55 (11) 9****-1234");
    expect(maskPixKey("+551133334444", "phone")).toBe("+55 (11) ****-4444");
  });

  it("keeps an e-mail key's first letter and its domain", () => {
    expect(maskPixKey("joao.silva@dominio.com", "email")).toBe("j***@dominio.com");
    expect(maskPixKey("Ana@Loja.COM.br", "email")).toBe("a***@loja.com.br");
  });

  it("shortens a random key to its start and end", () => {
    expect(maskPixKey("123e4567-e89b-42d3-a456-426614174000", "random")).toBe("123e4567…4000");
  });

  it("keeps only the last four characters of a key that does not fit its type", () => {
    expect(maskPixKey("abc12345", "phone")).toBe("••••2345");
    expect(maskPixKey("abc", "email")).toBe("••••");
  });
});
