import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { crc16, crc16Hex } from "./crc16";
import { vectors } from "./test-support/vectors";

/** Bit-by-bit CRC-16/CCITT-FALSE straight from the definition, to check the table-driven one. */
function referenceCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

describe("crc16 (CRC-16/CCITT-FALSE)", () => {
  it("gives the CRC catalogue check value for 123456789", () => {
    const v = vectors.crc16_ccitt_false;
    expect(crc16Hex(v.input)).toBe(v.crc);
    expect(crc16(v.input)).toBe(0x29b1);
  });

  it("returns the initial value for no data", () => {
    expect(crc16("")).toBe(0xffff);
    expect(crc16Hex(new Uint8Array())).toBe("FFFF");
  });

  it("matches the CRC written in every published BR Code", () => {
    for (const { payload } of vectors.pix_br_code) {
      expect(crc16Hex(payload.slice(0, -4))).toBe(payload.slice(-4));
    }
  });

  it("pads to four upper-case hex digits", () => {
    // Find an input whose CRC is below 0x1000 and check the padding.
    let i = 0;
    while (crc16(String(i)) >= 0x1000) i++;
    expect(crc16Hex(String(i))).toMatch(/^0[0-9A-F]{3}$/);
  });

  it("hashes non-ASCII strings as UTF-8", () => {
    expect(crc16("São Paulo")).toBe(crc16(new TextEncoder().encode("São Paulo")));
    expect(crc16("São Paulo")).toBe(referenceCrc(new TextEncoder().encode("São Paulo")));
  });

  it("agrees with the bitwise definition on random bytes and strings", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => crc16(bytes) === referenceCrc(bytes)),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 100 }), (s) => crc16(s) === referenceCrc(new TextEncoder().encode(s))),
      { numRuns: 500 },
    );
  });
});
