/**
 * The session cookie's JWT decoded as Auth.js decodes it (@auth/core/jwt's decode: its derived key,
 * A256CBC-HS512 or A256GCM, 15 s of clock tolerance), with the key derived once per process and
 * each cookie's claims kept while the cookie is valid: a signed-in member's every request (the
 * proxy and then the page, each of which decoded it: a key derivation, two decryptions and their
 * MACs a request) carries the same cookie until it is sealed again. A kept answer is the same
 * cookie's own, checked again for its expiry on every use; what the claims allow is still decided
 * by the session's row (lib/auth/sessions.ts) on every request.
 *
 * Used by proxy.ts and lib/auth/session-token.ts (no Next.js or server-only import: the proxy's
 * bundle imports it too, and each bundle keeps its own copy).
 */
import { hkdfSync } from "node:crypto";
import type { JWTDecodeParams } from "next-auth/jwt";
import { base64url, calculateJwkThumbprint, jwtDecrypt, type JWTPayload } from "jose";

type Key = { key: Uint8Array; kid: string };
/** Derived keys by content encryption, secret and salt (the cookie's name). */
const keys = new Map<string, Promise<Key>>();

/** Auth.js's key for a secret and salt (@auth/core/jwt getDerivedEncryptionKey), with its thumbprint. */
function derivedKey(enc: string, secret: string, salt: string): Promise<Key> {
  const id = `${enc}|${salt}|${secret}`;
  let k = keys.get(id);
  if (!k) {
    const length = enc === "A256CBC-HS512" ? 64 : enc === "A256GCM" ? 32 : 0;
    if (!length) throw new Error("Unsupported JWT Content Encryption Algorithm");
    const key = new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length));
    k = calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, `sha${key.byteLength << 3}` as "sha256" | "sha384" | "sha512").then((kid) => ({ key, kid }));
    keys.set(id, k);
    k.catch(() => keys.delete(id));
  }
  return k;
}

/** jose's clock tolerance for `exp`, as Auth.js sets it. */
const CLOCK_TOLERANCE_S = 15;
/** How many decoded cookies are kept (the oldest go first); a few hundred bytes each. */
const MAX_KEPT = 2_000;
/** Decoded cookies by salt, secret and token; never a refused one. */
const decoded = new Map<string, JWTPayload>();

function stillValid(payload: JWTPayload, nowS: number): boolean {
  return typeof payload.exp !== "number" || payload.exp > nowS - CLOCK_TOLERANCE_S;
}

/** @auth/core/jwt's decode, its keys kept and each valid cookie's claims kept while they hold. */
export async function decodeSessionToken({ token, secret, salt }: JWTDecodeParams): Promise<JWTPayload | null> {
  if (!token) return null;
  const secrets = Array.isArray(secret) ? secret : [secret];
  const id = `${salt}\u0000${secrets.join("\u0000")}\u0000${token}`;
  const nowS = Math.floor(Date.now() / 1000);
  const kept = decoded.get(id);
  if (kept) {
    if (stillValid(kept, nowS)) return { ...kept };
    decoded.delete(id);
  }
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      for (const s of secrets) {
        const k = await derivedKey(enc, s, salt);
        if (kid === undefined || kid === k.kid) return k.key;
      }
      throw new Error("no matching decryption secret");
    },
    { clockTolerance: CLOCK_TOLERANCE_S, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
  );
  if (decoded.size >= MAX_KEPT) decoded.delete(decoded.keys().next().value!);
  decoded.set(id, Object.freeze({ ...payload }));
  return payload;
}
