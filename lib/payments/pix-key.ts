/**
 * PIX keys (chaves Pix) as registered in DICT, the Banco Central directory,
 * for cash-out `key` + `key_type` (spec: POST /v2/transactions/cashout,
 * key_type cpf, cnpj, email, phone, random).
 *
 * Every validator trims surrounding whitespace and returns the key in the
 * form DICT stores it: CPF as 11 digits, CNPJ as 14 characters (upper case),
 * e-mail in lower case, phone as +55 + area code + number, random key (EVP)
 * as a lower-case UUID.
 */
import { type Result, type CodecError, ok, err } from "./result";
import { validateCpf, validateCnpj } from "./documents";
import { PIX_KEY_TYPES, type PixKeyType } from "@/lib/payouts/vocabulary";

export { PIX_KEY_TYPES, type PixKeyType };

export type PixKeyErrorCode =
  | "EMPTY"
  | "UNKNOWN_KEY_TYPE"
  | "INVALID_FORMAT"
  | "INVALID_DOCUMENT"
  | "TOO_LONG"
  | "INVALID_AREA_CODE"
  | "NOT_UUID_V4";
export type PixKeyError = CodecError<PixKeyErrorCode>;

/** DICT caps e-mail keys at 77 characters. */
export const PIX_EMAIL_MAX_LENGTH = 77;

/**
 * E-mail shape modelled on the pattern of Banco Central's DICT API: lower case
 * only (we lower-case first, so keys compare case-insensitively), a local
 * part of letters, digits and RFC 5322 atom symbols, and a dotted domain of
 * labels up to 63 characters that neither start nor end with "-".
 */
const EMAIL = /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Brazilian area codes (DDD) in use, per ANATEL's national numbering plan. */
export const BRAZIL_AREA_CODES: ReadonlySet<string> = new Set([
  "11", "12", "13", "14", "15", "16", "17", "18", "19",
  "21", "22", "24", "27", "28",
  "31", "32", "33", "34", "35", "37", "38",
  "41", "42", "43", "44", "45", "46", "47", "48", "49",
  "51", "53", "54", "55",
  "61", "62", "63", "64", "65", "66", "67", "68", "69",
  "71", "73", "74", "75", "77", "79",
  "81", "82", "83", "84", "85", "86", "87", "88", "89",
  "91", "92", "93", "94", "95", "96", "97", "98", "99",
]);

/** Any RFC 4122 UUID in 8-4-4-4-12 form. */
const UUID_ANY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Version 4 (random) with the RFC 4122 variant: the form DICT generates for EVP keys. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * Phone keys are E.164 Brazilian numbers: "+55", a two-digit area code and an
 * 8- or 9-digit number (so 10 or 11 digits after +55). Normalisation, and
 * nothing more: spaces, parentheses, hyphens and dots are removed; a number
 * with 10 or 11 digits and no country code gets "+55"; 12 or 13 digits
 * starting with "55" and no "+" get "+". A trunk prefix ("0 11 ...") or a
 * carrier code is not removed and is rejected. 11-digit numbers must be
 * mobiles (number starting with 9, ANATEL's 9th-digit rule); 10-digit numbers
 * must not start with 0 or 1.
 */
export function normalizePixPhone(input: string): Result<string, PixKeyError> {
  const compact = input.trim().replace(/[\s().-]/g, "");
  let digits: string;
  if (/^\+\d+$/.test(compact)) {
    if (!compact.startsWith("+55")) return err("INVALID_FORMAT", "A PIX phone key must be a Brazilian number (+55).");
    digits = compact.slice(3);
  } else if (/^55\d{10,11}$/.test(compact)) {
    digits = compact.slice(2);
  } else if (/^\d{10,11}$/.test(compact)) {
    digits = compact;
  } else {
    return err("INVALID_FORMAT", "A PIX phone key is +55, a two-digit area code and an 8- or 9-digit number.");
  }
  if (digits.length !== 10 && digits.length !== 11) {
    return err("INVALID_FORMAT", `After +55 a PIX phone key has 10 or 11 digits; got ${digits.length}.`);
  }
  const area = digits.slice(0, 2);
  if (!BRAZIL_AREA_CODES.has(area)) return err("INVALID_AREA_CODE", `${area} is not a Brazilian area code (DDD).`);
  const subscriber = digits.slice(2);
  if (subscriber.length === 9 && !subscriber.startsWith("9")) {
    return err("INVALID_FORMAT", "A 9-digit Brazilian number is a mobile and starts with 9.");
  }
  if (subscriber.length === 8 && /^[01]/.test(subscriber)) {
    return err("INVALID_FORMAT", "An 8-digit Brazilian number does not start with 0 or 1.");
  }
  return ok(`+55${digits}`);
}

/** Validates a key against its declared key_type and returns it normalised. */
export function validatePixKey(key: string, keyType: PixKeyType | string): Result<string, PixKeyError> {
  const k = key.trim();
  if (k === "") return err("EMPTY", "The PIX key is empty.");
  switch (keyType) {
    case "cpf": {
      const r = validateCpf(k);
      return r.ok ? r : err("INVALID_DOCUMENT", `Not a valid CPF: ${r.error.message}`);
    }
    case "cnpj": {
      // Alphanumeric CNPJs (issued from July 2026) are accepted too: a key is the company's CNPJ as issued.
      const r = validateCnpj(k);
      return r.ok ? r : err("INVALID_DOCUMENT", `Not a valid CNPJ: ${r.error.message}`);
    }
    case "email": {
      const e = k.toLowerCase();
      if (e.length > PIX_EMAIL_MAX_LENGTH) return err("TOO_LONG", `An e-mail PIX key has at most ${PIX_EMAIL_MAX_LENGTH} characters.`);
      if (!EMAIL.test(e)) return err("INVALID_FORMAT", "Not a valid e-mail address.");
      return ok(e);
    }
    case "phone":
      return normalizePixPhone(k);
    case "random": {
      if (!UUID_ANY.test(k)) return err("INVALID_FORMAT", "A random PIX key (EVP) is a UUID: 36 characters, hexadecimal in groups 8-4-4-4-12.");
      if (!UUID_V4.test(k)) return err("NOT_UUID_V4", "A random PIX key (EVP) is a version 4 UUID.");
      return ok(k.toLowerCase());
    }
    default:
      return err("UNKNOWN_KEY_TYPE", `Unknown key_type "${keyType}"; expected one of ${PIX_KEY_TYPES.join(", ")}.`);
  }
}

export function isValidPixKey(key: string, keyType: PixKeyType): boolean {
  return validatePixKey(key, keyType).ok;
}

/**
 * Guesses a key's type from its shape, or null. Order matters where shapes
 * overlap: any UUID (of any version, as in Banco Central's own examples) is
 * 'random'; "@" means 'email'; "+" means 'phone'; 11 digits that pass the CPF
 * check are a 'cpf' even if they would also read as a phone number without
 * +55 (DICT stores phone keys with +55, never bare); then 'cnpj'; then a
 * national phone number.
 */
export function guessPixKeyType(key: string): PixKeyType | null {
  const k = key.trim();
  if (k === "") return null;
  if (UUID_ANY.test(k)) return "random";
  if (k.includes("@")) return validatePixKey(k, "email").ok ? "email" : null;
  if (k.startsWith("+")) return normalizePixPhone(k).ok ? "phone" : null;
  if (validateCpf(k).ok) return "cpf";
  if (validateCnpj(k).ok) return "cnpj";
  if (normalizePixPhone(k).ok) return "phone";
  return null;
}
