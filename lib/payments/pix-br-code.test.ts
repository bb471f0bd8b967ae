import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  decodeBrCode,
  decodePixPayload,
  buildStaticBrCode,
  buildDynamicBrCode,
  buildBrCode,
  PIX_GUI,
  type BrCode,
} from "./pix-br-code";
import { crc16Hex } from "./crc16";
import { encodeTlv, normalizeEmvText } from "./emv-tlv";
import { generateCpf, generateCnpj } from "./documents";
import { seededRng } from "./rng";
import { vectors } from "./test-support/vectors";

const [staticVector, dynamicVector] = vectors.pix_br_code as [(typeof vectors.pix_br_code)[0], (typeof vectors.pix_br_code)[0]];

/** Appends "6304" and the CRC, so tests can build payloads that are wrong in other ways. */
const withCrc = (body: string) => body + "6304" + crc16Hex(body + "6304");
const errorOf = (s: string) => {
  const r = decodeBrCode(s);
  return r.ok ? "ok" : `${r.error.code}${r.error.field ? `:${r.error.field}` : ""}`;
};
/** A valid static payload assembled field by field, with one field replaced or dropped. */
function assemble(overrides: Record<string, string | null> = {}): string {
  const fields: [string, string][] = [
    ["00", "01"],
    ["26", encodeTlv("00", PIX_GUI) + encodeTlv("01", "52998224725")],
    ["52", "0000"],
    ["53", "986"],
    ["54", "10.00"],
    ["58", "BR"],
    ["59", "Loja"],
    ["60", "SAO PAULO"],
    ["62", encodeTlv("05", "ABC123")],
  ];
  let body = "";
  for (const [id, value] of fields) {
    const v = id in overrides ? overrides[id] : value;
    if (v !== null && v !== undefined) body += encodeTlv(id, v);
  }
  for (const [id, v] of Object.entries(overrides)) if (!fields.some(([f]) => f === id) && v !== null) body += encodeTlv(id, v);
  return withCrc(body);
}

describe("BR Code: published vectors", () => {
  it(`decodes the static example (${staticVector.source})`, () => {
    const r = decodeBrCode(staticVector.payload);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { tlv, ...fields } = r.value;
    expect(fields).toEqual({
      payloadFormatIndicator: "01",
      pointOfInitiation: "static",
      gui: "br.gov.bcb.pix",
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      mcc: "0000",
      currency: "986",
      countryCode: "BR",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      crc: "1D3D",
    } satisfies Omit<BrCode, "tlv">);
    expect(tlv.map((n) => n.id)).toEqual(["00", "26", "52", "53", "58", "59", "60", "62", "63"]);
    expect(tlv[1]!.children!.map((n) => [n.id, n.value])).toEqual([["00", "br.gov.bcb.pix"], ["01", "123e4567-e12b-12d1-a456-426655440000"]]);
    expect(tlv[7]!.children).toEqual([{ id: "05", length: 3, value: "***" }]);
  });

  it(`decodes the dynamic example (${dynamicVector.source})`, () => {
    const r = decodeBrCode(dynamicVector.payload);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      pointOfInitiation: "dynamic",
      url: "qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c70",
      merchantName: "Pix",
      merchantCity: "BRASILIA",
      crc: "C7D7",
    });
    expect(r.value.pixKey).toBeUndefined();
    expect(r.value.pointOfInitiationMethod).toBeUndefined();
    expect(r.value.txid).toBeUndefined();
  });

  it("rebuilds both examples byte for byte", () => {
    expect(buildStaticBrCode({ pixKey: "123e4567-e12b-12d1-a456-426655440000", merchantName: "Fulano de Tal", merchantCity: "BRASILIA" })).toBe(staticVector.payload);
    expect(
      buildDynamicBrCode({ url: "https://qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c70", merchantName: "Pix", merchantCity: "BRASILIA", singleUse: false }),
    ).toBe(dynamicVector.payload);
  });

  it("answers the spec's PIX payload decoding for the examples", () => {
    expect(decodePixPayload(staticVector.payload)).toEqual({ ok: true, value: { receiver_name: "Fulano de Tal", city: "BRASILIA" } });
    expect(decodePixPayload(dynamicVector.payload)).toEqual({ ok: true, value: { receiver_name: "Pix", city: "BRASILIA" } });
  });
});

