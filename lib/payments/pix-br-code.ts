/**
 * PIX BR Code: the EMV QR Code (Merchant-Presented Mode) payload used by PIX,
 * as laid down in Banco Central's "Manual de Padrões para Iniciação do Pix"
 * (spec: "Payment info returned by cash-in": the PIX qrcode is an EMV string;
 * "PIX payload decoding").
 *
 * Fields, in the order we write them:
 *   00 "01" payload format · 01 "12" (dynamic, single use; omitted for static,
 *   as in Banco Central's static example) · 26 merchant account: 00 GUI
 *   "br.gov.bcb.pix", then 01 key (static) or 25 location URL without scheme
 *   (dynamic), optional 02 description · 52 MCC "0000" · 53 "986" (BRL) ·
 *   54 amount (optional) · 58 "BR" · 59 name (≤ 25) · 60 city (≤ 15) ·
 *   62 additional data: 05 txid ("***" when none) · 63 CRC16.
 */
import type Decimal from "decimal.js";
import { type Result, type CodecError, ok, err } from "./result";
import { crc16, crc16Hex } from "./crc16";
import { type TlvNode, encodeTlv, normalizeEmvText, parseTlvLevel, parseTlvTree, isTlvFailure } from "./emv-tlv";
import { parseAmount } from "./money";
import { validateCpf, validateCnpj } from "./documents";

export const PIX_GUI = "br.gov.bcb.pix";
export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;
/** EMV field 54 holds at most 13 characters ("9999999999.99"). */
export const AMOUNT_MAX_LENGTH = 13;
/** Banco Central: txid of a static BR Code is 1-25 characters [A-Za-z0-9], or "***" for none. */
const TXID = /^[A-Za-z0-9]{1,25}$/;
/** Banco Central: amount with "." as decimal separator, no thousands separator, at most 2 decimals. */
const AMOUNT = /^\d+(?:\.\d{1,2})?$/;
const NO_TXID = "***";

export type PointOfInitiation = "static" | "dynamic";

export type BrCode = {
  payloadFormatIndicator: string;
  /**
   * From field 01 ("11" static, "12" dynamic/single use). When 01 is absent,
   * as in many real codes, a code with a location URL is dynamic and one
   * with a key is static.
   */
  pointOfInitiation: PointOfInitiation;
  /** Field 01 as written, when present. */
  pointOfInitiationMethod?: string;
  gui: string;
  pixKey?: string;
  /** Location URL (field 26-25), without scheme, for dynamic codes. */
  url?: string;
  description?: string;
  mcc: string;
  currency: string;
  /** Field 54 exactly as written, e.g. "10.00". */
  amount?: string;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  /** Field 62-05; absent when it is "***". */
  txid?: string;
  crc: string;
  /** Every data object, templates expanded. */
  tlv: TlvNode[];
};

export type BrCodeErrorCode =
  | "EMPTY"
  | "MALFORMED_TLV"
  | "INVALID_CRC"
  | "MISSING_FIELD"
  | "DUPLICATE_FIELD"
  | "INVALID_FIELD"
  | "NOT_PIX";
export type BrCodeError = CodecError<BrCodeErrorCode>;

// ---------------------------------------------------------------- building

type CommonInput = {
  /** Accents are stripped and the result cut to 25 characters (see normalizeEmvText). */
  merchantName: string;
  /** Accents are stripped and the result cut to 15 characters. */
  merchantCity: string;
  /** Up to 2 decimals, greater than zero. Written with exactly 2 decimals ("10.00"). */
  amount?: Decimal.Value;
  /** 1-25 letters and digits; "***" (none) when omitted. */
  txid?: string;
  /** Merchant category code; "0000" (not informed) by default. */
  mcc?: string;
};

export type StaticBrCodeInput = CommonInput & {
  /**
   * The PIX key as DICT stores it (see validatePixKey, which normalises). It is
   * written as given (trimmed): this builder checks only that it fits.
   */
  pixKey: string;
  /** Free text shown to the payer; accents stripped. */
  description?: string;
};

export type DynamicBrCodeInput = CommonInput & {
  /** The PSP's payload location, e.g. "pix.example.com/qr/v2/abc"; a leading "https://" is removed. */
  url: string;
  /**
   * Write field 01 = "12" (single use), the default: the spec says a dynamic
   * QR is single use. `false` omits field 01, as some PSPs do.
   */
  singleUse?: boolean;
};

