/**
 * The second authentication layer (spec "Authentication", HMAC signature) on the four signed routes:
 * POST /v2/transactions/cashout, /v2/pix/payment, /v2/internal_transfers/payment, /v2/conversions/new.
 *
 *   X-Signature = lowercase hex HMAC-SHA256(signing_key, "<X-Timestamp>.<X-Nonce>.<raw body bytes>")
 *
 * Order of the checks: a header missing → MISSING_SIGNATURE; X-Timestamp (Unix whole seconds) more
 * than 5 minutes from the sandbox clock → INVALID_TIMESTAMP; signature mismatch (timing-safe) →
 * INVALID_SIGNATURE; nonce already seen for this credential in the last 5 minutes → REPLAY_DETECTED.
 * The nonce is remembered only once the signature is valid, so forged requests cannot burn nonces.
 * The nonce memory is in process (README). Setting `hmac_required: false` skips the whole check.
 */
import { verifySignature } from "@/lib/payment-api/core/signing";
import type { SandboxClock } from "./clock";
import { SIGNATURE_WINDOW_SECONDS } from "./config";
import { ApiError } from "./errors";

export class NonceMemory {
  private seen = new Map<string, number>();

  constructor(private readonly clock: SandboxClock) {}

  /** true when fresh (and now remembered), false when a replay. */
  claim(scope: string, nonce: string): boolean {
    const now = this.clock.now();
    const key = `${scope}\u0000${nonce}`;
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    if (this.seen.size > 200_000) for (const [k, t] of this.seen) if (t <= now) this.seen.delete(k);
    this.seen.set(key, now + SIGNATURE_WINDOW_SECONDS * 1000);
    return true;
  }
}

export function checkSignature(input: {
  clock: SandboxClock;
  nonces: NonceMemory;
  clientId: string;
  signingKey: string;
  headers: { signature?: string; timestamp?: string; nonce?: string };
  body: Uint8Array;
}): void {
  const { signature, timestamp, nonce } = input.headers;
  const r = verifySignature({
    signingKey: input.signingKey,
    signature,
    timestamp,
    nonce,
    body: input.body,
    nowMs: input.clock.now(),
    windowSeconds: SIGNATURE_WINDOW_SECONDS,
  });
  if (!r.ok) {
    const messages = {
      MISSING_SIGNATURE: "X-Signature, X-Timestamp and X-Nonce are required on this route",
      INVALID_TIMESTAMP: "X-Timestamp must be Unix seconds within 5 minutes of the server clock",
      INVALID_SIGNATURE: "X-Signature does not match HMAC-SHA256(signing_key, timestamp.nonce.body)",
    } as const;
    throw new ApiError(r.code, messages[r.code], r.code === "INVALID_TIMESTAMP" ? { server_time: input.clock.seconds() } : undefined);
  }
  if (!input.nonces.claim(input.clientId, nonce!)) {
    throw new ApiError("REPLAY_DETECTED", "this X-Nonce was already used in the last 5 minutes");
  }
}
