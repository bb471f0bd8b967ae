import { describe, expect, it } from "vitest";
import { createTranslator, getMessages, LOCALES, negotiateLocale } from "./index";
import { formatDateTime, formatMoney } from "./format";

function leaves(obj: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (typeof v === "string") out[prefix + k] = v;
    else Object.assign(out, leaves(v, `${prefix}${k}.`));
  }
  return out;
}

describe("dictionaries", () => {
  const en = leaves(getMessages("en"));
  for (const locale of LOCALES) {
    it(`${locale} has every key, no empty text, and the same placeholders as English`, () => {
      const m = leaves(getMessages(locale));
      expect(Object.keys(m).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(m)) {
        expect(text.trim(), key).not.toBe("");
        const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(ph(text), key).toEqual(ph(en[key]!));
      }
    });
  }

  it("fills placeholders", () => {
    const t = createTranslator(getMessages("pt-BR"));
    expect(t("auth.throttled", { minutes: 15 })).toBe("Muitas tentativas sem sucesso. Tente novamente em 15 min.");
  });
});

describe("formats", () => {
  it("formats amounts exactly, without binary floats", () => {
    expect(formatMoney("90071992547409.99", "BRL", "pt-BR")).toBe("R$\u00a090.071.992.547.409,99");
    expect(formatMoney("1234.5", "MXN", "es-MX")).toBe("$1,234.50");
    expect(formatMoney("0.00012345", "BTC", "en")).toBe("0.00012345 BTC");
    expect(formatMoney("1234567.123456", "USDT", "pt-BR")).toBe("1.234.567,123456 USDT");
  });

  it("shows dates in each market's time zone", () => {
    expect(formatDateTime("2026-03-09T18:30:00Z", "pt-BR")).toMatch(/15:30/);
    expect(formatDateTime("2026-03-09T18:30:00Z", "es-MX")).toMatch(/12:30/);
  });

  it("negotiates the language from Accept-Language", () => {
    expect(negotiateLocale("pt-PT,pt;q=0.9")).toBe("pt-BR");
    expect(negotiateLocale("es-AR, en;q=0.5")).toBe("es-MX");
    expect(negotiateLocale("de-DE")).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
  });
});