function fitText(value: string, max: number, what: string): string {
  const t = normalizeEmvText(value).slice(0, max).trim();
  if (t === "") throw new RangeError(`${what} is empty after normalisation`);
  return t;
}

function commonFields(input: CommonInput): { head: string; tail: string } {
  const mcc = input.mcc ?? "0000";
  if (!/^\d{4}$/.test(mcc)) throw new RangeError("mcc must be 4 digits");
  let amount = "";
  if (input.amount !== undefined) {
    const a = parseAmount(input.amount, { maxDecimals: 2, allowZero: false });
    if (!a.ok) throw new RangeError(`amount: ${a.error.message}`);
    const text = a.value.toFixed(2);
    if (text.length > AMOUNT_MAX_LENGTH) throw new RangeError(`amount is longer than ${AMOUNT_MAX_LENGTH} characters`);
    amount = encodeTlv("54", text);
  }
  const txid = input.txid ?? NO_TXID;
  if (txid !== NO_TXID && !TXID.test(txid)) throw new RangeError("txid must be 1-25 letters and digits");
  const name = fitText(input.merchantName, MERCHANT_NAME_MAX, "merchantName");
  const city = fitText(input.merchantCity, MERCHANT_CITY_MAX, "merchantCity");
  return {
    head: encodeTlv("52", mcc) + "5303986" + amount,
    tail: "5802BR" + encodeTlv("59", name) + encodeTlv("60", city) + encodeTlv("62", encodeTlv("05", txid)) + "6304",
  };
}

function finish(body: string): string {
  return body + crc16Hex(body);
}

/** Static BR Code (a key, reusable). Throws RangeError on input that cannot be encoded. */
export function buildStaticBrCode(input: StaticBrCodeInput): string {
  const key = input.pixKey.trim();
  if (key === "" || key.length > 77) throw new RangeError("pixKey must be 1-77 characters");
  if (!/^[\x21-\x7e]+$/.test(key)) throw new RangeError("pixKey must be printable ASCII without spaces");
  let account = encodeTlv("00", PIX_GUI) + encodeTlv("01", key);
  if (input.description !== undefined) {
    const d = normalizeEmvText(input.description);
    if (d !== "") account += encodeTlv("02", d);
  }
  if (account.length > 99) throw new RangeError("pixKey and description together do not fit in field 26 (99 characters)");
  const { head, tail } = commonFields(input);
  return finish("000201" + encodeTlv("26", account) + head + tail);
}

/** Dynamic BR Code (location URL, single use: field 01 = "12"). Throws RangeError on bad input. */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  const url = input.url.trim().replace(/^https:\/\//i, "");
  // Banco Central: the location is written without "https://", which payer apps add.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) throw new RangeError("url must be an https location (written without scheme)");
  if (url === "" || !/^[\x21-\x7e]+$/.test(url)) throw new RangeError("url must be printable ASCII without spaces");
  const account = encodeTlv("00", PIX_GUI) + encodeTlv("25", url);
  if (account.length > 99) throw new RangeError("url does not fit in field 26 (at most 77 characters)");
  const { head, tail } = commonFields(input);
  const poi = input.singleUse === false ? "" : "010212";
  return finish("000201" + poi + encodeTlv("26", account) + head + tail);
}

export type BrCodeInput = ({ kind: "static" } & StaticBrCodeInput) | ({ kind: "dynamic" } & DynamicBrCodeInput);

export function buildBrCode(input: BrCodeInput): string {
  return input.kind === "static" ? buildStaticBrCode(input) : buildDynamicBrCode(input);
}

// ---------------------------------------------------------------- decoding

type Fields = Map<string, TlvNode>;

function indexFields(nodes: TlvNode[], where: string): Fields | BrCodeError {
  const map: Fields = new Map();
  for (const n of nodes) {
    if (map.has(n.id)) return { code: "DUPLICATE_FIELD", message: `Field ${n.id} appears twice in ${where}.`, field: n.id };
    map.set(n.id, n);
  }
  return map;
}

function isError(x: Fields | BrCodeError): x is BrCodeError {
  return !(x instanceof Map);
}

const CRC_TAIL = /6304([0-9A-Fa-f]{4})$/;

