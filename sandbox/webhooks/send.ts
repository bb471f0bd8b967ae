/**
 * One webhook POST (spec "Events", delivery rule 1: a 2xx within 10 seconds counts, nothing else).
 *
 * The socket leaves from loopback when the receiver is on loopback: `localAddress` is bound to
 * 127.0.0.1 or ::1, so a receiver that allows only the provider's source addresses (spec "Webhook
 * authentication") can be configured with the loopback ones in sandbox mode and check them for real.
 * A receiver on another host gets the machine's ordinary route (binding loopback could not reach it).
 *
 * The whole answer (status line, headers and body) must arrive within the timeout; redirects are not
 * followed (a 3xx is a failed attempt); HTTPS certificates are verified.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { lookup } from "node:dns/promises";

export type SendResult = { statusCode: number | null; error: string | null; ms: number };

export function isLoopback(address: string): boolean {
  const a = address.toLowerCase();
  return a === "::1" || a.startsWith("127.") || a.startsWith("::ffff:127.");
}

/** The address to connect to, and the loopback source to bind when the destination is loopback. */
async function route(hostname: string): Promise<{ address: string; family: 4 | 6; localAddress?: string }> {
  const host = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  let address = host;
  let family = net.isIP(host);
  if (family === 0) {
    const r = await lookup(host);
    address = r.address;
    family = r.family;
  }
  const fam = family === 6 ? 6 : 4;
  return { address, family: fam, ...(isLoopback(address) && { localAddress: fam === 6 ? "::1" : "127.0.0.1" }) };
}

/**
 * Keep-alive agents of one sandbox instance. Idle sockets are dropped after 4 s, below the 5 s
 * keep-alive of common servers (Node's included), so a reused socket is not one the receiver is
 * closing at that moment (which would fail an attempt for nothing).
 */
export class WebhookSender {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });

  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number, signal: AbortSignal): Promise<SendResult> {
    return postJson(url, body, headers, timeoutMs, signal, this.httpAgent, this.httpsAgent);
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
  httpAgent: http.Agent,
  httpsAgent: https.Agent,
): Promise<SendResult> {
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { statusCode: null, error: "invalid URL", ms: 0 };
  }
  const secure = u.protocol === "https:";
  let target: Awaited<ReturnType<typeof route>>;
  try {
    target = await route(u.hostname);
  } catch (e) {
    return { statusCode: null, error: `DNS: ${(e as Error).message}`, ms: elapsed() };
  }
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve({ statusCode, error, ms: elapsed() });
    };
    const payload = Buffer.from(body, "utf8");
    const options: https.RequestOptions = {
      method: "POST",
      host: target.address,
      family: target.family,
      port: u.port ? Number(u.port) : secure ? 443 : 80,
      path: `${u.pathname}${u.search}`,
      headers: { ...headers, host: u.host, "content-length": String(payload.byteLength) },
      agent: secure ? httpsAgent : httpAgent,
      ...(target.localAddress && { localAddress: target.localAddress }),
      ...(secure && net.isIP(u.hostname.replace(/^\[|\]$/g, "")) === 0 && { servername: u.hostname }),
    };
    const req = (secure ? https : http).request(options, (res) => {
      // Drain the body: the answer counts once it is complete, and the socket can then be reused.
      res.on("data", () => undefined);
      res.on("end", () => finish(res.statusCode ?? null, null));
      res.on("error", (e) => finish(null, e.message));
    });
    const timer = setTimeout(() => {
      finish(null, `timeout: no complete answer within ${timeoutMs} ms`);
      req.destroy();
    }, timeoutMs);
    const onAbort = () => {
      finish(null, "aborted");
      req.destroy();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", (e: NodeJS.ErrnoException) => finish(null, e.code ? `${e.code}: ${e.message}` : e.message));
    req.end(payload);
  });
}

