/**
 * Interleaved 2 of 5 (ITF), the symbology of the boleto barcode: FEBRABAN's
 * layout prints the 44-digit barcode (see boleto.ts) as ITF with a start
 * pattern of narrow bar, narrow space, narrow bar, narrow space and a stop
 * pattern of wide bar, narrow space, narrow bar.
 *
 * Each digit is five elements, exactly two of them wide. Digits go in pairs:
 * the first digit of a pair is drawn by the five bars, the second by the five
 * spaces between them (bar of the first, space of the second, and so on), so
 * the number of digits must be even — which 44 is.
 *
 * Widths are counted in narrow modules. ITF allows a wide:narrow ratio from
 * 2:1 to 3:1; we default to 3:1, the widest margin between the two widths and
 * so the easiest to read (boleto printers commonly use 2.5-3). Pure
 * functions, no DOM: the component that draws it is
 * components/receive/itf-barcode.tsx.
 */

/** Wide ("w") and narrow ("n") elements of each digit 0-9, in drawing order. */
export const ITF_DIGIT_PATTERNS: readonly string[] = [
  "nnwwn", // 0
  "wnnnw", // 1
  "nwnnw", // 2
  "wwnnn", // 3
  "nnwnw", // 4
  "wnwnn", // 5
  "nwwnn", // 6
  "nnnww", // 7
  "wnnwn", // 8
  "nwnwn", // 9
];

/** Start: narrow bar, narrow space, narrow bar, narrow space. */
export const ITF_START = "nnnn";
/** Stop: wide bar, narrow space, narrow bar. */
export const ITF_STOP = "wnn";
/** Wide:narrow ratio used unless told otherwise. */
export const ITF_DEFAULT_WIDE = 3;

/** One element of the symbol: a bar (dark) or a space (light), `width` narrow modules wide. */
export type ItfBar = { bar: boolean; width: number };

export type ItfOptions = {
  /** Width of a wide element in narrow modules; an integer from 2 to 3 keeps every edge on a module boundary. Default 3. */
  wide?: number;
};

function wideOf(opts: ItfOptions | undefined): number {
  const wide = opts?.wide ?? ITF_DEFAULT_WIDE;
  if (!Number.isInteger(wide) || wide < 2 || wide > 3) throw new RangeError("wide must be an integer module count, 2 or 3");
  return wide;
}

function checkDigits(digits: string): void {
  if (!/^\d*$/.test(digits)) throw new RangeError("ITF encodes digits only");
  if (digits.length === 0 || digits.length % 2 !== 0) throw new RangeError(`ITF encodes an even, non-zero number of digits; got ${digits.length}`);
}

/**
 * The symbol as alternating elements, starting and ending with a bar, without
 * quiet zones: start pattern, one group of ten per digit pair, stop pattern.
 * Throws RangeError on non-digits or an odd or zero length.
 */
export function itfBars(digits: string, opts?: ItfOptions): ItfBar[] {
  checkDigits(digits);
  const wide = wideOf(opts);
  const width = (c: string) => (c === "w" ? wide : 1);
  const out: ItfBar[] = [];
  const push = (pattern: string) => {
    for (const c of pattern) out.push({ bar: out.length % 2 === 0, width: width(c) });
  };
  push(ITF_START);
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGIT_PATTERNS[digits.charCodeAt(i) - 48]!;
    const spaces = ITF_DIGIT_PATTERNS[digits.charCodeAt(i + 1) - 48]!;
    let pair = "";
    for (let k = 0; k < 5; k++) pair += bars[k]! + spaces[k]!;
    push(pair);
  }
  push(ITF_STOP);
  return out;
}

/**
 * The symbol as one entry per narrow module (true = bar), without quiet
 * zones. Throws like itfBars.
 */
export function itfModules(digits: string, opts?: ItfOptions): boolean[] {
  const out: boolean[] = [];
  for (const { bar, width } of itfBars(digits, opts)) for (let i = 0; i < width; i++) out.push(bar);
  return out;
}

/** Modules of a symbol of `digitCount` digits, without quiet zones: 4 (start) + (3 + 2·wide)·digits + (2 + wide) (stop). */
export function itfModuleCount(digitCount: number, opts?: ItfOptions): number {
  const wide = wideOf(opts);
  return 4 + (3 + 2 * wide) * digitCount + 2 + wide;
}
