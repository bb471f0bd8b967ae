/**
 * Codecs and validators shared by the dashboard and the sandbox. Plain
 * TypeScript: no Next.js, no Node built-ins, safe in the browser.
 *
 * Decoders and validators return a Result (`{ ok: true, value }` or
 * `{ ok: false, error: { code, message, field? } }`); builders and
 * generators throw RangeError on input that is the caller's mistake.
 */
export * from "./result";
export { type Rng, cryptoRng, seededRng } from "./rng";
export * from "./currencies";
export * from "./chains";
export * from "./money";
export * from "./crc16";
export { type TlvNode, encodeTlv, normalizeEmvText, parseTlvTree } from "./emv-tlv";
export * from "./pix-br-code";
export * from "./boleto";
export * from "./boleto-build";
export * from "./clabe";
export * from "./documents";
export * from "./pix-key";
export * from "./crypto-address";
