/**
 * Every request the app renders passes here first:
 *
 * - a Content-Security-Policy with a fresh nonce per request (`script-src 'nonce-…'
 *   'strict-dynamic'`): Next.js reads the nonce from the request's policy and puts it on its own
 *   scripts, and the root layout hands it to the one inline script of ours (the theme's, lib/theme.ts); any other
 *   script, injected or inline, does not run. HSTS when the dashboard is served over HTTPS.
 * - a first line of authentication: visitors without a session cookie go to the sign-in page. It
 *   is not the authorisation check: every page, action and route handler calls lib/auth/authorize.ts
 *   itself, which checks the session's row and reads the role from the database.
 */
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { decodeSessionToken } from "@/lib/auth/session-decode";
import { contentSecurityPolicy, NONCE_HEADER } from "@/lib/security/csp";

// Route handlers below answer for themselves (401 rather than a redirect a script cannot follow).
const PUBLIC_PATHS = ["/login", "/setup", "/invite", "/two-factor", "/api/auth", "/api/webhooks", "/api/events", "/pay", "/api/pay"];

function secured(req: NextRequest, response: (headers: Headers) => NextResponse): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy(nonce);
  const headers = new Headers(req.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set("content-security-policy", policy);
  const res = response(headers);
  res.headers.set("content-security-policy", policy);
  const https = req.nextUrl.protocol === "https:" || (env().PUBLIC_BASE_URL ?? "").startsWith("https://");
  if (https) res.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return res;
}

export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (!PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
    const token = await getToken({ req, secret: env().AUTH_SECRET, secureCookie: req.nextUrl.protocol === "https:", decode: decodeSessionToken });
    if (!token?.sub) {
      const url = new URL("/login", req.nextUrl);
      if (pathname !== "/") url.searchParams.set("callbackUrl", pathname + search);
      return secured(req, () => NextResponse.redirect(url));
    }
  }
  return secured(req, (headers) => NextResponse.next({ request: { headers } }));
}

export const config = {
  // Not the evidence upload (/api/infractions/{id}/reply, up to 5 × 10 MB): the proxy would buffer
  // its body and cut it at 10 MB; the route handler checks the session and role itself and counts
  // the body as it streams.
  // Nor the probes and metrics (/healthz, /readyz, /metrics): scripts/server.ts answers them before
  // Next.js, and they must stay cheap and outside any page work even when served another way.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|robots.txt|api/infractions/|healthz$|readyz$|metrics$).*)"],
};
