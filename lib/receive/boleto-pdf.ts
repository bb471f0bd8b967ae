/**
 * A boleto as a one-page PDF, for "Download PDF" when the provider gives none: the beneficiary
 * (name and CNPJ), the payer when known, the amount, the due date, the digitable line and the ITF
 * barcode drawn as rectangles at FEBRABAN's size (a narrow bar of 0.254 mm, 13 mm tall, about
 * 103 mm long), with its quiet zones left white. Every text arrives formatted and translated: this
 * only lays it out. Pure (bytes in, bytes out), so the page builds it in the browser.
 */
import { itfBars } from "@/lib/payments/itf";
import { A4, PdfPage, pdfDocument } from "@/lib/pdf/writer";

export type BoletoPdfLabels = {
  title: string;
  beneficiary: string;
  payer: string;
  amount: string;
  dueDate: string;
  digitableLine: string;
  instructions: string;
};

export type BoletoPdfInput = {
  labels: BoletoPdfLabels;
  /** The merchant, and its document already formatted with its kind ("CNPJ 11.222.333/0001-81"). */
  beneficiary: { name: string; document?: string | null };
  payer?: string | null;
  /** "R$ 150,00" */
  amount: string;
  /** "28/11/2026" */
  dueDate: string;
  /** The 47 digits grouped as banks print them. */
  digitableLine: string;
  /** The 44-digit barcode. */
  barcode: string;
  instructions?: string | null;
};

/** 0.254 mm, the narrow bar of a printed boleto, in points. */
export const BOLETO_NARROW_PT = (0.254 / 25.4) * 72;
/** 13 mm in points. */
export const BOLETO_BAR_HEIGHT_PT = (13 / 25.4) * 72;

const MARGIN = 42;
const WIDTH = A4.width - 2 * MARGIN;

/** Splits `text` into lines of at most `max` characters at spaces (a rough measure that suits Helvetica at these sizes). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function boletoPdf(input: BoletoPdfInput): Uint8Array {
  const { labels: l } = input;
  const page = new PdfPage();
  let y = MARGIN + 18;
  page.text(MARGIN, y, 18, "bold", l.title);
  y += 14;
  page.line(MARGIN, y, A4.width - MARGIN, y, 1);

  /** A labelled field: the label small and grey, the value under it. */
  const field = (x: number, top: number, label: string, lines: string[], font: "regular" | "bold" = "regular") => {
    page.text(x, top + 10, 8, "regular", label.toUpperCase(), 0.35);
    lines.forEach((value, i) => page.text(x, top + 25 + i * 14, 11, font, value));
    return top + 25 + (lines.length - 1) * 14 + 12;
  };

  y += 8;
  const half = MARGIN + WIDTH * 0.62;
  const beneficiary = [input.beneficiary.name, ...(input.beneficiary.document ? [input.beneficiary.document] : [])];
  const left = field(MARGIN, y, l.beneficiary, beneficiary);
  const right = field(half, y, l.dueDate, [input.dueDate], "bold");
  y = Math.max(left, right);
  if (input.payer) y = field(MARGIN, y, l.payer, [input.payer]);
  const amountBottom = field(half, y, l.amount, [input.amount], "bold");
  const instructions = input.instructions ? wrap(input.instructions, 56).slice(0, 4) : [];
  y = Math.max(amountBottom, instructions.length ? field(MARGIN, y, l.instructions, instructions) : y);

  y += 6;
  page.line(MARGIN, y, A4.width - MARGIN, y, 1);
  y += 8;
  page.text(MARGIN, y + 10, 8, "regular", l.digitableLine.toUpperCase(), 0.35);
  page.text(MARGIN, y + 30, 13, "mono", input.digitableLine);
  y += 48;

  // The barcode, its quiet zone of 10 modules left white on the white page.
  let x = MARGIN + 10 * BOLETO_NARROW_PT;
  for (const element of itfBars(input.barcode)) {
    const w = element.width * BOLETO_NARROW_PT;
    if (element.bar) page.rect(x, y, w, BOLETO_BAR_HEIGHT_PT);
    x += w;
  }
  return pdfDocument([page], { title: `${l.title} ${input.digitableLine}` });
}
