import { describe, expect, it } from "vitest";
import { formatDigitableLine } from "@/lib/payments/boleto";
import { vectors } from "@/lib/payments/test-support/vectors";
import { decodeItfFromRects, readPdf } from "../../e2e/support/pdf";
import { BOLETO_BAR_HEIGHT_PT, BOLETO_NARROW_PT, boletoPdf, type BoletoPdfInput } from "./boleto-pdf";
import { pdfDocument, PdfPage, pdfString } from "@/lib/pdf/writer";

const V = vectors.boleto[0]!;

const input = (over: Partial<BoletoPdfInput> = {}): BoletoPdfInput => ({
  labels: {
    title: "Boleto",
    beneficiary: "Beneficiário",
    payer: "Pagador",
    amount: "Valor",
    dueDate: "Vencimento",
    digitableLine: "Linha digitável",
    instructions: "Instruções",
  },
  beneficiary: { name: "Açaí & Pão (Ltda)", document: "CNPJ 11.222.333/0001-81" },
  payer: "João da Silva",
  amount: "R$\u00a01.026,56",
  dueDate: "28/11/2026",
  digitableLine: formatDigitableLine(V.digitable_line),
  barcode: V.barcode,
  instructions: "Não receber após o vencimento.",
  ...over,
});

describe("the PDF writer", () => {
  it("escapes delimiters and writes Portuguese and Spanish letters in WinAnsi", () => {
    expect(pdfString("a(b)c\\")).toBe("(a\\(b\\)c\\\\)");
    expect(pdfString("ção ñ €")).toBe("(\\347\\343o \\361 \\200)");
    expect(pdfString("R$\u202f1")).toBe("(R$\\2401)");
    expect(pdfString("中")).toBe("(?)");
  });

  it("writes a file whose cross-reference table points at every object", () => {
    const pdf = pdfDocument([new PdfPage().text(10, 20, 12, "regular", "Olá (mundo)").rect(10, 30, 5, 6)]);
    const [page] = readPdf(pdf);
    expect(page!.texts).toEqual([{ x: 10, y: 20, size: 12, font: "F1", text: "Olá (mundo)" }]);
    expect(page!.rects).toEqual([{ x: 10, y: 30, w: 5, h: 6, grey: 0 }]);
    // a byte shifted anywhere before the table breaks it
    const shifted = new Uint8Array([...pdf.slice(0, 20), 0x20, ...pdf.slice(20)]);
    expect(() => readPdf(shifted)).toThrow();
  });
});

describe("boletoPdf", () => {
  it("carries the beneficiary with its CNPJ, the payer, the amount, the due date and the digitable line as text", () => {
    const [page] = readPdf(boletoPdf(input()));
    const texts = page!.texts.map((t) => t.text);
    for (const expected of ["Açaí & Pão (Ltda)", "CNPJ 11.222.333/0001-81", "João da Silva", "R$\u00a01.026,56", "28/11/2026", formatDigitableLine(V.digitable_line)]) {
      expect(texts).toContain(expected);
    }
    expect(page!.texts.find((t) => t.text === formatDigitableLine(V.digitable_line))?.font).toBe("F3");
  });

  it("draws a barcode that reads back as the boleto's 44 digits, at the printed size", () => {
    const [page] = readPdf(boletoPdf(input()));
    expect(decodeItfFromRects(page!.rects)).toBe(V.barcode);
    const bars = page!.rects.filter((r) => r.h === Math.round(BOLETO_BAR_HEIGHT_PT * 1000) / 1000);
    const length = Math.max(...bars.map((r) => r.x + r.w)) - Math.min(...bars.map((r) => r.x));
    expect(length / (72 / 25.4)).toBeCloseTo(102.9, 0); // FEBRABAN: about 103 mm
    expect(Math.min(...bars.map((r) => r.w))).toBeCloseTo(BOLETO_NARROW_PT, 2);
    // the quiet zone: nothing drawn within 10 modules left of the first bar
    const first = Math.min(...bars.map((r) => r.x));
    expect(page!.rects.filter((r) => r !== bars[0] && r.y < bars[0]!.y + bars[0]!.h && r.y + r.h > bars[0]!.y && r.x < first && r.x + r.w > first - 10 * BOLETO_NARROW_PT)).toEqual([]);
  });

  it("leaves out the payer and the instructions when there are none", () => {
    const [page] = readPdf(boletoPdf(input({ payer: null, instructions: null, beneficiary: { name: "Loja" } })));
    const texts = page!.texts.map((t) => t.text);
    expect(texts).not.toContain("PAGADOR");
    expect(texts).not.toContain("INSTRUÇÕES");
    expect(texts).toContain("Loja");
  });
});
