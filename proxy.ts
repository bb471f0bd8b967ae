/**
 * First line only: sends visitors without a valid session token to the
 * sign-in page. It is not the authorisation check: every page, action and
 * route handler calls lib/auth/authorize.ts itself, which reads the role from
 * the database.
 */
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";

// Route handlers below answer for themselves (401 rather than a redirect a script cannot follow).
const PUBLIC_PATHS = ["/login", "/setup", "/api/auth", "/api/webhooks", "/api/events", "/pay", "/api/pay"];

export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return NextResponse.next();
  const token = await getToken({ req, secret: env().AUTH_SECRET, secureCookie: req.nextUrl.protocol === "https:" });
  if (!token?.sub) {
    const url = new URL("/login", req.nextUrl);
    if (pathname !== "/") url.searchParams.set("callbackUrl", pathname + search);
    return NextResponse.redirect(url);
  }
  return NextResponse.next();
}

export const config = {
  // Not the evidence upload (/api/infractions/{id}/reply, up to 5 × 10 MB): the proxy would buffer
  // its body and cut it at 10 MB; the route handler checks the session and role itself and counts
  // the body as it streams.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|robots.txt|api/infractions/).*)"],
};
