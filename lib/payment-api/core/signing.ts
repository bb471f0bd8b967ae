/**
 * HMAC request signing (spec "Authentication", second layer), for POST /v2/transactions/cashout,
 * POST /v2/pix/payment, POST /v2/internal_transfers/payment and POST /v2/conversions/new.
 *
 *   X-Signature = lowercase hex HMAC-SHA256(signing_key, "<timestamp>.<nonce>.<raw body bytes>")
 *   X-Timestamp = Unix time in whole seconds (contract choice), within ±5 minutes of the server
 *   X-Nonce     = 16 random bytes in hex, never reused within 5 minutes (REPLAY_DETECTED)
 *
 * The signature covers the exact bytes sent, so the body is serialised once and those bytes are both
 * signed and sent. Every attempt (retries included) is signed afresh with a new timestamp and nonce:
 * re-sending an old nonce would be refused as a replay, and an old timestamp may drift out of the
 * window after a long Retry-After. The sandbox verifies with `verifySignature` from this file.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADERS = { signature: "x-signature", timestamp: "x-timestamp", nonce: "x-nonce" } as const;
/** ±5 minutes for the timestamp, and the nonce memory. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export const SIGNED_ROUTES = [
  "POST /v2/transactions/cashout",
  "POST /v2/pix/payment",
  "POST /v2/internal_transfers/payment",
  "POST /v2/conversions/new",
] as const;

const toBytes = (body: string | Uint8Array) => (typeof body === "string" ? Buffer.from(body, "utf8") : body);

export function computeSignature(signingKey: string, timestamp: string, nonce: string, body: string | Uint8Array): string {
  return createHmac("sha256", signingKey).update(`${timestamp}.${nonce}.`, "utf8").update(toBytes(body)).digest("hex");
}

export const newNonce = (): string => randomBytes(16).toString("hex");

export function signatureHeaders(
  signingKey: string,
  body: string | Uint8Array,
  nowMs: number = Date.now(),
  nonce: string = newNonce(),
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    "X-Signature": computeSignature(signingKey, timestamp, nonce, body),
    "X-Timestamp": timestamp,
    "X-Nonce": nonce,
  };
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; code: "MISSING_SIGNATURE" | "INVALID_TIMESTAMP" | "INVALID_SIGNATURE" };

/**
 * Server side of the check (used by the sandbox and the tests). Replay detection needs memory of
 * nonces and is left to the caller (REPLAY_DETECTED): check it after this returns ok.
 */
export function verifySignature(input: {
  signingKey: string;
  signature: string | null | undefined;
  timestamp: string | null | undefined;
  nonce: string | null | undefined;
  body: string | Uint8Array;
  nowMs?: number;
  windowSeconds?: number;
}): SignatureCheck {
  const { signature, timestamp, nonce } = input;
  if (!signature || !timestamp || !nonce) return { ok: false, code: "MISSING_SIGNATURE" };
  const ts = Number(timestamp);
  const now = (input.nowMs ?? Date.now()) / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - ts) > (input.windowSeconds ?? SIGNATURE_WINDOW_SECONDS)) {
    return { ok: false, code: "INVALID_TIMESTAMP" };
  }
  const expected = Buffer.from(computeSignature(input.signingKey, timestamp, nonce, input.body), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, code: "INVALID_SIGNATURE" };
  return { ok: true };
}
