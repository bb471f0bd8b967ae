/** Transaction kinds in words (lib/transactions/kind.ts), in each language. */
import { describe, expect, it } from "vitest";
import { createTranslator, getMessages } from "@/lib/i18n";
import { kindLabel } from "@/lib/transactions/kind";

describe("kindLabel", () => {
  const en = createTranslator(getMessages("en"), "en");
  const pt = createTranslator(getMessages("pt-BR"), "pt-BR");
  const es = createTranslator(getMessages("es-MX"), "es-MX");

  it("names type and method in words, never the API's codes", () => {
    expect(kindLabel(en, { type: "cashin", source: "cashin", method: "PIX" })).toBe("Cash-in · PIX");
    expect(kindLabel(en, { type: "cashin", source: "cashin", method: "PIX_BOLETO" })).toBe("Cash-in · Boleto with PIX");
    expect(kindLabel(en, { type: "cashout", source: "cashout", method: "CRYPTO" })).toBe("Cash-out · Crypto");
    expect(kindLabel(en, { type: "cashin", source: "wallet_deposit", method: "SPEI" })).toBe("Wallet deposit · SPEI");
    expect(kindLabel(en, { type: "conversion", source: "conversion", method: "CONVERSION" })).toBe("Conversion");
    expect(kindLabel(en, { type: "cashout", source: "internal_transfer", method: "INTERNAL" })).toBe("Internal transfer sent");
    expect(kindLabel(en, { type: "cashin", source: "internal_transfer", method: "INTERNAL" })).toBe("Internal transfer received");
    expect(kindLabel(en, { type: "cashin", source: null, method: null })).toBe("Cash-in");
    expect(kindLabel(pt, { type: "cashin", source: "cashin", method: "BOLETO" })).toBe("Recebimento · Boleto");
    expect(kindLabel(es, { type: "cashout", source: "cashout", method: "SPEI" })).toBe("Envío · SPEI");
  });

  it("shows a code it has no word for as the API sent it, and an unknown type as a transaction", () => {
    expect(kindLabel(en, { type: "cashin", source: "cashin", method: "NEW_RAIL" })).toBe("Cash-in · NEW_RAIL");
    expect(kindLabel(en, { type: null, source: null, method: null })).toBe("Transaction");
    expect(kindLabel(en, { type: "chargeback", source: null, method: "PIX" })).toBe("chargeback · PIX");
  });
});
