import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { encodeTlv, parseTlvLevel, parseTlvTree, isTlvFailure, isTemplateId, normalizeEmvText } from "./emv-tlv";

describe("EMV TLV", () => {
  it("encodes ID, two-digit length and value", () => {
    expect(encodeTlv("59", "Fulano de Tal")).toBe("5913Fulano de Tal");
    expect(encodeTlv("05", "***")).toBe("0503***");
    expect(encodeTlv("00", "")).toBe("0000");
    expect(() => encodeTlv("5", "x")).toThrow(RangeError);
    expect(() => encodeTlv("26", "x".repeat(100))).toThrow(/at most 99/);
  });

  it("parses templates into children and leaves other values alone", () => {
    const tree = parseTlvTree("000201" + "2616" + "0004abcd" + "0104wxyz" + "5913Fulano de Tal");
    expect(isTlvFailure(tree)).toBe(false);
    if (isTlvFailure(tree)) return;
    expect(tree.map((n) => n.id)).toEqual(["00", "26", "59"]);
    expect(tree[1]!.children).toEqual([
      { id: "00", length: 4, value: "abcd" },
      { id: "01", length: 4, value: "wxyz" },
    ]);
    expect(tree[2]!.children).toBeUndefined();
    // A template whose value is not TLV keeps its raw value and no children.
    const odd = parseTlvTree("6203abc");
    expect(!isTlvFailure(odd) && odd[0]).toEqual({ id: "62", length: 3, value: "abc" });
  });

  it("reports where the structure breaks", () => {
    expect(parseTlvLevel("0002")).toEqual({ position: 0, reason: "ID 00 declares 2 characters but only 0 remain" });
    expect(parseTlvLevel("000201XX")).toEqual({ position: 6, reason: "a data object needs a 2-digit ID and a 2-digit length" });
    expect(parseTlvLevel("0002010A01")).toEqual({ position: 6, reason: 'ID "0A" is not two digits' });
    expect(parseTlvLevel("000201011X1")).toEqual({ position: 8, reason: 'length "1X" of ID 01 is not two digits' });
    expect(parseTlvLevel("0005abc")).toEqual({ position: 0, reason: "ID 00 declares 5 characters but only 3 remain" });
  });

  it("knows which IDs are templates", () => {
    expect(["26", "51", "62", "64", "80", "99"].every(isTemplateId)).toBe(true);
    expect(["00", "25", "52", "63", "65", "79"].some(isTemplateId)).toBe(false);
  });

  it("round-trips any list of data objects", () => {
    const obj = fc.tuple(fc.stringMatching(/^\d\d$/), fc.string({ unit: "grapheme-ascii", maxLength: 99 }));
    fc.assert(
      fc.property(fc.array(obj, { maxLength: 10 }), (objs) => {
        const parsed = parseTlvLevel(objs.map(([id, v]) => encodeTlv(id, v)).join(""));
        return !isTlvFailure(parsed) && JSON.stringify(parsed.map((n) => [n.id, n.value])) === JSON.stringify(objs);
      }),
      { numRuns: 1000 },
    );
  });

  it("normalises text to printable ASCII", () => {
    expect(normalizeEmvText("São Paulo")).toBe("Sao Paulo");
    expect(normalizeEmvText("ÇÃÕÉÍÓÚÂÊÔÀÜ çãõéíóúâêôàü")).toBe("CAOEIOUAEOAU caoeiouaeoau");
    expect(normalizeEmvText("  a \t b\n\nc  ")).toBe("a b c");
    expect(normalizeEmvText("Zoë 🙂 Ltd")).toBe("Zoe Ltd");
  });
});