describe("BR Code: building", () => {
  it("writes a dynamic code as single use (01 = 12) by default", () => {
    const code = buildDynamicBrCode({ url: "pix.example.com/qr/v2/abc", merchantName: "Loja", merchantCity: "Recife", txid: "TX1" });
    expect(code.startsWith("000201010212")).toBe(true);
    const r = decodeBrCode(code);
    expect(r.ok && r.value).toMatchObject({ pointOfInitiation: "dynamic", pointOfInitiationMethod: "12", url: "pix.example.com/qr/v2/abc", txid: "TX1" });
  });

  it("writes amounts with two decimals and no separators", () => {
    const code = (amount: string | number) => buildStaticBrCode({ pixKey: "a@b.com", merchantName: "X", merchantCity: "Y", amount });
    expect(code("10")).toContain("540510.00");
    expect(code(0.5)).toContain("54040.50");
    expect(code("1234567.89")).toContain("54101234567.89");
    expect(code("9999999999.99")).toContain("54139999999999.99");
    expect(() => code("10000000000.00")).toThrow(/13 characters/);
    expect(() => code("1.001")).toThrow(/decimal places/);
    expect(() => code("0")).toThrow(/greater than zero/);
    expect(() => code("1,00")).toThrow(RangeError);
  });

  it("strips accents and cuts name (25) and city (15)", () => {
    const code = buildStaticBrCode({
      pixKey: "52998224725",
      merchantName: "Açaí & Cia Comércio de Alimentos Ltda",
      merchantCity: "São José dos Campos",
      description: "Pedido nº 42 — café",
    });
    const r = decodeBrCode(code);
    expect(r.ok && r.value).toMatchObject({
      merchantName: "Acai & Cia Comercio de Al",
      merchantCity: "Sao Jose dos Ca",
      description: "Pedido n 42 cafe",
    });
    expect(/^[\x20-\x7e]+$/.test(code)).toBe(true);
    expect(normalizeEmvText("  MÜNCHEN\t\nçà  ")).toBe("MUNCHEN ca");
  });

  it("refuses input that cannot be encoded", () => {
    const base = { pixKey: "a@b.com", merchantName: "Loja", merchantCity: "Recife" };
    expect(() => buildStaticBrCode({ ...base, txid: "has space" })).toThrow(/txid/);
    expect(() => buildStaticBrCode({ ...base, txid: "A".repeat(26) })).toThrow(/txid/);
    expect(() => buildStaticBrCode({ ...base, pixKey: "" })).toThrow(/pixKey/);
    expect(() => buildStaticBrCode({ ...base, pixKey: `${"a".repeat(70)}@b.com.br` })).toThrow(/pixKey/);
    expect(() => buildStaticBrCode({ ...base, pixKey: "a@b.com", description: "x".repeat(70) })).toThrow(/field 26/);
    expect(() => buildStaticBrCode({ ...base, merchantName: "€€€" })).toThrow(/merchantName/);
    expect(() => buildStaticBrCode({ ...base, mcc: "12" })).toThrow(/mcc/);
    expect(() => buildDynamicBrCode({ ...base, url: "http://pix.example.com/x" })).toThrow(/https/);
    expect(() => buildDynamicBrCode({ ...base, url: `${"a".repeat(78)}` })).toThrow(/77/);
    expect(() => buildBrCode({ kind: "dynamic", ...base, url: "has space" })).toThrow(/printable/);
  });
});

