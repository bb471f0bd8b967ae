import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import * as api from "./index";
import { vectors, VECTORS_URL } from "./test-support/vectors";

/** The modules the browser may load: everything here except tests and test support. */
const here = new URL("./", import.meta.url);
const browserModules = readdirSync(here).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("lib/payments stays usable in the browser", () => {
  it("no module imports Node built-ins, Next.js or server-only", () => {
    expect(browserModules.length).toBeGreaterThanOrEqual(12);
    for (const f of browserModules) {
      const src = readFileSync(new URL(f, here), "utf8");
      const imports = [...src.matchAll(/from\s+"([^"]+)"|import\s+"([^"]+)"/g)].map((m) => m[1] ?? m[2]);
      for (const spec of imports) {
        expect(spec, `${f} imports ${spec}`).not.toMatch(/^node:|^next(\/|$)|^server-only$|^(fs|path|crypto|buffer)$/);
      }
    }
  });

  it("reading a boleto (boleto.ts) imports no decimal type: the browser that shows a charge's boleto gets no decimal.js (≈ 12.5 KiB gzipped)", () => {
    const imports = (f: string) => [...readFileSync(new URL(f, here), "utf8").matchAll(/^import\s(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(imports("boleto.ts")).toEqual(["./result"]);
    expect(imports("result.ts")).toEqual([]);
  });

  it("index re-exports the public API", () => {
    for (const name of [
      "decodeBrCode", "decodePixPayload", "buildStaticBrCode", "buildDynamicBrCode", "crc16", "crc16Hex",
      "parseBoleto", "buildBoleto", "formatDigitableLine", "barcodeToDigitableLine", "digitableLineToBarcode",
      "validateClabe", "generateClabe", "validateCpf", "validateCnpj", "detectDocument", "generateCpf", "generateCnpj",
      "validatePixKey", "guessPixKeyType", "validateAddress", "generateAddress", "coinsForChain",
      "isCurrencySupportedOnChain", "parseAmount", "toFixedScale", "hasAtMostDecimals", "Money",
    ]) {
      expect(api, name).toHaveProperty(name);
    }
  });

  it("reads the published vectors from inside the repository (a fresh clone has nothing beside it)", () => {
    expect(new URL("./test-support/payments.vectors.json", import.meta.url).href).toBe(VECTORS_URL.href);
    expect(vectors.crc16_ccitt_false.crc).toBe("29B1");
  });
});
