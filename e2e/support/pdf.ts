/**
 * Test-side reading of the simple PDFs the dashboard writes (lib/pdf/writer.ts): the file's
 * structure is checked as a viewer would walk it (header, cross-reference table, every object where
 * the table says, stream lengths), and each page's content stream is interpreted (text shown with
 * Tj, rectangles filled with re/f) so a test asserts what a reader of the page sees. A barcode is
 * read from the filled rectangles with the ITF reader of ./decode.ts, rasterised at a few pixels per
 * point, never from our encoder.
 */
import { decodeItfRow } from "./decode";

export type PdfText = { x: number; y: number; size: number; font: string; text: string };
export type PdfRect = { x: number; y: number; w: number; h: number; grey: number };
export type PdfPageContent = { texts: PdfText[]; rects: PdfRect[] };

const WIN_ANSI_EXTRA: Record<number, string> = {
  0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰", 0x8a: "Š", 0x8b: "‹", 0x8c: "Œ", 0x8e: "Ž",
  0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9a: "š", 0x9b: "›", 0x9c: "œ", 0x9e: "ž", 0x9f: "Ÿ",
};

type Token = { kind: "num"; value: number } | { kind: "name"; value: string } | { kind: "str"; value: string } | { kind: "op"; value: string };

/** Tokens of a content stream: numbers, names, literal strings (escapes undone, WinAnsi to Unicode) and operators. */
function tokens(content: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < content.length) {
    const c = content[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "(") {
      let depth = 1;
      let s = "";
      i++;
      while (i < content.length && depth > 0) {
        const d = content[i]!;
        if (d === "\\") {
          const next = content[i + 1]!;
          const octal = /^[0-7]{1,3}/.exec(content.slice(i + 1, i + 4));
          if (octal) {
            s += String.fromCharCode(parseInt(octal[0], 8));
            i += 1 + octal[0].length;
            continue;
          }
          s += ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[next] ?? next;
          i += 2;
          continue;
        }
        if (d === "(") depth++;
        if (d === ")") depth--;
        if (depth > 0) s += d;
        i++;
      }
      out.push({ kind: "str", value: [...s].map((ch) => WIN_ANSI_EXTRA[ch.charCodeAt(0)] ?? ch).join("") });
    } else if (c === "/") {
      const m = /^\/[^\s/()<>[\]]+/.exec(content.slice(i))!;
      out.push({ kind: "name", value: m[0].slice(1) });
      i += m[0].length;
    } else {
      const m = /^[^\s/()<>[\]]+/.exec(content.slice(i));
      if (!m) throw new Error(`unexpected ${JSON.stringify(c)} in a content stream`);
      const n = Number(m[0]);
      out.push(Number.isFinite(n) && /^[-+.\d]/.test(m[0]) ? { kind: "num", value: n } : { kind: "op", value: m[0] });
      i += m[0].length;
    }
  }
  return out;
}

/** What a content stream draws, in the page's coordinates turned top-down (y from the top edge). */
function interpret(content: string, pageHeight: number): PdfPageContent {
  const texts: PdfText[] = [];
  const rects: PdfRect[] = [];
  let stack: Token[] = [];
  let font = "";
  let size = 0;
  let fill = 0;
  let at = { x: 0, y: 0 };
  let pending: Omit<PdfRect, "grey">[] = [];
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  const nums = (n: number) => stack.slice(-n).map((t) => (t.kind === "num" ? t.value : NaN));
  for (const t of tokens(content)) {
    if (t.kind !== "op") {
      stack.push(t);
      continue;
    }
    switch (t.value) {
      case "BT":
        at = { x: 0, y: 0 };
        break;
      case "Tf": {
        const name = stack.at(-2);
        font = name?.kind === "name" ? name.value : "";
        size = nums(1)[0]!;
        break;
      }
      case "Td": {
        const [x, y] = nums(2) as [number, number];
        at = { x: at.x + x, y: at.y + y };
        break;
      }
      case "Tj": {
        const s = stack.at(-1);
        if (s?.kind === "str") texts.push({ x: r3(at.x), y: r3(pageHeight - at.y), size, font, text: s.value });
        break;
      }
      case "g":
        fill = nums(1)[0]!;
        break;
      case "re": {
        const [x, y, w, h] = nums(4) as [number, number, number, number];
        pending.push({ x, y: r3(pageHeight - y - h), w, h });
        break;
      }
      case "f":
      case "F":
        rects.push(...pending.map((r) => ({ ...r, grey: fill })));
        pending = [];
        break;
      case "n":
      case "S":
        pending = [];
        break;
    }
    stack = [];
  }
  return { texts, rects };
}

