import "server-only";
/**
 * The session cookie's claims (the user id and the session row's id), read as Auth.js reads them
 * (next-auth/jwt's getToken: the cookie, its chunks, the salt it was sealed with) but with the
 * decryption key derived once per process instead of on every request, and a cookie's claims kept
 * while it is valid (./session-decode.ts, shared with proxy.ts). Auth.js's own `auth()`
 * derives the key for each request and seals a new cookie it cannot set from a page (two key
 * derivations, a decryption and an encryption a request); every page and action asks this.
 * Expiry and integrity are checked by jose as before; what the claims allow is still decided by
 * the session's row (lib/auth/sessions.ts) and the database (lib/auth/access.ts).
 */
import { cookies } from "next/headers";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { decodeSessionToken } from "./session-decode";

/** The signed-in member's user id and session id from this request's cookie; null without a valid one. */
export async function sessionClaims(): Promise<{ userId: string; sessionId: string | undefined } | null> {
  const jar = await cookies();
  const cookie = jar.toString();
  // The cookie's name (and salt) depends on whether it was set over HTTPS, as Auth.js names it.
  const secureCookie = jar.getAll().some((c) => c.name.startsWith("__Secure-authjs.session-token"));
  const token = await getToken({ req: { headers: { cookie } }, secret: env().AUTH_SECRET, secureCookie, decode: decodeSessionToken }).catch(() => null);
  if (!token?.sub) return null;
  return { userId: token.sub, sessionId: typeof token.sid === "string" ? token.sid : undefined };
}
