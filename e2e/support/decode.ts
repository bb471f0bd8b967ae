/**
 * Test-side image decoders: journeys prove that a QR code or a boleto barcode
 * on the page carries the right payload by reading the pixels of an element
 * screenshot, as a phone or a scanner would, never an attribute of the markup.
 *
 *   const png = await page.getByRole("img", { name: "Boleto barcode" }).screenshot();
 *   expect(decodeItfPng(png)).toBe(barcode);
 *
 * The ITF reader is written from the symbology's rules, not from our encoder
 * (lib/payments/itf.ts): digits come from the positions of the two wide
 * elements (weights 1, 2, 4, 7, 0), so a wrong table in the encoder cannot be
 * matched by the same mistake here.
 */
import { PNG } from "pngjs";
import jsQR from "jsqr";

/** Reads the QR code in a PNG (an element or page screenshot); null when none is found. */
export function decodeQrPng(png: Buffer): string | null {
  const { data, width, height } = PNG.sync.read(png);
  const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return jsQR(rgba, width, height)?.data ?? null;
}

/** Grey level 0 (black) to 255 (white) of each pixel of row `y`, composited over white. */
function rowLuminance(image: PNG, y: number): Float64Array {
  const out = new Float64Array(image.width);
  for (let x = 0; x < image.width; x++) {
    const i = (y * image.width + x) * 4;
    const a = image.data[i + 3]! / 255;
    const l = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    out[x] = a * l + (1 - a) * 255;
  }
  return out;
}

export type DecodeItfOptions = {
  /** Horizontal rows scanned, spread over the middle 60 % of the image. Default 9. */
  rows?: number;
};

/**
 * Reads an Interleaved 2 of 5 barcode (such as a boleto's) in a PNG,
 * scanning several horizontal rows through the middle and returning the
 * digits most rows agree on; null when no row decodes. Works at any device
 * scale factor where a narrow module is at least about 1.5 px wide.
 */
export function decodeItfPng(png: Buffer, options: DecodeItfOptions = {}): string | null {
  const image = PNG.sync.read(png);
  const rows = Math.max(1, options.rows ?? 9);
  const votes = new Map<string, number>();
  for (let r = 0; r < rows; r++) {
    const y = Math.min(image.height - 1, Math.floor(image.height * (0.2 + (0.6 * (r + 0.5)) / rows)));
    const digits = decodeItfRow(rowLuminance(image, y));
    if (digits !== null) votes.set(digits, (votes.get(digits) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestVotes = 0;
  for (const [digits, n] of votes) {
    if (n > bestVotes) {
      best = digits;
      bestVotes = n;
    }
  }
  return best;
}

type Run = { dark: boolean; width: number };

/**
 * Run lengths of one row of grey levels, thresholded half-way between its
 * darkest and lightest pixel. Each edge is placed where the grey level crosses
 * the threshold, interpolated between pixel centres, so an anti-aliased edge
 * pixel counts for the part of it that is covered and widths stay fractional.
 */
function runsOf(row: ArrayLike<number>): Run[] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < row.length; i++) {
    lo = Math.min(lo, row[i]!);
    hi = Math.max(hi, row[i]!);
  }
  if (!(hi - lo >= 64)) return null; // no contrast: nothing printed on this row
  const t = (lo + hi) / 2;
  const runs: Run[] = [];
  let start = 0;
  for (let i = 0; i + 1 < row.length; i++) {
    const a = row[i]!;
    const b = row[i + 1]!;
    if (a < t === b < t) continue;
    const edge = i + 0.5 + (t - a) / (b - a);
    runs.push({ dark: a < t, width: edge - start });
    start = edge;
  }
  runs.push({ dark: row[row.length - 1]! < t, width: row.length - start });
  return runs;
}

/** Quiet zone accepted before and after the symbol, in narrow modules (ITF asks for 10; a little less allows for edge rounding). */
const MIN_QUIET_MODULES = 8;
/** A wide element must be at least this many times the widest narrow one of its digit. */
const MIN_WIDE_RATIO = 1.5;
/** Value of a wide element at each of the five positions of a digit; 4 + 7 = 11 stands for 0. */
const WIDE_WEIGHTS = [1, 2, 4, 7, 0];

/**
 * One row of grey levels (0 dark to 255 light) → the ITF digits it crosses,
 * or null. The symbol must have a light quiet zone on both sides.
 */
export function decodeItfRow(row: ArrayLike<number>): string | null {
  const runs = runsOf(row);
  return runs ? decodeRuns(runs) : null;
}

/**
 * One entry per narrow module (true = bar), as lib/payments/itf.ts's
 * itfModules draws it; quiet zones are added on both sides.
 */
export function decodeItfModules(modules: readonly boolean[]): string | null {
  const quiet = Array<boolean>(10).fill(false);
  return decodeItfRow([...quiet, ...modules, ...quiet].map((bar) => (bar ? 0 : 255)));
}

function decodeRuns(runs: Run[]): string | null {
  for (let s = 1; s + 7 < runs.length; s++) {
    if (!runs[s]!.dark) continue;
    // The start pattern is four narrow elements: a first guess of the module width.
    const narrow = (runs[s]!.width + runs[s + 1]!.width + runs[s + 2]!.width + runs[s + 3]!.width) / 4;
    const quiet = MIN_QUIET_MODULES * narrow;
    if (runs[s - 1]!.width < quiet) continue;
    let end = s + 1;
    while (end < runs.length && (runs[end]!.dark || runs[end]!.width < quiet)) end++;
    if (end === runs.length) continue;
    const digits = decodeElements(runs.slice(s, end).map((r) => r.width));
    if (digits !== null) return digits;
  }
  return null;
}

/**
 * Widths of the symbol's elements, bar first, without quiet zones: start (4),
 * ten per digit pair, stop (3).
 */
function decodeElements(w: number[]): string | null {
  if (w.length < 17 || (w.length - 7) % 10 !== 0) return null;
  const pairs = (w.length - 7) / 10;
  const wideFlags: boolean[] = Array<boolean>(w.length).fill(false);
  const narrowWidths: number[] = [];
  const wideWidths: number[] = [];
  let digits = "";
  for (let p = 0; p < pairs; p++) {
    const base = 4 + 10 * p;
    // The bars of a pair carry its first digit, the spaces between them its second.
    for (const offset of [0, 1]) {
      const idx = [0, 1, 2, 3, 4].map((k) => base + offset + 2 * k);
      const byWidth = [...idx].sort((a, b) => w[b]! - w[a]!);
      const [wideA, wideB, ...narrows] = byWidth as [number, number, ...number[]];
      if (Math.min(w[wideA]!, w[wideB]!) < MIN_WIDE_RATIO * Math.max(...narrows.map((i) => w[i]!))) return null;
      wideFlags[wideA] = true;
      wideFlags[wideB] = true;
      wideWidths.push(w[wideA]!, w[wideB]!);
      for (const i of narrows) narrowWidths.push(w[i]!);
      const value = idx.reduce((sum, i, k) => sum + (wideFlags[i] ? WIDE_WEIGHTS[k]! : 0), 0);
      digits += String(value % 11); // two wides out of five always sum to 1-9 or 11
    }
  }
  // One threshold for the whole symbol: every element must sit on the side of
  // it its digit said, and the start and stop patterns must match.
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const threshold = (mean(narrowWidths) + mean(wideWidths)) / 2;
  const stop = w.length - 3;
  wideFlags[stop] = true;
  for (let i = 0; i < w.length; i++) {
    if (w[i]! > threshold !== wideFlags[i]) return null;
  }
  return digits;
}
