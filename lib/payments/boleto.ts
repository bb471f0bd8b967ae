/**
 * Boleto bancário (cobrança) barcode and digitable line, per the FEBRABAN
 * layout adopted by Banco Central (spec: "Resources › Boleto": barcode
 * 44-digit numeric, digitable_line 47 digits with separators).
 *
 * Barcode (44 digits), positions 1-based:
 *   1-3 bank code · 4 currency code ("9" = real) · 5 general check digit
 *   (modulo 11) · 6-9 due-date factor · 10-19 amount in centavos ·
 *   20-44 free field (25 digits, defined by the issuing bank).
 * Digitable line (47 digits), the same data reordered for typing:
 *   field 1: bank, currency, free field 1-5, check digit (mod 10)   → 10
 *   field 2: free field 6-15, check digit (mod 10)                  → 11
 *   field 3: free field 16-25, check digit (mod 10)                 → 11
 *   field 4: the barcode's general check digit                      →  1
 *   field 5: due-date factor and amount                             → 14
 *
 * Slips for utilities and taxes ("arrecadação", 48 digits starting with 8)
 * are a different layout and are rejected with UNSUPPORTED_TYPE.
 */
import { type Result, type CodecError, ok, err } from "./result";

export type BoletoErrorCode =
  | "INVALID_CHARACTERS"
  | "INVALID_LENGTH"
  | "INVALID_CHECK_DIGIT"
  | "INVALID_CURRENCY_CODE"
  | "UNSUPPORTED_TYPE";
export type BoletoError = CodecError<BoletoErrorCode>;

export type BoletoFields = {
  barcode: string;
  /** 47 digits, no separators; see formatDigitableLine. */
  digitableLine: string;
  bankCode: string;
  /** "9": real. The only currency code we accept. */
  currencyCode: string;
  generalCheckDigit: number;
  /** 0 means "no due date"; 1000-9999 otherwise (see factorToDueDate). */
  dueDateFactor: number;
  /** yyyy-mm-dd, or null when the factor is 0. Resolved to the 9000-day cycle nearest the reference date. */
  dueDate: string | null;
  /** Exact decimal string, e.g. "1026.56"; "0.00" means the payer fills the amount in. */
  amount: string;
  freeField: string;
};

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) for a real calendar date, or null. */
function isoToDays(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / DAY_MS;
}

function daysToIso(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A Date is taken at its UTC calendar day. Prefer "yyyy-mm-dd" strings: a
 * Date made at 23:00 in Brasília (UTC−3) is already the next day in UTC.
 */
function toDays(date: string | Date): number {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new RangeError("Invalid Date");
    return Math.floor(date.getTime() / DAY_MS);
  }
  const days = isoToDays(date);
  if (days === null) throw new RangeError(`Not a calendar date in yyyy-mm-dd form: "${date}"`);
  return days;
}

/** FEBRABAN's base date for the due-date factor: factor = days since 1997-10-07. */
export const FACTOR_BASE_DATE = "1997-10-07";
const BASE_DAYS = isoToDays(FACTOR_BASE_DATE)!;
/** Factors run 1000-9999; after 9999 (2025-02-21) they restart at 1000 (2025-02-22), every 9000 days. */
const FACTOR_CYCLE = 9000;

/**
 * Due-date factor for a date on or after 2000-07-03 (factor 1000), following
 * FEBRABAN's restart rule: factor = ((days since 1997-10-07 − 1000) mod 9000)
 * + 1000. So 2025-02-21 → 9999 and 2025-02-22 → 1000.
 */
export function dueDateToFactor(date: string | Date): number {
  const days = toDays(date) - BASE_DAYS;
  if (days < 1000) throw new RangeError("Due dates before 2000-07-03 predate the 4-digit factor range 1000-9999");
  return ((days - 1000) % FACTOR_CYCLE) + 1000;
}

