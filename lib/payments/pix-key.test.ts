import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { validatePixKey, guessPixKeyType, normalizePixPhone, isValidPixKey, BRAZIL_AREA_CODES, type PixKeyType } from "./pix-key";
import { generateCpf, generateCnpj, formatCpf } from "./documents";
import { seededRng } from "./rng";
import { vectors } from "./test-support/vectors";

function check(key: string, type: string): string {
  const r = validatePixKey(key, type);
  return r.ok ? `ok:${r.value}` : r.error.code;
}

describe("validatePixKey", () => {
  it("cpf and cnpj keys: check digits, masks removed", () => {
    expect(check(vectors.cpf_valid[0]!, "cpf")).toBe("ok:52998224725");
    expect(check("529.982.247-25", "cpf")).toBe("ok:52998224725");
    expect(check("52998224724", "cpf")).toBe("INVALID_DOCUMENT");
    for (const cnpj of vectors.cnpj_valid) expect(check(cnpj, "cnpj")).toBe(`ok:${cnpj}`);
    expect(check("11.222.333/0001-81", "cnpj")).toBe("ok:11222333000181");
    expect(check("11222333000181", "cpf")).toBe("INVALID_DOCUMENT");
    const r = validatePixKey("52998224724", "cpf");
    expect(!r.ok && r.error.message).toMatch(/CPF/);
  });

  it("email keys: lower-cased, at most 77 characters", () => {
    expect(check("Fulano.Tal@Example.COM", "email")).toBe("ok:fulano.tal@example.com");
    expect(check("  pix+loja@banco.com.br ", "email")).toBe("ok:pix+loja@banco.com.br");
    const local = "a".repeat(77 - "@x.io".length);
    expect(check(`${local}@x.io`, "email")).toBe(`ok:${local}@x.io`);
    expect(check(`${local}a@x.io`, "email")).toBe("TOO_LONG");
    for (const bad of ["no-at-sign", "a@", "@b.com", "a b@c.com", "a@-b.com", "a@b..com", "a@@b.com"]) {
      expect(check(bad, "email"), bad).toBe("INVALID_FORMAT");
    }
  });

  it("phone keys: +55, area code, 8 or 9 digits; documented normalisations", () => {
    const cases: [string, string][] = [
      ["+5511912345678", "ok:+5511912345678"],
      ["+55 (11) 91234-5678", "ok:+5511912345678"],
      ["+55 11 9 1234.5678", "ok:+5511912345678"],
      ["5511912345678", "ok:+5511912345678"],
      ["11912345678", "ok:+5511912345678"],
      ["(61) 3333-4444", "ok:+556133334444"],
      ["+556133334444", "ok:+556133334444"],
      // Area code 55 (Santa Maria, RS) written without country code.
      ["55912345678", "ok:+5555912345678"],
      ["+5520912345678", "INVALID_AREA_CODE"],
      ["+5510912345678", "INVALID_AREA_CODE"],
      ["+5511812345678", "INVALID_FORMAT"], // 9-digit numbers are mobiles, starting with 9
      ["+551101234567", "INVALID_FORMAT"], // 8-digit numbers do not start with 0 or 1
      ["+14155552671", "INVALID_FORMAT"], // not Brazil
      ["+55119123456789", "INVALID_FORMAT"],
      ["+55119123", "INVALID_FORMAT"],
      ["011912345678", "INVALID_FORMAT"], // trunk prefix is not removed
      ["phone", "INVALID_FORMAT"],
    ];
    for (const [input, expected] of cases) expect(check(input, "phone"), input).toBe(expected);
    expect(BRAZIL_AREA_CODES.size).toBe(67);
  });

  it("random keys (EVP): version 4 UUIDs, any case in, lower case out", () => {
    expect(check("3F2504E0-4F89-41D3-9A0C-0305E82C3301", "random")).toBe("ok:3f2504e0-4f89-41d3-9a0c-0305e82c3301");
    expect(check("3f2504e0-4f89-41d3-9a0c-0305e82c3301", "random")).toBe("ok:3f2504e0-4f89-41d3-9a0c-0305e82c3301");
    // Banco Central's manual example key is a UUID but not version 4.
    expect(check("123e4567-e12b-12d1-a456-426655440000", "random")).toBe("NOT_UUID_V4");
    expect(check("3f2504e0-4f89-41d3-ca0c-0305e82c3301", "random")).toBe("NOT_UUID_V4"); // variant bits
    expect(check("3f2504e04f8941d39a0c0305e82c3301", "random")).toBe("INVALID_FORMAT");
    expect(check("3f2504e0-4f89-41d3-9a0c-0305e82c330g", "random")).toBe("INVALID_FORMAT");
  });

  it("rejects empty keys and unknown key types", () => {
    expect(check("   ", "email")).toBe("EMPTY");
    expect(check("x", "evp")).toBe("UNKNOWN_KEY_TYPE");
  });

  it("normalised keys validate again to themselves and are guessed as their type", () => {
    const phone = fc
      .tuple(fc.constantFrom(...BRAZIL_AREA_CODES), fc.boolean(), fc.stringMatching(/^\d{8}$/))
      .map(([ddd, mobile, n]) => (mobile ? `+55${ddd}9${n}` : `+55${ddd}${"2345678"[Number(n[0]) % 7]}${n.slice(1)}`));
    const key: fc.Arbitrary<[PixKeyType, string]> = fc.oneof(
      fc.integer().map((s) => ["cpf", generateCpf(seededRng(s))] as [PixKeyType, string]),
      fc.tuple(fc.integer(), fc.boolean()).map(([s, a]) => ["cnpj", generateCnpj(seededRng(s), { alphanumeric: a })] as [PixKeyType, string]),
      fc.uuid({ version: 4 }).map((u) => ["random", u] as [PixKeyType, string]),
      phone.map((p) => ["phone", p] as [PixKeyType, string]),
      fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), fc.stringMatching(/^[a-z0-9]{1,10}\.(com|br|io)$/)).map(([l, d]) => ["email", `${l}@${d}`] as [PixKeyType, string]),
    );
    fc.assert(
      fc.property(key, ([type, k]) => {
        const r = validatePixKey(k, type);
        if (!r.ok) return false;
        const again = validatePixKey(r.value, type);
        return again.ok && again.value === r.value && guessPixKeyType(r.value) === type && isValidPixKey(k, type);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("guessPixKeyType", () => {
  it("guesses from the shape", () => {
    expect(guessPixKeyType("52998224725")).toBe("cpf");
    expect(guessPixKeyType(formatCpf("52998224725"))).toBe("cpf");
    expect(guessPixKeyType("11222333000181")).toBe("cnpj");
    expect(guessPixKeyType("12ABC34501DE35")).toBe("cnpj");
    expect(guessPixKeyType("fulano@example.com")).toBe("email");
    expect(guessPixKeyType("+5511912345678")).toBe("phone");
    expect(guessPixKeyType("11912345678")).toBe("phone"); // fails the CPF check, passes as a national phone
    expect(guessPixKeyType("123e4567-e12b-12d1-a456-426655440000")).toBe("random");
    expect(guessPixKeyType("not a key")).toBeNull();
    expect(guessPixKeyType("a@")).toBeNull();
    expect(guessPixKeyType("+1415555267")).toBeNull();
    expect(guessPixKeyType("")).toBeNull();
  });

  it("prefers cpf when 11 digits pass the CPF check", () => {
    // 11 digits that are both a valid CPF and a well-formed national mobile number.
    const both = Array.from({ length: 2000 }, (_, i) => generateCpf(seededRng(i))).find((c) => normalizePixPhone(c).ok);
    expect(both).toBeDefined();
    expect(guessPixKeyType(both!)).toBe("cpf");
  });
});
