/** The approval policy read as sentences (the Approvals page and a waiting change), in the three languages. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTranslator, getMessages } from "@/lib/i18n";
import { policySentences, policyThresholds } from "@/lib/payouts/policy";

const t = (locale: "en" | "pt-BR" | "es-MX") => createTranslator(getMessages(locale), locale);
/** Intl writes a no-break space between symbol and figure: compared as plain spaces. */
const plain = (s: string[]) => s.map((x) => x.replace(/\u00a0/g, " "));

describe("policySentences", () => {
  it("writes each threshold as a sentence with its amount in the reader's format, then that other currencies never wait", () => {
    const policy = { mode: "above" as const, thresholds: { USDT: "250.5", BRL: "5000" } };
    expect(plain(policySentences(policy, t("pt-BR"), "pt-BR"))).toEqual([
      "Pagamentos acima de R$ 5.000,00 precisam da aprovação de um segundo admin.",
      "Pagamentos acima de 250,50 USDT precisam da aprovação de um segundo admin.",
      "Pagamentos em outras moedas são enviados sem aprovação.",
    ]);
    expect(plain(policySentences(policy, t("en"), "en"))[0]).toBe("Payouts over R$5,000.00 need a second admin's approval.");
    expect(plain(policySentences(policy, t("es-MX"), "es-MX"))[1]).toBe("Los pagos de más de 250.50 USDT necesitan la aprobación de un segundo admin.");
  });

  it("says every payout waits, or none does; 'above' without a threshold holds nothing", () => {
    expect(policySentences({ mode: "all", thresholds: { BRL: "10" } }, t("en"), "en")).toEqual(["Every payout, transfer and bulk batch needs a second admin's approval."]);
    expect(policySentences({ mode: "none", thresholds: {} }, t("es-MX"), "es-MX")).toEqual(["Ningún pago espera aprobación: quien puede enviar, envía."]);
    expect(policySentences({ mode: "above", thresholds: { BRL: "" } }, t("pt-BR"), "pt-BR")).toEqual(["Nenhum pagamento aguarda aprovação: quem pode enviar, envia."]);
  });

  it("orders the thresholds by the currencies' order, whatever order the database kept", () => {
    expect(policyThresholds({ mode: "above", thresholds: { BTC: "1", MXN: "100", BRL: "50", XYZ: "3" } }).map(([c]) => c)).toEqual(["BRL", "MXN", "BTC", "XYZ"]);
  });

  it("the policy's text (what the Approvals page's form imports) brings no decimal type: that page ships no decimal.js (≈ 12.5 KiB gzipped)", () => {
    const imports = (f: string) => [...readFileSync(new URL(`../../${f}`, import.meta.url), "utf8").matchAll(/^import\s(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
    expect(imports("lib/payouts/policy-text.ts")).toEqual(["@/lib/i18n/format"]);
    expect(imports("lib/i18n/format.ts")).toEqual(["./ambient-zone", "./locale-zones"]);
    for (const f of ["approval-policy-form", "approval-policy-editor"]) expect(readFileSync(new URL(`../../components/send/${f}.tsx`, import.meta.url), "utf8")).not.toMatch(/from "@\/lib\/payouts\/policy"/);
  });
});
