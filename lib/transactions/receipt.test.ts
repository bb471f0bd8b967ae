import { describe, expect, it } from "vitest";
import { getMessages } from "@/lib/i18n";
import { createTranslator, LOCALES } from "@/lib/i18n/translate";
import { readPdfText } from "@/lib/pdf/test-support/read-pdf";
import type { TransactionDetailDto } from "./detail";
import { receiptOf, receiptPdf } from "./receipt";

const detail: TransactionDetailDto = {
  transactionId: "9f1c2e7a0b3d4c5e6f708192a3b4c5d6",
  externalId: "order-1234",
  type: "cashin",
  source: "cashin",
  method: "PIX",
  status: "refunded",
  reportedStatus: null,
  amount: "1234.5",
  fee: "18.52",
  amountNet: "1215.98",
  currency: "BRL",
  payerName: "João Araújo da Conceição",
  payerDocument: "***.982.247-**",
  e2eId: "E99999999202603011205Abcdefghijk",
  txHash: null,
  createdAt: "2026-03-01T12:00:00.000Z",
  verifiedAt: "2026-03-01T12:10:00.000Z",
  webhookEvent: "cashin.refunded",
  chain: null,
  network: null,
  explorerUrl: null,
  errorCode: null,
  direction: null,
  description: "Pedido nº 1234 — açaí",
  expiresAt: "2026-03-01T13:00:00.000Z",
  origin: "dashboard",
  firstSeenAt: "2026-03-01T12:00:00.000Z",
  finalSince: "2026-03-01T12:05:00.000Z",
  boleto: null,
  split: [],
  counter: null,
  story: [
    { kind: "chargeCreated", at: "2026-03-01T12:00:00.000Z", source: "member", who: "Ana" },
    { kind: "paid", at: "2026-03-01T12:05:00.000Z", source: "bank" },
    { kind: "refundedToPayer", at: "2026-03-02T09:30:00.000Z", source: "bank", amount: { value: "1234.5", currency: "BRL" } },
  ],
  otherParty: { role: "payer", name: "João Araújo da Conceição", document: "***.982.247-**", account: null, institution: "ISPB 99999999" },
  deliveries: [],
  hasReceipt: true,
  chargeId: null,
  disputes: [],
};

describe("receipt", () => {
  for (const locale of LOCALES) {
    it(`the PDF says what the page says, in ${locale}`, () => {
      const t = createTranslator(getMessages(locale), locale);
      const r = receiptOf(detail, { organization: "Padaria Pão & Açúcar", environment: "production", t, locale, now: new Date("2026-03-03T10:00:00Z") });
      const text = readPdfText(receiptPdf(r)).join("\n");
      for (const line of [r.organization, r.title, r.amount, r.status, ...r.fields.flatMap((f) => [f.label, ...f.lines])]) {
        // Long values wrap onto several lines of the PDF; their words are all there, in order.
        expect(text.replace(/\n/g, " ")).toContain(line);
      }
      expect(r.sandbox).toBeNull();
      expect(r.fields.find((f) => f.testId === "receipt-payer")!.lines).toEqual(["João Araújo da Conceição", "CPF ***.982.247-**"]);
      expect(r.fields.find((f) => f.testId === "receipt-recipient")!.lines).toEqual(["Padaria Pão & Açúcar"]);
    });
  }

  it("in Brazilian Portuguese: a receipt of money received, the refund with its amount and time in São Paulo", () => {
    const t = createTranslator(getMessages("pt-BR"), "pt-BR");
    const r = receiptOf(detail, { organization: "Loja", environment: "sandbox", t, locale: "pt-BR", now: new Date("2026-03-03T10:00:00Z") });
    expect(r.title).toBe("Comprovante de recebimento");
    expect(r.amount).toBe("R$\u00a01.234,50");
    expect(r.fields.find((f) => f.testId === "receipt-date")!.lines[0]).toMatch(/1 de mar\.? de 2026.*09:05:00/);
    expect(r.fields.find((f) => f.testId === "receipt-refund")!.lines[0]).toMatch(/^R\$\u00a01\.234,50 em 2 de mar\.? de 2026.*06:30:00/);
    expect(r.sandbox).toBe("Ambiente de teste: nenhum dinheiro real foi movimentado.");
  });
});