describe("BR Code: decoding errors", () => {
  it("detects damage through the CRC", () => {
    expect(errorOf(staticVector.payload.replace("Fulano", "Fulana"))).toBe("INVALID_CRC:crc");
    expect(errorOf(staticVector.payload.replace(/1D3D$/, "1D3E"))).toBe("INVALID_CRC:crc");
    const r = decodeBrCode(staticVector.payload.replace(/1D3D$/, "0000"));
    expect(!r.ok && r.error.message).toMatch(/CRC is 0000 but the content gives 1D3D/);
  });

  it("accepts lower-case CRC digits and surrounding whitespace", () => {
    expect(errorOf(staticVector.payload.replace(/1D3D$/, "1d3d"))).toBe("ok");
    expect(errorOf(`  ${staticVector.payload}\n`)).toBe("ok");
  });

  it("reports a missing or truncated CRC and an empty input", () => {
    expect(errorOf(staticVector.payload.slice(0, -8))).toBe("MISSING_FIELD:crc");
    expect(errorOf(staticVector.payload.slice(0, -1))).toBe("MISSING_FIELD:crc");
    expect(errorOf("")).toBe("EMPTY");
    expect(errorOf("   ")).toBe("EMPTY");
  });

  it("reports broken TLV structure", () => {
    expect(errorOf(withCrc("000201269"))).toBe("MALFORMED_TLV");
    expect(errorOf(withCrc("0002012699abc"))).toBe("MALFORMED_TLV");
    expect(errorOf(withCrc("00AB01"))).toBe("MALFORMED_TLV");
    expect(errorOf(withCrc("0002AB"))).toBe("INVALID_FIELD:payloadFormatIndicator"); // well-formed, wrong value
    const r = decodeBrCode(withCrc("0002012699abc"));
    expect(!r.ok && r.error.message).toMatch(/character 7: ID 26 declares 99 characters/);
  });

  it("reports codes that are not PIX", () => {
    expect(errorOf(assemble({ "26": encodeTlv("00", "com.example.pay") + encodeTlv("01", "x") }))).toBe("NOT_PIX:gui");
    expect(errorOf(assemble({ "26": null }))).toBe("NOT_PIX:gui");
    // The PIX account may sit in another merchant-account template (26-51), found by its GUI.
    expect(errorOf(assemble({ "26": encodeTlv("00", "com.example.pay"), "27": encodeTlv("00", "BR.GOV.BCB.PIX") + encodeTlv("01", "a@b.com") }))).toBe("ok");
  });

  it("reports missing, duplicated and invalid fields by name", () => {
    expect(errorOf(assemble())).toBe("ok");
    expect(errorOf(assemble({ "00": "02" }))).toBe("INVALID_FIELD:payloadFormatIndicator");
    expect(errorOf(assemble({ "00": null }))).toBe("MISSING_FIELD:payloadFormatIndicator");
    expect(errorOf(assemble({ "01": "13" }))).toBe("INVALID_FIELD:pointOfInitiation");
    expect(errorOf(assemble({ "26": encodeTlv("00", PIX_GUI) }))).toBe("MISSING_FIELD:pixKey");
    expect(errorOf(assemble({ "52": null }))).toBe("MISSING_FIELD:mcc");
    expect(errorOf(assemble({ "52": "00A0" }))).toBe("INVALID_FIELD:mcc");
    expect(errorOf(assemble({ "53": "840" }))).toBe("INVALID_FIELD:currency");
    expect(errorOf(assemble({ "53": null }))).toBe("MISSING_FIELD:currency");
    expect(errorOf(assemble({ "54": "1,00" }))).toBe("INVALID_FIELD:amount");
    expect(errorOf(assemble({ "54": "1.001" }))).toBe("INVALID_FIELD:amount");
    expect(errorOf(assemble({ "54": "1.000.00" }))).toBe("INVALID_FIELD:amount");
    expect(errorOf(assemble({ "54": "100000000000.0" }))).toBe("INVALID_FIELD:amount"); // 14 characters
    expect(errorOf(assemble({ "54": "10000000000.0" }))).toBe("ok"); // 13 characters, the most field 54 holds
    expect(errorOf(assemble({ "54": "1.5" }))).toBe("ok");
    expect(errorOf(assemble({ "58": "US" }))).toBe("INVALID_FIELD:countryCode");
    expect(errorOf(assemble({ "59": null }))).toBe("MISSING_FIELD:merchantName");
    expect(errorOf(assemble({ "59": "N".repeat(26) }))).toBe("INVALID_FIELD:merchantName");
    expect(errorOf(assemble({ "60": null }))).toBe("MISSING_FIELD:merchantCity");
    expect(errorOf(assemble({ "60": "C".repeat(16) }))).toBe("INVALID_FIELD:merchantCity");
    expect(errorOf(assemble({ "62": null }))).toBe("MISSING_FIELD:txid");
    expect(errorOf(assemble({ "62": encodeTlv("01", "x") }))).toBe("MISSING_FIELD:txid");
    expect(errorOf(assemble({ "62": "05" }))).toBe("MALFORMED_TLV:txid");
    const dup = withCrc(assemble().slice(0, -8) + encodeTlv("59", "Other"));
    expect(errorOf(dup)).toBe("DUPLICATE_FIELD:59");
  });

  it("reports a CRC that is not the last field", () => {
    // "6304" + 4 hex digits at the end, but inside field 62's value.
    const body = "000201" + encodeTlv("26", encodeTlv("00", PIX_GUI) + encodeTlv("01", "a@b.com")) + "52040000530398658" + "02BR5901X6001Y";
    const inner = encodeTlv("05", "***") + "6304";
    const prefix = body + "62" + String(inner.length + 4).padStart(2, "0") + inner;
    const code = prefix + crc16Hex(prefix);
    expect(errorOf(code)).toBe("MALFORMED_TLV:crc");
  });

  it("never throws, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => {
        const r = decodeBrCode(s);
        return typeof r.ok === "boolean";
      }),
      { numRuns: 1000 },
    );
    // Well-formed TLV with a valid CRC but arbitrary IDs and values reaches every field check.
    const field = fc.tuple(
      fc.constantFrom("00", "01", "26", "27", "52", "53", "54", "58", "59", "60", "62", "64", "80", "99"),
      fc.oneof(
        fc.string({ unit: "grapheme-ascii", maxLength: 30 }),
        fc.array(fc.tuple(fc.constantFrom("00", "01", "02", "05", "25"), fc.string({ unit: "grapheme-ascii", maxLength: 20 })), { maxLength: 3 })
          .map((sub) => sub.map(([id, v]) => encodeTlv(id, v)).join("")),
      ),
    );
    fc.assert(
      fc.property(fc.array(field, { maxLength: 12 }), (fields) => {
        const r = decodeBrCode(withCrc(fields.map(([id, v]) => encodeTlv(id, v)).join("")));
        return typeof r.ok === "boolean" && (r.ok || typeof r.error.message === "string");
      }),
      { numRuns: 1000 },
    );
  });

  it("any single changed character is detected", () => {
    const code = buildStaticBrCode({ pixKey: "52998224725", merchantName: "Loja do Ze", merchantCity: "Recife", amount: "12.34", txid: "ABC" });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: code.length - 1 }), fc.integer({ min: 0x21, max: 0x7e }), (pos, ch) => {
        const c = String.fromCharCode(ch);
        if (code[pos] === c) return true;
        // Lower-case CRC digits are accepted on purpose; they are not a change of value.
        if (pos >= code.length - 4 && c.toUpperCase() === code[pos]) return true;
        return !decodeBrCode(code.slice(0, pos) + c + code.slice(pos + 1)).ok;
      }),
      { numRuns: 1000 },
    );
  });
});