/**
 * Due date of a factor. A factor names one day in every 9000-day cycle
 * (about 24.6 years), so it is ambiguous: we pick the candidate nearest the
 * reference date (default today, UTC), i.e. within about 12.3 years of it.
 * Factor 0 means "no due date" (null). Factors 1-999 only ever named dates
 * from 1997-10-08 to 2000-07-02, before the restart rule, and are read so.
 */
export function factorToDueDate(factor: number, referenceDate: string | Date = new Date()): string | null {
  if (!Number.isInteger(factor) || factor < 0 || factor > 9999) throw new RangeError("A due-date factor is an integer 0-9999");
  if (factor === 0) return null;
  if (factor < 1000) return daysToIso(BASE_DAYS + factor);
  const ref = toDays(referenceDate) - BASE_DAYS;
  const k = Math.max(0, Math.round((ref - factor) / FACTOR_CYCLE));
  return daysToIso(BASE_DAYS + factor + k * FACTOR_CYCLE);
}

/**
 * Modulo 10 (FEBRABAN) for the digitable line's fields: weights 2, 1, 2, ...
 * from the rightmost digit; a product above 9 counts as the sum of its
 * digits; check = (10 − sum mod 10) mod 10.
 */
export function boletoMod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    let p = (digits.charCodeAt(i) - 48) * weight;
    if (p > 9) p -= 9;
    sum += p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Modulo 11 (FEBRABAN) general check digit over the 43 barcode digits other
 * than position 5: weights 2..9 repeating from the rightmost digit; check =
 * 11 − (sum mod 11), and results 0, 10 and 11 become 1.
 */
