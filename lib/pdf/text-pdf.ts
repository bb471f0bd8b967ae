/**
 * A one-page PDF of text and rules laid out from the page's bottom-left corner (a receipt), on the
 * one writer (./writer.ts), with Helvetica's widths for measuring and wrapping lines.
 */
import { A4, PdfPage, pdfDocument, isIntlSpace } from "./writer";

export { A4, winAnsiBytes } from "./writer";

export type PdfItem =
  | { kind: "text"; text: string; x: number; y: number; size: number; bold?: boolean; /** 0 black … 1 white */ gray?: number }
  | { kind: "rule"; x1: number; y1: number; x2: number; y2: number; gray?: number; width?: number };

/** Helvetica's advance widths (Adobe's AFM, 1/1000 em) for 0x20–0x7E; a letter with an accent has its base letter's width. */
const HELVETICA =
  "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 278 278 584 584 584 556 " +
  "1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556 " +
  "333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584";
const WIDTHS = HELVETICA.split(" ").map(Number);

/** The width of `text` in points at `size` (Helvetica; bold is about a tenth wider). */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")) {
    const c = ch.codePointAt(0)!;
    units += c >= 0x20 && c <= 0x7e ? WIDTHS[c - 0x20]! : c === 0xa0 || isIntlSpace(c) ? 278 : 556;
  }
  return ((bold ? units * 1.1 : units) * size) / 1000;
}

/** `text` broken into lines no wider than `maxWidth` (at spaces, else inside a long word such as an id). */
export function wrapText(text: string, size: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, bold) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    let rest = word;
    while (textWidth(rest, size, bold) > maxWidth) {
      let n = rest.length - 1;
      while (n > 1 && textWidth(rest.slice(0, n), size, bold) > maxWidth) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** The bytes of a one-page A4 PDF showing `items` (coordinates from the bottom-left corner, in points). */
export function textPdf(items: PdfItem[], info: { title: string; creationDate?: Date }): Uint8Array<ArrayBuffer> {
  const page = new PdfPage();
  const fromTop = (y: number) => A4.height - y;
  for (const it of items) {
    if (it.kind === "rule") page.line(it.x1, fromTop(it.y1), it.x2, fromTop(it.y2), it.width ?? 0.5, it.gray ?? 0);
    else page.text(it.x, fromTop(it.y), it.size, it.bold ? "bold" : "regular", it.text, it.gray ?? 0);
  }
  return pdfDocument([page], { title: info.title, creationDate: info.creationDate ?? new Date() });
}
