import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { A4, textPdf, textWidth, winAnsiBytes, wrapText } from "./text-pdf";
import { decodeWinAnsi, readPdfText } from "./test-support/read-pdf";

const asText = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

describe("textPdf", () => {
  it("writes a PDF whose cross-reference table, stream length and text read back", () => {
    const lines = ["Comprovante de transação", "R$ 1.234,56", "Ação · São Paulo — “ok” (100%) \\ fim", "Pagador: ***.982.247-**"];
    const pdf = textPdf(
      [
        ...lines.map((text, i) => ({ kind: "text" as const, text, x: 40, y: 800 - i * 20, size: 12, bold: i === 0 })),
        { kind: "rule", x1: 40, y1: 700, x2: 555, y2: 700, gray: 0.7 },
      ],
      { title: "Comprovante · Ação", creationDate: new Date("2026-01-02T03:04:05Z") },
    );
    expect(readPdfText(pdf)).toEqual(lines);
    const text = asText(pdf);
    expect(text.startsWith("%PDF-1.4\n%")).toBe(true);
    expect(text).toContain("/BaseFont /Helvetica /Encoding /WinAnsiEncoding");
    expect(text).toContain(`/MediaBox [0 0 ${A4.width} ${A4.height}]`);
    expect(text).toContain("/CreationDate (D:20260102030405Z)");
    // Apart from the header's binary marker, the file is printable ASCII.
    expect(/^[\n\x20-\x7e]*$/.test(text.split("\n").slice(2).join("\n"))).toBe(true);
  });

  it("a damaged file is refused by the reader", () => {
    const pdf = asText(textPdf([{ kind: "text", text: "Olá", x: 10, y: 10, size: 10 }], { title: "x" }));
    const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
    expect(() => readPdfText(bytes(pdf.replace("Ol", "Oll")))).toThrow(/not a well-formed PDF/);
    // A stream length one byte off, the rest of the file in place.
    const length = Number(/\/Length (\d+)/.exec(pdf)![1]);
    expect(() => readPdfText(bytes(pdf.replace(`/Length ${length}`, `/Length ${length - 1}`.padEnd(`/Length ${length}`.length))))).toThrow(/Length/);
    expect(() => readPdfText(bytes(pdf.replace(/startxref\n\d+/, "startxref\n12")))).toThrow(/startxref/);
    expect(() => readPdfText(bytes(pdf.replace("2 0 obj", "9 0 obj")))).toThrow(/object 2 is not at offset/);
    expect(() => readPdfText(bytes(`%${pdf}`))).toThrow(/header/);
  });

  it("any text of Latin-1 and WinAnsi's extra characters comes back as written", () => {
    const alphabet = [..."abcXYZ019 ()\\%/.,:;-çãéíóúñÇÃÉÍÓÚÑ¿¡ºª€–—‘’“”•…·R$"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 80 }), (chars) => {
        const text = chars.join("");
        expect(decodeWinAnsi(winAnsiBytes(text))).toBe(text);
        expect(readPdfText(textPdf([{ kind: "text", text, x: 0, y: 0, size: 9 }], { title: text }))).toEqual([text]);
      }),
    );
  });

  it("prints the spaces Intl puts in dates and amounts as no-break spaces, and what the font lacks as ?", () => {
    expect(decodeWinAnsi(winAnsiBytes("3:04\u202fPM R$\u00a01,00 ✓ 日本"))).toBe("3:04\u00a0PM R$\u00a01,00 ? ??");
  });
});

describe("wrapText", () => {
  it("breaks at spaces within the width, and inside a word longer than a line", () => {
    const lines = wrapText("Payment received from Maria da Silva Souza", 10, 100);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(textWidth(l, 10)).toBeLessThanOrEqual(100);
    expect(lines.join(" ")).toBe("Payment received from Maria da Silva Souza");
    const id = "E1234567820260102030412345678901";
    const parts = wrapText(id, 10, 60);
    expect(parts.join("")).toBe(id);
    for (const p of parts) expect(textWidth(p, 10)).toBeLessThanOrEqual(60);
  });

  it("measures Helvetica's widths", () => {
    expect(textWidth("W", 1000)).toBe(944);
    expect(textWidth("ã", 10)).toBe(textWidth("a", 10));
    expect(textWidth("iiii", 10)).toBeLessThan(textWidth("MMMM", 10));
  });
});
