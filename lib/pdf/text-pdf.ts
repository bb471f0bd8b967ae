/**
 * A one-page PDF of text and rules, written by hand: no PDF library is installed, and a receipt
 * needs nothing more. PDF 1.4 (ISO 32000-1 §7): a catalog, one page tree, one A4 page, the standard
 * Helvetica and Helvetica-Bold (every reader has them, nothing is embedded) in WinAnsiEncoding, so
 * that Portuguese and Spanish accents, "R$" and "·" print; one uncompressed content stream; the
 * cross-reference table with the byte offset of every object. The file is plain ASCII (bytes above
 * 127 are written as octal escapes), so it can be read and checked as text.
 */

/** A4 in points (1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;

export type PdfItem =
  | { kind: "text"; text: string; x: number; y: number; size: number; bold?: boolean; /** 0 black … 1 white */ gray?: number }
  | { kind: "rule"; x1: number; y1: number; x2: number; y2: number; gray?: number; width?: number };

/** Unicode → WinAnsiEncoding (PDF 32000-1, Annex D) for the 0x80–0x9F block; 0x20–0x7E and 0xA0–0xFF are Latin-1 itself. */
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};
/** Spaces Intl puts in dates and amounts that WinAnsi lacks: printed as a no-break space. */
const AS_NBSP = new Set([0x202f, 0x2007, 0x2009, 0x200a]);

/** The WinAnsi byte of each character of `text` ("?" for one the font cannot print). */
export function winAnsiBytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize("NFC")) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff)) out.push(c);
    else if (WIN_ANSI_EXTRA[c] !== undefined) out.push(WIN_ANSI_EXTRA[c]);
    else if (AS_NBSP.has(c)) out.push(0xa0);
    else if (c === 0x0a || c === 0x09) out.push(0x20);
    else out.push(0x3f);
  }
  return out;
}

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
    units += c >= 0x20 && c <= 0x7e ? WIDTHS[c - 0x20]! : c === 0xa0 || AS_NBSP.has(c) ? 278 : 556;
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

/** A PDF literal string: ( ) and \ escaped, every byte outside printable ASCII as an octal escape. */
function literal(bytes: number[]): string {
  let s = "(";
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) s += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b > 0x7e) s += `\\${b.toString(8).padStart(3, "0")}`;
    else s += String.fromCharCode(b);
  }
  return `${s})`;
}

/** A text string of the document's information (its title): UTF-16BE with its byte-order mark, in hex. */
function utf16Hex(text: string): string {
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0").toUpperCase();
  return `<${hex}>`;
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();

function contentStream(items: PdfItem[]): string {
  const ops: string[] = [];
  for (const it of items) {
    if (it.kind === "rule") {
      ops.push(`${n(it.gray ?? 0)} G ${n(it.width ?? 0.5)} w ${n(it.x1)} ${n(it.y1)} m ${n(it.x2)} ${n(it.y2)} l S`);
    } else {
      ops.push(`BT /${it.bold ? "F2" : "F1"} ${n(it.size)} Tf ${n(it.gray ?? 0)} g 1 0 0 1 ${n(it.x)} ${n(it.y)} Tm ${literal(winAnsiBytes(it.text))} Tj ET`);
    }
  }
  return ops.join("\n");
}

/** The bytes of a one-page A4 PDF showing `items` (coordinates from the bottom-left corner, in points). */
export function textPdf(items: PdfItem[], info: { title: string; creationDate?: Date }): Uint8Array<ArrayBuffer> {
  const content = contentStream(items);
  const when = (info.creationDate ?? new Date()).toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${utf16Hex(info.title)} /CreationDate (D:${when}Z) >>`,
  ];
  // The header's second line holds bytes above 127, so that tools treat the file as binary (§7.5.2).
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is one byte: ASCII, and the four Latin-1 bytes of the header's comment.
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}
