/**
 * The caller's network address. The dashboard's HTTP server
 * (scripts/server.ts) computes it from the socket and the X-Forwarded-For hops
 * it is told to trust (TRUST_PROXY_HOPS), and overwrites `x-client-address`
 * on every request, so a client cannot choose its own. It also sets
 * `x-client-address-proof` to a secret of this process: an address header
 * without it (the app served some other way, `next start` say) is not
 * believed, and the address is unknown.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const CLIENT_ADDRESS_HEADER = "x-client-address";
export const CLIENT_ADDRESS_PROOF_HEADER = "x-client-address-proof";

/** This process's proof, shared by scripts/server.ts and the Next.js bundles through globalThis. */
export function clientAddressProof(): string {
  const g = globalThis as unknown as { __clientAddressProof?: string };
  g.__clientAddressProof ??= randomBytes(24).toString("base64url");
  return g.__clientAddressProof;
}

function proven(headers: Headers): boolean {
  const expected = (globalThis as unknown as { __clientAddressProof?: string }).__clientAddressProof;
  const given = headers.get(CLIENT_ADDRESS_PROOF_HEADER);
  if (!expected || !given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export function normaliseAddress(addr: string | undefined | null): string | null {
  if (!addr) return null;
  const a = addr.trim();
  return a.startsWith("::ffff:") && a.includes(".") ? a.slice(7) : a;
}

/** The address `hops` proxies before us: the socket address when hops is 0. */
export function addressFromRequest(req: Pick<IncomingMessage, "headers" | "socket">, trustedHops: number): string | null {
  const socketAddr = normaliseAddress(req.socket.remoteAddress);
  if (trustedHops <= 0) return socketAddr;
  const xff = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(xff) ? xff.join(",") : (xff ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddr ?? ""];
  return normaliseAddress(chain[Math.max(0, chain.length - 1 - trustedHops)]);
}

export function clientAddress(headers: Headers): string | null {
  return proven(headers) ? normaliseAddress(headers.get(CLIENT_ADDRESS_HEADER)) : null;
}
