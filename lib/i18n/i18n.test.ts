import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createTranslator, getMessages, LOCALES, negotiateLocale, translateKeyOrText } from "./index";
import { formatDateTime, formatDueDate, formatInstant, formatList, formatMoney, formatRelativeTime } from "./format";
import { isTimeZone, LATIN_AMERICAN_TIME_ZONES, memberTimeZone, timeZoneChoices, zoneLabel } from "./zones";
import { isoInZone } from "@/lib/transactions/csv";

function leaves(obj: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (typeof v === "string") out[prefix + k] = v;
    else Object.assign(out, leaves(v, `${prefix}${k}.`));
  }
  return out;
}

/** The ICU arguments a message uses, with their kind (plain, plural, select…). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if ("value" in el && typeof el.value === "string" && el.type !== TYPE.literal) out.add(`${el.value}:${el.type}`);
    if ("options" in el) for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    if (el.type === TYPE.tag) argumentsOf(el.children, out);
  }
  return out;
}

describe("dictionaries", () => {
  const en = leaves(getMessages("en"));
  for (const locale of LOCALES) {
    it(`${locale} has every key, no empty text, valid ICU and the same arguments as English`, () => {
      const m = leaves(getMessages(locale));
      expect(Object.keys(m).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(m)) {
        expect(text.trim(), key).not.toBe("");
        expect(key, "next-intl keys cannot contain dots").not.toMatch(/\.\./);
        const args = [...argumentsOf(parse(text))].sort();
        expect(args, key).toEqual([...argumentsOf(parse(en[key]!))].sort());
      }
    });
  }

  it("fills placeholders and plurals", () => {
    const t = createTranslator(getMessages("pt-BR"), "pt-BR");
    expect(t("auth.throttled", { wait: t("auth.waitMinutes", { minutes: 15 }) })).toBe("Tentativas demais a partir daqui. Tente novamente em 15 minutos.");
    expect(t("auth.waitSeconds", { seconds: 1 })).toBe("em 1 segundo");
    const en = createTranslator(getMessages("en"), "en");
    expect(en("apiErrors.RATE_LIMIT_EXCEEDED", { seconds: 1 })).toMatch(/in 1 second\.$/);
    expect(en("apiErrors.RATE_LIMIT_EXCEEDED", { seconds: 42 })).toMatch(/in 42 seconds\.$/);
  });

  it("writes a kept text again only for the same message and the same figures", () => {
    const en = createTranslator(getMessages("en"), "en");
    // Asked twice each, in turns: the second asking reads the kept text, which must be its own.
    for (let round = 0; round < 2; round++) {
      expect(en("infractions.dueSoonBadge", { count: 1 })).toBe("1 infraction due within 48 hours");
      expect(en("infractions.dueSoonBadge", { count: 2 })).toBe("2 infractions due within 48 hours");
      expect(en("nav.overview")).toBe("Overview");
    }
    expect(en("auth.throttled", { wait: "in 1 minute" })).toMatch(/in 1 minute\.$/);
    expect(en("auth.throttled", { wait: "in 2 minutes" })).toMatch(/in 2 minutes\.$/);
  });

  it("refuses a key that no language has, outside production", () => {
    const t = createTranslator(getMessages("es-MX"), "es-MX");
    expect(() => t("nav.nothingHere" as never)).toThrow();
    expect(t.has("nav.overview")).toBe(true);
    expect(translateKeyOrText(t, "nav.overview")).toBe(getMessages("es-MX").nav.overview);
    expect(translateKeyOrText(t, "Not a key.")).toBe("Not a key.");
  });
});

describe("formats", () => {
  it("lists items as each language does", () => {
    expect(formatList(["R$1.00 in", "R$2.00 out", "3 payments completed"], "en")).toBe("R$1.00 in, R$2.00 out, and 3 payments completed");
    expect(formatList(["R$ 1,00 recebidos", "R$ 2,00 enviados", "3 pagamentos concluídos"], "pt-BR")).toBe("R$ 1,00 recebidos, R$ 2,00 enviados e 3 pagamentos concluídos");
    expect(formatList(["a", "b", "c"], "es-MX")).toBe("a, b y c");
  });

  it("formats amounts exactly, without binary floats", () => {
    expect(formatMoney("90071992547409.99", "BRL", "pt-BR")).toBe("R$\u00a090.071.992.547.409,99");
    // es-MX writes MXN as a bare "$"; beside other currencies it says which dollar.
    expect(formatMoney("1234.5", "MXN", "es-MX")).toBe("MX$1,234.50");
    expect(formatMoney("-0.1", "MXN", "es-MX")).toBe("-MX$0.10");
    expect(formatMoney("1234.5", "MXN", "pt-BR")).toBe("MX$\u00a01.234,50");
    expect(formatMoney("0.00012345", "BTC", "en")).toBe("0.00012345\u00a0BTC");
    expect(formatMoney("1234567.123456", "USDT", "pt-BR")).toBe("1.234.567,123456\u00a0USDT");
  });

  it("shows dates in each market's time zone", () => {
    expect(formatDateTime("2026-03-09T18:30:00Z", "pt-BR")).toMatch(/15:30/);
    expect(formatDateTime("2026-03-09T18:30:00Z", "es-MX")).toMatch(/12:30/);
  });

  it("writes dates in the member's zone when they chose one, whatever their language", () => {
    expect(memberTimeZone("en", null)).toBe("America/Sao_Paulo");
    expect(memberTimeZone("es-MX", null)).toBe("America/Mexico_City");
    expect(memberTimeZone("en", "America/Mexico_City")).toBe("America/Mexico_City");
    expect(memberTimeZone("pt-BR", "Not/AZone")).toBe("America/Sao_Paulo");
    expect(formatDateTime("2026-03-09T18:30:00Z", "en", "America/Sao_Paulo")).toBe("Mar 9, 2026, 3:30 PM");
    expect(formatDateTime("2026-03-09T18:30:00Z", "pt-BR", "Asia/Tokyo")).toMatch(/10 de mar\.? de 2026.*03:30/);
    expect(formatInstant("2026-03-09T18:30:00Z", "en", "America/Mexico_City")).toMatch(/12:30:00 PM CST/);
  });

  it("offers the Latin-American zones first, then every zone Intl knows", () => {
    const choices = timeZoneChoices();
    expect(choices.slice(0, LATIN_AMERICAN_TIME_ZONES.length)).toEqual([...LATIN_AMERICAN_TIME_ZONES]);
    expect(choices).toContain("Europe/Lisbon");
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices.every(isTimeZone)).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(zoneLabel("America/Sao_Paulo", new Date("2026-11-26T12:00:00Z"))).toBe("America/Sao Paulo (UTC−03:00)");
  });

  it("the CSV's date and the page's are the same wall time, the CSV with the member's offset", () => {
    const at = new Date("2026-11-26T08:37:00Z");
    expect(isoInZone(at, "America/Sao_Paulo")).toBe("2026-11-26T05:37:00.000-03:00");
    expect(formatDateTime(at, "en", "America/Sao_Paulo")).toBe("Nov 26, 2026, 5:37 AM");
  });

  it("writes amounts in messages with the reader's separators, and one period after a.m.", () => {
    const es = createTranslator(getMessages("es-MX"), "es-MX", "America/Mexico_City");
    expect(es("account.readAt", { environment: "sandbox", source: "x", at: formatDateTime("2026-11-26T14:37:00Z", "es-MX", "America/Mexico_City") })).toMatch(/8:37\s?a\.\s?m\.$/);
    const pt = createTranslator(getMessages("pt-BR"), "pt-BR");
    expect(pt("charges.form.minimum", { min: "1.00", currency: "BRL" })).toBe("Mínimo 1,00 BRL.");
    expect(translateKeyOrText(pt, "charges.errors.amountMinimum|min=1234.50|currency=BRL")).toBe("O mínimo é 1.234,50 BRL.");
    const en = createTranslator(getMessages("en"), "en");
    expect(en("charges.form.minimum", { min: "1.00", currency: "BRL" })).toBe("Minimum 1.00 BRL.");
  });

  it("writes a due date as banks print it, the same day in every time zone", () => {
    expect(formatDueDate("2026-11-28", "pt-BR")).toBe("28/11/2026");
    expect(formatDueDate("2026-11-28", "es-MX")).toBe("28/11/2026");
    expect(formatDueDate("2026-11-28", "en")).toBe("Nov 28, 2026");
    expect(formatDueDate("2027-01-01", "es-MX")).toBe("01/01/2027");
  });

  it("says how far away a deadline is, in each language", () => {
    const now = "2026-03-09T00:00:00Z";
    expect(formatRelativeTime("2026-03-09T19:00:00Z", "en", now)).toBe("in 19 hours");
    expect(formatRelativeTime("2026-03-09T19:00:00Z", "pt-BR", now)).toBe("em 19 horas");
    expect(formatRelativeTime("2026-03-06T00:00:00Z", "es-MX", now)).toBe("hace 3 días");
  });

  it("negotiates the language from Accept-Language", () => {
    expect(negotiateLocale("pt-PT,pt;q=0.9")).toBe("pt-BR");
    expect(negotiateLocale("es-AR, en;q=0.5")).toBe("es-MX");
    expect(negotiateLocale("de-DE")).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
  });
});
