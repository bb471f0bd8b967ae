/**
 * Brazilian taxpayer documents: CPF (people) and CNPJ (companies), including
 * the alphanumeric CNPJ that Receita Federal issues from July 2026
 * (Instrução Normativa RFB nº 2.229/2024).
 *
 * Inputs are accepted with or without the usual mask: dots, slash, hyphen
 * and whitespace are removed before checking, and CNPJ letters are
 * upper-cased (the Receita issues upper-case letters only).
 */
import { type Result, type CodecError, ok, err } from "./result";
import { type Rng, cryptoRng, randomInt } from "./rng";

export type DocumentKind = "cpf" | "cnpj";
export type DocumentErrorCode = "INVALID_LENGTH" | "INVALID_CHARACTERS" | "REPEATED_DIGITS" | "INVALID_CHECK_DIGIT";
export type DocumentError = CodecError<DocumentErrorCode>;

const MASK_CHARACTERS = /[.\-/\s]/g;

/** Removes mask characters (".", "-", "/", whitespace) and upper-cases letters. */
export function unformatDocument(value: string): string {
  return value.replace(MASK_CHARACTERS, "").toUpperCase();
}

/**
 * Modulo-11 check digit used by both CPF and CNPJ (Receita Federal): the
 * weighted sum of the character values, remainder r of division by 11, digit
 * 0 when r < 2 and 11 − r otherwise.
 */
function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]! * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

// CPF: weights 10..2 for the first digit (over 9 digits), 11..2 for the second (over 10).
const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
// CNPJ: weights 5..2,9..2 for the first digit (over 12), 6..2,9..2 for the second (over 13).
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Character value for the alphanumeric CNPJ: its ASCII code minus 48, so
 * "0".."9" keep their value and "A".."Z" are 17..42 (Receita Federal's
 * published algorithm). Numeric CNPJs are a special case of this rule.
 */
function cnpjCharValue(ch: string): number {
  return ch.charCodeAt(0) - 48;
}

/** The two check digits of a CPF from its first 9 digits. */
export function cpfCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new RangeError("CPF base must be 9 digits");
  const v = [...base9].map(Number);
  const d1 = mod11CheckDigit(v, CPF_W1);
  const d2 = mod11CheckDigit([...v, d1], CPF_W2);
  return `${d1}${d2}`;
}

/** The two check digits of a CNPJ from its first 12 characters ([0-9A-Z]). */
export function cnpjCheckDigits(base12: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base12)) throw new RangeError("CNPJ base must be 12 characters [0-9A-Z]");
  const v = [...base12].map(cnpjCharValue);
  const d1 = mod11CheckDigit(v, CNPJ_W1);
  const d2 = mod11CheckDigit([...v, d1], CNPJ_W2);
  return `${d1}${d2}`;
}

/** Validates a CPF; the value is the 11 bare digits. */
export function validateCpf(input: string): Result<string, DocumentError> {
  const cpf = unformatDocument(input);
  if (!/^[0-9]*$/.test(cpf)) return err("INVALID_CHARACTERS", "A CPF contains only digits.");
  if (cpf.length !== 11) return err("INVALID_LENGTH", `A CPF has 11 digits; got ${cpf.length}.`);
  // 000.000.000-00, 111.111.111-11, ... pass the modulo-11 check but are not issued.
  if (/^(\d)\1{10}$/.test(cpf)) return err("REPEATED_DIGITS", "A CPF cannot be one digit repeated.");
  if (cpfCheckDigits(cpf.slice(0, 9)) !== cpf.slice(9)) return err("INVALID_CHECK_DIGIT", "The CPF check digits do not match.");
  return ok(cpf);
}

/** Validates a numeric or alphanumeric CNPJ; the value is the 14 bare characters, upper case. */
export function validateCnpj(input: string): Result<string, DocumentError> {
  const cnpj = unformatDocument(input);
  if (!/^[0-9A-Z]*$/.test(cnpj)) return err("INVALID_CHARACTERS", "A CNPJ contains only digits and the letters A-Z.");
  if (cnpj.length !== 14) return err("INVALID_LENGTH", `A CNPJ has 14 characters; got ${cnpj.length}.`);
  // Letters may appear only in the 12-character base; the two check digits are always numeric.
  if (!/^\d{2}$/.test(cnpj.slice(12))) return err("INVALID_CHARACTERS", "The two CNPJ check digits must be numeric.");
  if (/^(.)\1{13}$/.test(cnpj)) return err("REPEATED_DIGITS", "A CNPJ cannot be one digit repeated.");
  if (cnpjCheckDigits(cnpj.slice(0, 12)) !== cnpj.slice(12)) return err("INVALID_CHECK_DIGIT", "The CNPJ check digits do not match.");
  return ok(cnpj);
}

export function isValidCpf(input: string): boolean {
  return validateCpf(input).ok;
}

export function isValidCnpj(input: string): boolean {
  return validateCnpj(input).ok;
}

