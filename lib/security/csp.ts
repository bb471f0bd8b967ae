/** The Content-Security-Policy of every page (proxy.ts sets it with a fresh nonce per request). */

/** The request header that carries the nonce from proxy.ts to the root layout. */
export const NONCE_HEADER = "x-nonce";

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Inline style attributes (charts, Radix positioning) are not scripts; stylesheets come from 'self'.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
