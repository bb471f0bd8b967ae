/**
 * Reads back a PDF written by lib/pdf/writer.ts, as a strict reader would, for the tests (unit and
 * journey): the header, the trailer's `startxref`, the cross-reference table (each entry must point
 * at its own `N 0 obj`), each stream's `/Length` (its data must end exactly there), then the text
 * shown by every `Tj` of the content streams, decoded from WinAnsiEncoding. Anything out of place
 * throws, so a test that reads a file's text has also checked that the file holds together.
 */

/** WinAnsiEncoding 0x80–0x9F (PDF 32000-1, Annex D); the rest is Latin-1. Undefined slots stay undefined. */
const WIN_ANSI_80 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

export function decodeWinAnsi(bytes: number[]): string {
  return bytes.map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80]! : String.fromCharCode(b))).join("");
}

function fail(why: string): never {
  throw new Error(`not a well-formed PDF: ${why}`);
}

/** The strings of `(…) Tj` operators in a content stream, unescaped, as bytes. */
function shownStrings(content: string): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < content.length; i++) {
    if (content[i] !== "(") continue;
    const bytes: number[] = [];
    let depth = 1;
    let j = i + 1;
    for (; j < content.length && depth > 0; j++) {
      const c = content[j]!;
      if (c === "\\") {
        const next = content[++j]!;
        const octal = /^[0-7]{1,3}/.exec(content.slice(j, j + 3));
        if (octal) {
          bytes.push(parseInt(octal[0], 8));
          j += octal[0].length - 1;
        } else bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
      } else if (c === "(") {
        depth++;
        bytes.push(40);
      } else if (c === ")") {
        if (--depth > 0) bytes.push(41);
      } else bytes.push(c.charCodeAt(0));
    }
    if (depth !== 0) fail("an unterminated string");
    if (!/^\s*Tj/.test(content.slice(j))) fail("a string that is not shown with Tj");
    out.push(bytes);
    i = j - 1;
  }
  return out;
}

/** Every piece of text the PDF shows, in the order it is drawn. */
export function readPdfText(data: Uint8Array): string[] {
  const text = Array.from(data, (b) => String.fromCharCode(b)).join("");
  if (!text.startsWith("%PDF-1.")) fail("no %PDF header");
  const tail = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!tail) fail("no startxref and %%EOF at the end");
  const xrefAt = Number(tail[1]);
  const xref = /^xref\s+0 (\d+)\s+/.exec(text.slice(xrefAt));
  if (!xref) fail(`startxref ${xrefAt} does not point at the cross-reference table`);
  const count = Number(xref[1]);
  const entries = text.slice(xrefAt + xref[0].length).split("\n").slice(0, count);
  entries.forEach((entry, i) => {
    const m = /^(\d{10}) (\d{5}) ([nf]) $/.exec(entry);
    if (!m) fail(`cross-reference entry ${i} is malformed: ${JSON.stringify(entry)}`);
    if (m[3] === "n" && !text.startsWith(`${i} 0 obj`, Number(m[1]))) fail(`object ${i} is not at offset ${m[1]}`);
  });
  const trailer = /trailer\s*<<([^]*?)>>\s*startxref/.exec(text);
  if (!trailer || !new RegExp(`/Size ${count}\\b`).test(trailer[1]!) || !/\/Root \d+ 0 R/.test(trailer[1]!)) fail("the trailer lacks its /Size or /Root");
  const shown: string[] = [];
  const streams = /\/Length (\d+)\s*>>\s*stream\r?\n/g;
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const start = m.index + m[0].length;
    const end = start + Number(m[1]);
    if (!/^\r?\nendstream/.test(text.slice(end))) fail(`a stream's /Length ${m[1]} does not end at endstream`);
    for (const bytes of shownStrings(text.slice(start, end))) shown.push(decodeWinAnsi(bytes));
  }
  return shown;
}
