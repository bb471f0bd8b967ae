import "server-only";
/**
 * The session cookie's claims (the user id and the session row's id), read as Auth.js reads them
 * (next-auth/jwt's getToken: the cookie, its chunks, the salt it was sealed with) but with the
 * decryption key derived once per process instead of on every request. Auth.js's own `auth()`
 * derives the key for each request and seals a new cookie it cannot set from a page (two key
 * derivations, a decryption and an encryption a request); every page and action asks this.
 * Expiry and integrity are checked by jose as before; what the claims allow is still decided by
 * the session's row (lib/auth/sessions.ts) and the database (lib/auth/access.ts).
 */
import { hkdfSync } from "node:crypto";
import { cookies } from "next/headers";
import { getToken, type JWTDecodeParams } from "next-auth/jwt";
import { base64url, calculateJwkThumbprint, jwtDecrypt } from "jose";
import { env } from "@/lib/env";

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

/** @auth/core/jwt's decode, its keys kept. */
async function decode({ token, secret, salt }: JWTDecodeParams) {
  if (!token) return null;
  const secrets = Array.isArray(secret) ? secret : [secret];
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      for (const s of secrets) {
        const k = await derivedKey(enc, s, salt);
        if (kid === undefined || kid === k.kid) return k.key;
      }
      throw new Error("no matching decryption secret");
    },
    { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
  );
  return payload;
}

/** The signed-in member's user id and session id from this request's cookie; null without a valid one. */
export async function sessionClaims(): Promise<{ userId: string; sessionId: string | undefined } | null> {
  const jar = await cookies();
  const cookie = jar.toString();
  // The cookie's name (and salt) depends on whether it was set over HTTPS, as Auth.js names it.
  const secureCookie = jar.getAll().some((c) => c.name.startsWith("__Secure-authjs.session-token"));
  const token = await getToken({ req: { headers: { cookie } }, secret: env().AUTH_SECRET, secureCookie, decode }).catch(() => null);
  if (!token?.sub) return null;
  return { userId: token.sub, sessionId: typeof token.sid === "string" ? token.sid : undefined };
}