export function boletoMod11(digits43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits43.length - 1; i >= 0; i--) {
    sum += (digits43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Removes the separators people type or paste: whitespace, dots and hyphens. */
export function stripBoletoSeparators(input: string): string {
  return input.replace(/[\s.-]/g, "");
}

function checkDigitsOnly(s: string): Result<string, BoletoError> {
  if (!/^\d*$/.test(s)) return err("INVALID_CHARACTERS", "A boleto line contains only digits (dots and spaces are allowed as separators).");
  if (s.startsWith("8") && s.length === 48) {
    return err("UNSUPPORTED_TYPE", "This is a utility or tax payment slip (arrecadação, 48 digits starting with 8), not a bank boleto.");
  }
  return ok(s);
}

function validateBarcodeDigits(barcode: string): Result<string, BoletoError> {
  if (barcode.length !== 44) return err("INVALID_LENGTH", `A boleto barcode has 44 digits; got ${barcode.length}.`);
  if (barcode[3] !== "9") return err("INVALID_CURRENCY_CODE", `Currency code is "${barcode[3]}"; only 9 (real) is accepted.`, "currencyCode");
  const expected = boletoMod11(barcode.slice(0, 4) + barcode.slice(5));
  if (barcode.charCodeAt(4) - 48 !== expected) {
    return err("INVALID_CHECK_DIGIT", `The general check digit is ${barcode[4]} but should be ${expected}.`, "generalCheckDigit");
  }
  return ok(barcode);
}

/** Checks a 44-digit barcode (no separators). */
export function validateBarcode(barcode: string): Result<string, BoletoError> {
  const d = checkDigitsOnly(barcode);
  return d.ok ? validateBarcodeDigits(d.value) : d;
}

export function barcodeDigitsToLine(b: string): string {
  const f1 = b.slice(0, 4) + b.slice(19, 24);
  const f2 = b.slice(24, 34);
  const f3 = b.slice(34, 44);
  return f1 + boletoMod10(f1) + f2 + boletoMod10(f2) + f3 + boletoMod10(f3) + b[4] + b.slice(5, 19);
}

function lineDigitsToBarcode(l: string): string {
  return l.slice(0, 4) + l[32] + l.slice(33, 47) + l.slice(4, 9) + l.slice(10, 20) + l.slice(21, 31);
}

function validateLineDigits(line: string): Result<string, BoletoError> {
  if (line.length !== 47) return err("INVALID_LENGTH", `A boleto digitable line has 47 digits; got ${line.length}.`);
  const fields: [string, number, number][] = [
    ["field1", 0, 9],
    ["field2", 10, 20],
    ["field3", 21, 31],
  ];
  for (const [name, start, end] of fields) {
    const expected = boletoMod10(line.slice(start, end));
    if (line.charCodeAt(end) - 48 !== expected) {
      const n = name.slice(-1);
      return err("INVALID_CHECK_DIGIT", `The check digit of field ${n} is ${line[end]} but should be ${expected}; a digit in field ${n} was probably mistyped.`, name);
    }
  }
  const barcode = validateBarcodeDigits(lineDigitsToBarcode(line));
  return barcode.ok ? ok(line) : barcode;
}

/** Checks a digitable line (47 digits; separators allowed). Returns the bare 47 digits. */
export function validateDigitableLine(line: string): Result<string, BoletoError> {
  const d = checkDigitsOnly(stripBoletoSeparators(line));
  return d.ok ? validateLineDigits(d.value) : d;
}

export function barcodeToDigitableLine(barcode: string): Result<string, BoletoError> {
  const b = validateBarcode(barcode);
  return b.ok ? ok(barcodeDigitsToLine(b.value)) : b;
}

export function digitableLineToBarcode(line: string): Result<string, BoletoError> {
  const l = validateDigitableLine(line);
  return l.ok ? ok(lineDigitsToBarcode(l.value)) : l;
}

/** 10-digit centavos → "1026.56" without floating point. */
function centsToAmount(cents: string): string {
  const s = cents.replace(/^0+(?=\d{3})/, "");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/**
 * Reads a boleto from its barcode (44 digits) or digitable line (47 digits,
 * separators allowed), checking every check digit, and returns its fields.
 */
export function parseBoleto(input: string, options: { referenceDate?: string | Date } = {}): Result<BoletoFields, BoletoError> {
  const digits = checkDigitsOnly(stripBoletoSeparators(input));
  if (!digits.ok) return digits;
  let barcode: string;
  let line: string;
  if (digits.value.length === 47) {
    const l = validateLineDigits(digits.value);
    if (!l.ok) return l;
    line = l.value;
    barcode = lineDigitsToBarcode(line);
  } else if (digits.value.length === 44) {
    const b = validateBarcodeDigits(digits.value);
    if (!b.ok) return b;
    barcode = b.value;
    line = barcodeDigitsToLine(barcode);
  } else {
    return err("INVALID_LENGTH", `A boleto is 44 digits (barcode) or 47 digits (digitable line); got ${digits.value.length}.`);
  }
  const factor = Number(barcode.slice(5, 9));
  return ok({
    barcode,
    digitableLine: line,
    bankCode: barcode.slice(0, 3),
    currencyCode: barcode[3]!,
    generalCheckDigit: barcode.charCodeAt(4) - 48,
    dueDateFactor: factor,
    dueDate: factorToDueDate(factor, options.referenceDate),
    amount: centsToAmount(barcode.slice(9, 19)),
    freeField: barcode.slice(19),
  });
}

/** "00190000090114971860168524522114675860000102656" → "00190.00009 01149.718601 68524.522114 6 75860000102656". */
export function formatDigitableLine(line: string): string {
  const l = stripBoletoSeparators(line);
  if (!/^\d{47}$/.test(l)) throw new RangeError("formatDigitableLine needs 47 digits");
  return `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10, 15)}.${l.slice(15, 21)} ${l.slice(21, 26)}.${l.slice(26, 32)} ${l[32]} ${l.slice(33)}`;
}

/** The digitable line's five groups as printed ("00190.00009 01234.567891 …"), or the line as it came when it is not 47 digits. */
export function digitableGroups(line: string): string[] {
  try {
    return formatDigitableLine(line).split(" ");
  } catch {
    return [line];
  }
}
