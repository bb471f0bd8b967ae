/**
 * EMV QR Code (Merchant-Presented Mode) data objects: a 2-digit ID, a 2-digit
 * length and that many characters of value. Templates (IDs 26-51 merchant
 * account information, 62 additional data, 64 language template, 80-99
 * unreserved) hold further data objects in their value.
 *
 * Lengths count characters of the JavaScript string (UTF-16 code units). BR
 * Codes we build are pure ASCII (see normalizeEmvText), where characters and
 * bytes coincide.
 */

export type TlvNode = {
  id: string;
  length: number;
  value: string;
  /** Present for template IDs whose value parses as nested data objects. */
  children?: TlvNode[];
};

export type TlvParseFailure = { position: number; reason: string };

export function isTemplateId(id: string): boolean {
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64 || (n >= 80 && n <= 99);
}

/**
 * Splits a string into data objects (one level). Returns the nodes, or where
 * and why the structure broke. `offset` only shifts reported positions.
 */
export function parseTlvLevel(s: string, offset = 0): TlvNode[] | TlvParseFailure {
  const nodes: TlvNode[] = [];
  let i = 0;
  while (i < s.length) {
    if (i + 4 > s.length) return { position: offset + i, reason: "a data object needs a 2-digit ID and a 2-digit length" };
    const id = s.slice(i, i + 2);
    const len = s.slice(i + 2, i + 4);
    if (!/^\d\d$/.test(id)) return { position: offset + i, reason: `ID "${id}" is not two digits` };
    if (!/^\d\d$/.test(len)) return { position: offset + i + 2, reason: `length "${len}" of ID ${id} is not two digits` };
    const length = Number(len);
    if (i + 4 + length > s.length) {
      return { position: offset + i, reason: `ID ${id} declares ${length} characters but only ${s.length - i - 4} remain` };
    }
    nodes.push({ id, length, value: s.slice(i + 4, i + 4 + length) });
    i += 4 + length;
  }
  return nodes;
}

export function isTlvFailure(r: TlvNode[] | TlvParseFailure): r is TlvParseFailure {
  return !Array.isArray(r);
}

/**
 * Parses the whole tree. Templates whose value does not parse are kept as
 * plain values (no `children`): callers that need a template's content check
 * for that themselves.
 */
export function parseTlvTree(s: string, offset = 0): TlvNode[] | TlvParseFailure {
  const level = parseTlvLevel(s, offset);
  if (isTlvFailure(level)) return level;
  let pos = offset;
  for (const node of level) {
    if (isTemplateId(node.id)) {
      const children = parseTlvTree(node.value, pos + 4);
      if (!isTlvFailure(children)) node.children = children;
    }
    pos += 4 + node.length;
  }
  return level;
}

/** One data object: ID + 2-digit length + value. Throws if the value is longer than 99 characters. */
export function encodeTlv(id: string, value: string): string {
  if (!/^\d\d$/.test(id)) throw new RangeError(`EMV ID must be two digits: "${id}"`);
  if (value.length > 99) throw new RangeError(`EMV field ${id} is ${value.length} characters; at most 99 fit`);
  return id + (value.length < 10 ? "0" : "") + String(value.length) + value;
}

/**
 * Text for EMV fields: accents are stripped (Unicode NFD, combining marks
 * removed: "São Paulo" → "Sao Paulo", "Ç" → "C"), whitespace runs become one
 * space, and any character still outside printable ASCII is dropped. EMV
 * fields like 59 and 60 are of format "ans" (ASCII), and some payer apps
 * mis-render or reject non-ASCII names, so we keep the code ASCII-only; it
 * also keeps EMV lengths (characters) equal to byte lengths.
 */
export function normalizeEmvText(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
}
