/**
 * multipart/form-data bodies (POST /v2/account/infractions/reply) read with a hard cap: a declared
 * Content-Length above the cap is refused before a byte is read, and a body without one (chunked) is
 * counted while it streams and refused as soon as it passes the cap. Only then is it parsed (the Web
 * `Response.formData()` parser).
 *
 * File types are decided by their first bytes, never by name or declared type:
 * PDF `%PDF-`, JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`.
 */
import type { Context } from "hono";
import { ApiError } from "./errors";

export type SniffedType = "application/pdf" | "image/jpeg" | "image/png";

const MAGIC: { type: SniffedType; bytes: number[] }[] = [
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];
export const SNIFFED_TYPES = MAGIC.map((m) => m.type);

export function sniff(head: Uint8Array): SniffedType | null {
  for (const m of MAGIC) if (head.length >= m.bytes.length && m.bytes.every((b, i) => head[i] === b)) return m.type;
  return null;
}

const tooLarge = (maxBytes: number) =>
  new ApiError("INVALID_PAYLOAD", `the body exceeds ${maxBytes} bytes (5 files of 10 MB and the other fields)`, { max_bytes: maxBytes, reason: "body_too_large" });

/** The form of a multipart request, or UNSUPPORTED_CONTENT_TYPE / INVALID_PAYLOAD (400). */
export async function readMultipart(c: Context, maxBytes: number): Promise<FormData> {
  const ct = c.req.header("content-type");
  if (!ct || !/^multipart\/form-data\s*;.*boundary=/i.test(ct.trim())) {
    throw new ApiError("UNSUPPORTED_CONTENT_TYPE", "Content-Type must be multipart/form-data with a boundary", {
      content_type: ct ?? null,
      supported: ["multipart/form-data"],
    });
  }
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const body = c.req.raw.body;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  const raw = new Uint8Array(total);
  let at = 0;
  for (const ch of chunks) {
    raw.set(ch, at);
    at += ch.byteLength;
  }
  try {
    return await new Response(raw, { headers: { "content-type": ct } }).formData();
  } catch {
    throw new ApiError("INVALID_PAYLOAD", "the multipart body could not be parsed", { reason: "malformed_multipart" });
  }
}