/**
 * Reads a PDF's pages, throwing when its structure is broken: no header or end marker, a
 * cross-reference entry that does not point at its object, or a stream whose /Length is wrong.
 */
export function readPdf(bytes: Uint8Array): PdfPageContent[] {
  const file = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  if (!file.startsWith("%PDF-1.")) throw new Error("no %PDF header");
  if (!/%%EOF\s*$/.test(file)) throw new Error("no %%EOF at the end");
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(file)?.[1]);
  if (!file.startsWith("xref", startxref)) throw new Error("startxref does not point at the cross-reference table");
  const table = /^xref\s+0 (\d+)\s+/.exec(file.slice(startxref));
  if (!table) throw new Error("unreadable cross-reference table");
  const count = Number(table[1]);
  const entries = file.slice(startxref + table[0].length).split(/\r?\n/).slice(0, count);
  const objects = new Map<number, string>();
  entries.forEach((entry, n) => {
    const m = /^(\d{10}) (\d{5}) ([nf])/.exec(entry);
    if (!m) throw new Error(`bad cross-reference entry ${n}: ${entry}`);
    if (m[3] === "f") return;
    const offset = Number(m[1]);
    if (!file.startsWith(`${n} 0 obj`, offset)) throw new Error(`object ${n} is not at ${offset}`);
    const end = file.indexOf("endobj", offset);
    objects.set(n, file.slice(offset + `${n} 0 obj`.length, end).trim());
  });
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref/.exec(file)?.[1] ?? "";
  const root = objects.get(Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]));
  const tree = objects.get(Number(/\/Pages (\d+) 0 R/.exec(root ?? "")?.[1]));
  if (!tree) throw new Error("no page tree");
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree)?.[1] ?? "").matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  return kids.map((k) => {
    const page = objects.get(k) ?? "";
    const height = Number(/\/MediaBox \[\s*[-\d.]+ [-\d.]+ [-\d.]+ ([-\d.]+)\s*\]/.exec(page)?.[1]);
    const stream = objects.get(Number(/\/Contents (\d+) 0 R/.exec(page)?.[1])) ?? "";
    const length = Number(/\/Length (\d+)/.exec(stream)?.[1]);
    const body = /stream\r?\n/.exec(stream);
    if (!body) throw new Error(`page ${k} has no content stream`);
    const start = body.index + body[0].length;
    const content = stream.slice(start, start + length);
    if (!/^\r?\nendstream/.test(stream.slice(start + length))) throw new Error(`page ${k}: the stream's /Length is wrong`);
    return interpret(content, height);
  });
}

/**
 * The ITF digits drawn by a page's black rectangles of the same height (the tallest band of them),
 * rasterised at `pxPerPt` pixels per point across one row through their middle.
 */
export function decodeItfFromRects(rects: PdfRect[], pxPerPt = 4): string | null {
  const bars = rects.filter((r) => r.grey === 0);
  if (bars.length === 0) return null;
  const tallest = Math.max(...bars.map((r) => r.h));
  const band = bars.filter((r) => Math.abs(r.h - tallest) < 0.01);
  const from = Math.min(...band.map((r) => r.x)) - 20;
  const to = Math.max(...band.map((r) => r.x + r.w)) + 20;
  const row = new Float64Array(Math.ceil((to - from) * pxPerPt)).fill(255);
  for (const r of band) {
    // each pixel darkened by the share of it the bar covers, as a renderer would
    for (let px = Math.floor((r.x - from) * pxPerPt); px < Math.ceil((r.x + r.w - from) * pxPerPt); px++) {
      const cover = Math.min(px + 1, (r.x + r.w - from) * pxPerPt) - Math.max(px, (r.x - from) * pxPerPt);
      if (cover > 0) row[px] = Math.max(0, row[px]! - 255 * cover);
    }
  }
  return decodeItfRow(row);
}
