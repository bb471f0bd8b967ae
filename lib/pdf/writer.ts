/**
 * The one PDF writer of the dashboard (PDF 1.4, ISO 32000-1 §7), written by hand: no PDF library
 * is installed, and a boleto or a receipt needs nothing more. A4 pages of text in the standard fonts
 * (Helvetica, Helvetica-Bold, Courier; nothing embedded), filled rectangles and lines, uncompressed;
 * a catalogue, one page tree, and the cross-reference table with every object's byte offset. It runs
 * in the browser as well as on the server (bytes, no Buffer). The file is plain ASCII after its
 * header (bytes above 127 are octal escapes), so tests read it back as text (lib/pdf/test-support).
 *
 * Text is written in WinAnsiEncoding (Windows-1252), which holds every letter of Portuguese and
 * Spanish; a character outside it becomes "?". Coordinates are PDF points (1/72 inch) from the
 * page's top-left corner, y growing downwards, which the writer turns into PDF's bottom-left origin.
 */

export type PdfFont = "regular" | "bold" | "mono";

const FONT_RESOURCES: Record<PdfFont, { name: string; base: string }> = {
  regular: { name: "F1", base: "Helvetica" },
  bold: { name: "F2", base: "Helvetica-Bold" },
  mono: { name: "F3", base: "Courier" },
};

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** Unicode → WinAnsiEncoding (PDF 32000-1, Annex D) for the 0x80–0x9F block; 0x20–0x7E and 0xA0–0xFF are Latin-1 itself. */
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** Spaces Intl puts in amounts and dates (narrow no-break, thin, figure…) that WinAnsi lacks: a no-break space. */
export const isIntlSpace = (c: number) => (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f;

/** The WinAnsi byte of each character of `text` ("?" for one the fonts cannot print). */
export function winAnsiBytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize("NFC")) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff)) out.push(c);
    else if (WIN_ANSI_EXTRA[c] !== undefined) out.push(WIN_ANSI_EXTRA[c]);
    else if (isIntlSpace(c)) out.push(0xa0);
    else if (c === 0x0a || c === 0x09) out.push(0x20);
    else out.push(0x3f);
  }
  return out;
}

/** A PDF literal string: WinAnsi bytes, ( ) and \ escaped, every byte outside printable ASCII in octal. */
export function pdfString(text: string): string {
  let out = "(";
  for (const b of winAnsiBytes(text)) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b > 0x7e) out += `\\${b.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

const num = (n: number) => {
  const r = Math.round(n * 1000) / 1000;
  return Object.is(r, -0) ? "0" : String(r);
};

export class PdfPage {
  readonly #ops: string[] = [];
  constructor(readonly width: number = A4.width, readonly height: number = A4.height) {}

  /** Text with its baseline at (x, y) from the top-left corner. */
  text(x: number, y: number, size: number, font: PdfFont, text: string, grey = 0): this {
    this.#ops.push(`BT /${FONT_RESOURCES[font].name} ${num(size)} Tf ${num(grey)} g ${num(x)} ${num(this.height - y)} Td ${pdfString(text)} Tj ET`);
    return this;
  }

  /** A filled rectangle whose top-left corner is at (x, y). `grey`: 0 black to 1 white. */
  rect(x: number, y: number, w: number, h: number, grey = 0): this {
    this.#ops.push(`${num(grey)} g ${num(x)} ${num(this.height - y - h)} ${num(w)} ${num(h)} re f`);
    return this;
  }

  /** A horizontal or any straight line, `width` points thick. */
  line(x1: number, y1: number, x2: number, y2: number, width = 0.5, grey = 0): this {
    this.#ops.push(`${num(width)} w ${num(grey)} G ${num(x1)} ${num(this.height - y1)} m ${num(x2)} ${num(this.height - y2)} l S`);
    return this;
  }

  content(): string {
    return this.#ops.join("\n");
  }
}

/** The document's bytes: a catalogue, one page tree, the three fonts, and each page with its content. */
export function pdfDocument(pages: PdfPage[], info: { title?: string; creationDate?: Date } = {}): Uint8Array<ArrayBuffer> {
  if (pages.length === 0) throw new RangeError("a PDF needs a page");
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // its object number: they start at 1
  const catalog = add("");
  const tree = add("");
  const fonts = (Object.keys(FONT_RESOURCES) as PdfFont[]).map((f) => [FONT_RESOURCES[f].name, add(`<< /Type /Font /Subtype /Type1 /BaseFont /${FONT_RESOURCES[f].base} /Encoding /WinAnsiEncoding >>`)] as const);
  const resources = `<< /Font << ${fonts.map(([name, n]) => `/${name} ${n} 0 R`).join(" ")} >> >>`;
  const kids: number[] = [];
  for (const page of pages) {
    const content = page.content();
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources ${resources} /Contents ${stream} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  const created = info.creationDate ? ` /CreationDate (D:${info.creationDate.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z)` : "";
  const infoRef = info.title ? add(`<< /Title ${pdfString(info.title)} /Producer (Payments Dashboard)${created} >>`) : null;

  // Every character written is one byte (ASCII; WinAnsi bytes above it are octal escapes), so string
  // lengths are byte offsets.
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${infoRef ? ` /Info ${infoRef} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