/**
 * Decodes and checks a BR Code. Surrounding whitespace is ignored. The CRC is
 * checked first (a corrupted code is reported as such even if it still
 * parses); its hex digits are accepted in either case.
 */
export function decodeBrCode(input: string): Result<BrCode, BrCodeError> {
  const s = input.trim();
  if (s === "") return err("EMPTY", "The BR Code is empty.");

  const crcMatch = CRC_TAIL.exec(s);
  if (!crcMatch) return err("MISSING_FIELD", "The BR Code does not end with its CRC (field 63: \"6304\" and 4 hex digits).", "crc");
  const crc = crcMatch[1]!;
  const computed = crc16(s.slice(0, -4));
  if (parseInt(crc, 16) !== computed) {
    return err("INVALID_CRC", `The CRC is ${crc.toUpperCase()} but the content gives ${computed.toString(16).toUpperCase().padStart(4, "0")}: the code is damaged or was altered.`, "crc");
  }

  const tree = parseTlvTree(s);
  if (isTlvFailure(tree)) return err("MALFORMED_TLV", `The BR Code structure is broken at character ${tree.position + 1}: ${tree.reason}.`);
  const top = indexFields(tree, "the BR Code");
  if (isError(top)) return { ok: false, error: top };
  if (tree[tree.length - 1]?.id !== "63") return err("MALFORMED_TLV", "The CRC (field 63) must be the last field.", "crc");

  // EMV: the payload format indicator is the first data object, value "01".
  if (tree[0]?.id !== "00") return err("MISSING_FIELD", "The BR Code must start with the payload format indicator (field 00).", "payloadFormatIndicator");
  const pfi = tree[0].value;
  if (pfi !== "01") return err("INVALID_FIELD", `Payload format indicator is "${pfi}"; only "01" exists.`, "payloadFormatIndicator");

  const poi = top.get("01")?.value;
  if (poi !== undefined && poi !== "11" && poi !== "12") {
    return err("INVALID_FIELD", `Point of initiation method is "${poi}"; expected 11 (static) or 12 (dynamic).`, "pointOfInitiation");
  }

  // The PIX merchant account may sit in any merchant-account template 26-51, identified by its GUI.
  let account: TlvNode | undefined;
  for (const n of tree) {
    const id = Number(n.id);
    if (id < 26 || id > 51) continue;
    const level = parseTlvLevel(n.value);
    if (isTlvFailure(level)) continue;
    if (level[0]?.id === "00" && level[0].value.toLowerCase() === PIX_GUI) {
      account = n;
      break;
    }
  }
  if (!account) {
    const anyAccount = tree.some((n) => Number(n.id) >= 26 && Number(n.id) <= 51);
    return err("NOT_PIX", anyAccount
      ? "This is an EMV payment QR code, but not a PIX one (no merchant account with GUI br.gov.bcb.pix)."
      : "This is not a PIX BR Code: it has no merchant account information (fields 26-51).", "gui");
  }
  const accountFields = indexFields(account.children ?? [], `field ${account.id}`);
  if (isError(accountFields)) return { ok: false, error: accountFields };
  const gui = accountFields.get("00")!.value;
  const pixKey = accountFields.get("01")?.value;
  const url = accountFields.get("25")?.value;
  const description = accountFields.get("02")?.value;
  if (pixKey === undefined && url === undefined) {
    return err("MISSING_FIELD", `The PIX merchant account (field ${account.id}) has neither a key (01) nor a location URL (25).`, "pixKey");
  }

  const need = (id: string, field: string, what: string): TlvNode | BrCodeError =>
    top.get(id) ?? { code: "MISSING_FIELD", message: `The ${what} (field ${id}) is missing.`, field };
  const mcc = need("52", "mcc", "merchant category code");
  if ("code" in mcc) return { ok: false, error: mcc };
  if (!/^\d{4}$/.test(mcc.value)) return err("INVALID_FIELD", "The merchant category code (field 52) must be 4 digits.", "mcc");
  const currency = need("53", "currency", "currency");
  if ("code" in currency) return { ok: false, error: currency };
  if (currency.value !== "986") return err("INVALID_FIELD", `Currency is "${currency.value}"; PIX is in reais (ISO 4217 code 986).`, "currency");
  const amount = top.get("54")?.value;
  if (amount !== undefined && (amount.length > AMOUNT_MAX_LENGTH || !AMOUNT.test(amount))) {
    return err("INVALID_FIELD", `Amount "${amount}" must be digits with an optional "." and at most 2 decimals, no thousands separator.`, "amount");
  }
  const country = need("58", "countryCode", "country code");
  if ("code" in country) return { ok: false, error: country };
  if (country.value !== "BR") return err("INVALID_FIELD", `Country code is "${country.value}"; PIX BR Codes use "BR".`, "countryCode");
  const name = need("59", "merchantName", "merchant name");
  if ("code" in name) return { ok: false, error: name };
  if (name.length < 1 || name.length > MERCHANT_NAME_MAX) return err("INVALID_FIELD", `The merchant name has ${name.length} characters; 1 to ${MERCHANT_NAME_MAX} allowed.`, "merchantName");
  const city = need("60", "merchantCity", "merchant city");
  if ("code" in city) return { ok: false, error: city };
  if (city.length < 1 || city.length > MERCHANT_CITY_MAX) return err("INVALID_FIELD", `The merchant city has ${city.length} characters; 1 to ${MERCHANT_CITY_MAX} allowed.`, "merchantCity");

  // Banco Central makes field 62 with its 05 (txid, or "***") mandatory.
  const additional = need("62", "txid", "additional data template");
  if ("code" in additional) return { ok: false, error: additional };
  if (!additional.children) return err("MALFORMED_TLV", "The additional data template (field 62) does not contain valid data objects.", "txid");
  const addFields = indexFields(additional.children, "field 62");
  if (isError(addFields)) return { ok: false, error: addFields };
  const txidNode = addFields.get("05");
  if (!txidNode) return err("MISSING_FIELD", "The txid (field 62-05) is missing; it is \"***\" when there is none.", "txid");

  const postalCode = top.get("61")?.value;
  const value: BrCode = {
    payloadFormatIndicator: pfi,
    pointOfInitiation: poi === "12" ? "dynamic" : poi === "11" ? "static" : url !== undefined ? "dynamic" : "static",
    ...(poi !== undefined && { pointOfInitiationMethod: poi }),
    gui,
    ...(pixKey !== undefined && { pixKey }),
    ...(url !== undefined && { url }),
    ...(description !== undefined && { description }),
    mcc: mcc.value,
    currency: currency.value,
    ...(amount !== undefined && { amount }),
    countryCode: country.value,
    merchantName: name.value,
    merchantCity: city.value,
    ...(postalCode !== undefined && { postalCode }),
    ...(txidNode.value !== NO_TXID && { txid: txidNode.value }),
    crc,
    tlv: tree,
  };
  return ok(value);
}