describe("PIX payload decoding (spec operation)", () => {
  const code = (pixKey: string, extra: { amount?: string; txid?: string } = {}) =>
    buildStaticBrCode({ pixKey, merchantName: "Maria da Silva", merchantCity: "Curitiba", ...extra });

  it("gives receiver_document when the key is a CPF or CNPJ", () => {
    expect(decodePixPayload(code("52998224725", { amount: "25.90", txid: "PEDIDO42" }))).toEqual({
      ok: true,
      value: { receiver_name: "Maria da Silva", receiver_document: "52998224725", city: "Curitiba", amount: 25.9, txid: "PEDIDO42" },
    });
    expect(decodePixPayload(code("11222333000181"))).toMatchObject({ ok: true, value: { receiver_document: "11222333000181" } });
    expect(decodePixPayload(code("12ABC34501DE35"))).toMatchObject({ ok: true, value: { receiver_document: "12ABC34501DE35" } });
  });

  it("gives no receiver_document for other keys or for dynamic codes", () => {
    for (const key of ["+5511912345678", "maria@example.com", "3f2504e0-4f89-41d3-9a0c-0305e82c3301", "52998224724"]) {
      const r = decodePixPayload(code(key));
      expect(r.ok && r.value.receiver_document, key).toBeUndefined();
    }
    const dyn = buildDynamicBrCode({ url: "pix.example.com/qr/1", merchantName: "Maria", merchantCity: "Curitiba" });
    expect(decodePixPayload(dyn)).toEqual({ ok: true, value: { receiver_name: "Maria", city: "Curitiba" } });
  });

  it("passes decoding errors through", () => {
    expect(decodePixPayload("not a br code")).toMatchObject({ ok: false, error: { code: "MISSING_FIELD", field: "crc" } });
  });
});

