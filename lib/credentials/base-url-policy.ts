/**
 * Where a credential may point. Registering a credential and pressing "Test" make the server send
 * the client id and secret to its base URL, so a free base URL would let whoever registers one make
 * the server call anything it can reach (an internal service, a port scan through the request log).
 * The rule:
 *
 * - the base URL is one the dashboard is configured for: PAYMENT_API_BASE_URL, the sandbox's URL
 *   (SANDBOX_URL), or one listed in PAYMENT_API_ALLOWED_BASE_URLS;
 * - its host must not be, or resolve to, a private, loopback, link-local or otherwise internal
 *   address, unless it is the configured sandbox (which `npm start` runs on this machine);
 * - the API client follows no redirect (lib/payment-api), so an allowed host cannot send the call on.
 *
 * No Next.js imports: the server actions build the policy from the environment.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export type BaseUrlPolicy = { allowed: string[]; sandbox: string | null };
export type BaseUrlProblem = "credentials.errors.baseUrlNotAllowed" | "credentials.errors.baseUrlInternal";
export type Resolve = (host: string) => Promise<string[]>;

/** A base URL as compared: origin and path, without a trailing slash. Null when it is not a URL. */
export function normaliseBaseUrl(value: string): string | null {
  try {
    const u = new URL(value.trim());
    return `${u.origin}${u.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

export function baseUrlPolicy(config: { PAYMENT_API_BASE_URL: string; PAYMENT_API_ALLOWED_BASE_URLS?: string[] }, sandboxUrl: string | null): BaseUrlPolicy {
  const list = [config.PAYMENT_API_BASE_URL, ...(sandboxUrl ? [sandboxUrl] : []), ...(config.PAYMENT_API_ALLOWED_BASE_URLS ?? [])];
  return {
    allowed: [...new Set(list.map(normaliseBaseUrl).filter((u): u is string => u !== null))],
    sandbox: sandboxUrl ? normaliseBaseUrl(sandboxUrl) : null,
  };
}

const internal = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  internal.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  internal.addSubnet(net, prefix, "ipv6");

/** Private, loopback, link-local, multicast or reserved: an address the server can reach and the internet cannot. */
export function isInternalAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, "").split("%")[0]!;
  const mapped = a.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return internal.check(mapped[1]!, "ipv4");
  const family = isIP(a);
  if (family === 4) return internal.check(a, "ipv4");
  if (family === 6) return internal.check(a, "ipv6");
  return false;
}

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);

/** Null when a credential may point at `value`, else why not (a message key). */
export async function baseUrlRefusal(value: string, policy: BaseUrlPolicy, resolve: Resolve = resolveAll): Promise<BaseUrlProblem | null> {
  const url = normaliseBaseUrl(value);
  if (!url || !policy.allowed.includes(url)) return "credentials.errors.baseUrlNotAllowed";
  if (url === policy.sandbox) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "credentials.errors.baseUrlInternal";
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    // A host that does not resolve is reached by nothing: the test will say the connection failed.
    return null;
  }
  return addresses.some(isInternalAddress) ? "credentials.errors.baseUrlInternal" : null;
}
