/**
 * CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection,
 * no final XOR (check value for "123456789" is 0x29B1). This is the CRC of
 * the EMV QR Code specification's ID 63, which the PIX BR Code uses
 * (Banco Central, Manual de Padrões para Iniciação do Pix).
 */

const TABLE = (() => {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 8;
    for (let b = 0; b < 8; b++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
    t[i] = c;
  }
  return t;
})();

const encoder = new TextEncoder();

/**
 * CRC of the data's bytes. A string is taken as UTF-8 (the BR Code is
 * UTF-8); pure-ASCII strings, the normal case, skip the encoder.
 */
export function crc16(data: string | Uint8Array): number {
  let crc = 0xffff;
  if (typeof data === "string") {
    for (let i = 0; i < data.length; i++) {
      const c = data.charCodeAt(i);
      if (c > 0x7f) return crc16(encoder.encode(data));
      crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ c) & 0xff]!) & 0xffff;
    }
    return crc;
  }
  for (const byte of data) crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ byte) & 0xff]!) & 0xffff;
  return crc;
}

/** The CRC as 4 upper-case hex digits, as written in a BR Code. */
export function crc16Hex(data: string | Uint8Array): string {
  return crc16(data).toString(16).toUpperCase().padStart(4, "0");
}