/** 'cpf' or 'cnpj' when the input is a valid document of that kind, otherwise null (lengths differ, so never both). */
export function detectDocument(input: string): DocumentKind | null {
  if (validateCpf(input).ok) return "cpf";
  if (validateCnpj(input).ok) return "cnpj";
  return null;
}

/** Validates either kind and says which it was. */
export function validateDocument(input: string): Result<{ kind: DocumentKind; value: string }, DocumentError> {
  const bare = unformatDocument(input);
  if (bare.length !== 11 && bare.length !== 14) {
    return err("INVALID_LENGTH", `A CPF has 11 digits and a CNPJ 14 characters; got ${bare.length}.`);
  }
  const kind = bare.length === 11 ? "cpf" : "cnpj";
  const r = kind === "cpf" ? validateCpf(input) : validateCnpj(input);
  return r.ok ? ok({ kind, value: r.value }) : r;
}

/** "52998224725" → "529.982.247-25". Throws unless given 11 digits (masked or not). */
export function formatCpf(input: string): string {
  const d = unformatDocument(input);
  if (!/^\d{11}$/.test(d)) throw new RangeError("formatCpf needs 11 digits");
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** "12ABC34501DE35" → "12.ABC.345/01DE-35". Throws unless given 14 characters [0-9A-Z]. */
export function formatCnpj(input: string): string {
  const d = unformatDocument(input);
  if (!/^[0-9A-Z]{14}$/.test(d)) throw new RangeError("formatCnpj needs 14 characters");
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** Formats a CPF or CNPJ by its length. */
export function formatDocument(input: string): string {
  return unformatDocument(input).length === 11 ? formatCpf(input) : formatCnpj(input);
}

/**
 * A document as it may be shown to someone who does not need all of it (a receipt, a transaction's
 * detail): the masked form Brazilian banks print on a comprovante, which hides the first and the last
 * two places of the formatted number. "52998224725" → "***.982.247-**"; a CNPJ "11222333000181" →
 * "**.222.333/0001-**" (the alphanumeric one alike). Any other document (an RFC, a CURP, a passport
 * number) keeps only its last four characters: "••••1234"; four or fewer are hidden entirely.
 */
export function maskDocument(input: string): string {
  const d = unformatDocument(input.trim());
  if (/^\d{11}$/.test(d)) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(d)) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return d.length > 4 ? `••••${d.slice(-4)}` : "••••";
}

/**
 * A PIX key as Brazilian banks show it on a transfer's review and comprovante: enough to recognise,
 * not enough to copy. CPF "***.982.247-**" and CNPJ "**.222.333/0001-**" (maskDocument); phone
 * "+55 (11) 9****-1234" (a landline "+55 (11) ****-1234"); e-mail "j***@dominio.com"; a random key
 * (EVP) shortened to "123e4567…4000". Given the key as DICT stores it or as typed; a key that does not
 * fit its type keeps only its last four characters.
 */
export function maskPixKey(key: string, keyType: string): string {
  const k = key.trim();
  if (keyType === "cpf" || keyType === "cnpj") return maskDocument(k);
  if (keyType === "phone") {
    const digits = k.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
    if (/^\d{10,11}$/.test(digits)) {
      const area = digits.slice(0, 2);
      const number = digits.slice(2);
      const head = number.length === 9 ? `${number[0]}****` : "****";
      return `+55 (${area}) ${head}-${number.slice(-4)}`;
    }
  }
  if (keyType === "email") {
    const at = k.lastIndexOf("@");
    if (at > 0) return `${k[0]!.toLowerCase()}***${k.slice(at).toLowerCase()}`;
  }
  if (keyType === "random" && k.length > 12) return `${k.slice(0, 8).toLowerCase()}…${k.slice(-4).toLowerCase()}`;
  return k.length > 4 ? `••••${k.slice(-4)}` : "••••";
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A valid random CPF (for tests and the sandbox). */
export function generateCpf(rng: Rng = cryptoRng): string {
  for (;;) {
    let base = "";
    for (let i = 0; i < 9; i++) base += String(randomInt(rng, 10));
    const cpf = base + cpfCheckDigits(base);
    if (!/^(\d)\1{10}$/.test(cpf)) return cpf;
  }
}

/**
 * A valid random CNPJ. Numeric by default, with branch "0001" (head office) as
 * most real CNPJs; `alphanumeric: true` draws all 12 base characters from [0-9A-Z].
 */
export function generateCnpj(rng: Rng = cryptoRng, options: { alphanumeric?: boolean } = {}): string {
  for (;;) {
    let base = "";
    if (options.alphanumeric) {
      for (let i = 0; i < 12; i++) base += ALPHANUMERIC[randomInt(rng, ALPHANUMERIC.length)];
    } else {
      for (let i = 0; i < 8; i++) base += String(randomInt(rng, 10));
      base += "0001";
    }
    const cnpj = base + cnpjCheckDigits(base);
    if (!/^(.)\1{13}$/.test(cnpj)) return cnpj;
  }
}