/** The result of the spec's "PIX payload decoding" operation. */
export type PixPayloadInfo = {
  receiver_name: string;
  /**
   * Only when the code carries the receiver's key and that key is a CPF
   * (11 digits) or CNPJ (14 characters) passing its check digits: the BR Code
   * has no document field of its own. A dynamic code (location URL) or a
   * key of another type yields none; the document then comes from the PSP's
   * payload at the URL or from DICT, which this pure decoder does not call.
   */
  receiver_document?: string;
  city: string;
  /** A JSON number like every amount in the API; converted from the exact field 54 text. */
  amount?: number;
  txid?: string;
};

/** The spec's "PIX payload decoding": { pix_key: <BR code> } → receiver_name, receiver_document, city, amount, txid. */
export function decodePixPayload(brCode: string): Result<PixPayloadInfo, BrCodeError> {
  const r = decodeBrCode(brCode);
  if (!r.ok) return r;
  const v = r.value;
  let document: string | undefined;
  if (v.pixKey !== undefined) {
    // DICT stores document keys bare: 11 digits or 14 characters, no mask.
    if (/^\d{11}$/.test(v.pixKey) && validateCpf(v.pixKey).ok) document = v.pixKey;
    else if (/^[0-9A-Z]{12}\d{2}$/.test(v.pixKey) && validateCnpj(v.pixKey).ok) document = v.pixKey;
  }
  return ok({
    receiver_name: v.merchantName,
    ...(document !== undefined && { receiver_document: document }),
    city: v.merchantCity,
    ...(v.amount !== undefined && { amount: Number(v.amount) }),
    ...(v.txid !== undefined && { txid: v.txid }),
  });
}