describe("BR Code round trip", () => {
  const text = (max: number) =>
    fc
      .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 áéíóúãõçÁÉÇâêô.-&'"), minLength: 1, maxLength: max })
      .filter((s) => normalizeEmvText(s) !== "");
  const cents = fc.bigInt({ min: 1n, max: 999_999_999_999n }).map((c) => {
    const s = c.toString().padStart(3, "0");
    return `${s.slice(0, -2)}.${s.slice(-2)}`;
  });
  const key = fc.oneof(
    fc.integer().map((s) => generateCpf(seededRng(s))),
    fc.integer().map((s) => generateCnpj(seededRng(s), { alphanumeric: true })),
    fc.uuid({ version: 4 }),
    fc.stringMatching(/^\+55[1-9]{2}9\d{8}$/),
    fc.stringMatching(/^[a-z0-9._-]{1,30}@[a-z0-9]{1,20}\.com\.br$/),
  );
  const expectedText = (s: string, max: number) => normalizeEmvText(s).slice(0, max).trim();

  it("static: build → decode gives back every field", () => {
    fc.assert(
      fc.property(
        key,
        text(40),
        text(30),
        fc.option(cents, { nil: undefined }),
        fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: undefined }),
        fc.option(text(20), { nil: undefined }),
        (pixKey, merchantName, merchantCity, amount, txid, description) => {
          const code = buildStaticBrCode({ pixKey, merchantName, merchantCity, amount, txid, description });
          const r = decodeBrCode(code);
          if (!r.ok) return false;
          const v = r.value;
          return (
            v.pixKey === pixKey &&
            v.pointOfInitiation === "static" &&
            v.merchantName === expectedText(merchantName, 25) &&
            v.merchantCity === expectedText(merchantCity, 15) &&
            v.amount === amount &&
            v.txid === txid &&
            v.description === (description === undefined ? undefined : normalizeEmvText(description)) &&
            v.crc === code.slice(-4)
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("dynamic: build → decode gives back every field", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9-]{1,20}\.[a-z]{2,3}\/[A-Za-z0-9/_-]{1,40}$/),
        text(40),
        text(30),
        fc.option(cents, { nil: undefined }),
        fc.boolean(),
        (url, merchantName, merchantCity, amount, singleUse) => {
          const code = buildDynamicBrCode({ url: `https://${url}`, merchantName, merchantCity, amount, singleUse });
          const r = decodeBrCode(code);
          if (!r.ok) return false;
          const p = decodePixPayload(code);
          return (
            r.value.url === url &&
            r.value.pixKey === undefined &&
            r.value.pointOfInitiation === "dynamic" &&
            r.value.pointOfInitiationMethod === (singleUse ? "12" : undefined) &&
            r.value.amount === amount &&
            r.value.merchantName === expectedText(merchantName, 25) &&
            p.ok &&
            p.value.amount === (amount === undefined ? undefined : Number(amount))
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
