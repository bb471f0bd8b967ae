import { describe, expect, it } from "vitest";
import { createTranslator, getMessages, LOCALES } from "@/lib/i18n";
import type { AuditEntryDto } from "./audit";
import { readAudit } from "./sentence";

const entry = (action: string, details: Record<string, unknown>, target: string | null = "po_123"): AuditEntryDto =>
  ({ id: 1, createdAt: "2026-11-26T08:37:00Z", action, target, details, address: null, user: { id: "u", name: "Ana", email: "ana@example.com" } });

describe("the audit log in the reader's words", () => {
  it("tells a payout as a sentence, with the amount in the reader's money format", () => {
    const pt = createTranslator(getMessages("pt-BR"), "pt-BR");
    const r = readAudit(entry("payout.sent", { kind: "pix", amount: "10.00", currency: "BRL", externalId: "order-9", environment: "sandbox" }), pt, "pt-BR");
    expect(r.sentence).toBe("Ana enviou um pagamento PIX de R$\u00a010,00 (referência po_123).");
    expect(r.details).toEqual([
      { label: "Sua referência", value: "order-9" },
      { label: "Ambiente", value: "Sandbox" },
    ]);
  });

  it("a replayed webhook names its event and earlier outcome in words, not as API tokens", () => {
    const pt = createTranslator(getMessages("pt-BR"), "pt-BR");
    const r = readAudit(entry("webhook.replayed", { event: "cashin.confirmed", objectId: "tx_1", previousOutcome: "duplicate" }, "42"), pt, "pt-BR");
    const values = r.details.map((d) => d.value);
    expect(values).toContain(pt("webhooks.eventNames.cashinConfirmed"));
    expect(values).toContain(pt("webhooks.outcomes.duplicate"));
    expect(values.join(" ")).not.toMatch(/cashin\.confirmed|duplicate/);
  });

  it("never shows a raw key, an empty value or an English word, in any language", () => {
    for (const locale of LOCALES) {
      const t = createTranslator(getMessages(locale), locale);
      const r = readAudit(entry("wallet.created", { environment: "sandbox", currency: "USDT", chain: null, label: "", requestId: "req_1", somethingNew: "x", enabled: true }), t, locale);
      const labels = r.details.map((d) => d.label);
      expect(labels).not.toContain("somethingNew");
      expect(labels).not.toContain("chain");
      expect(labels).not.toContain("requestId");
      expect(labels).toContain(t("audit.fields.other"));
      expect(r.details.some((d) => d.value === "true" || d.value === "null")).toBe(false);
      expect(r.sentence).toContain("Ana");
    }
    const es = createTranslator(getMessages("es-MX"), "es-MX");
    expect(readAudit(entry("charge.created", { method: "PIX", externalId: "x" }, "ch_1"), es, "es-MX").sentence).toBe("Ana creó un cobro PIX (referencia ch_1).");
  });
});
