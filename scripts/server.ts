/**
 * The dashboard's HTTP server: Next.js's request handler behind a plain
 * node:http server, so that the client's network address (needed for sign-in
 * throttling and the webhook source allowlist) is computed here from the
 * socket and the trusted proxy hops, and passed on in a header the client
 * cannot set.
 */
import http from "node:http";
import next from "next";
import { addressFromRequest, CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof } from "../lib/auth/client-address";
import { parseEnv } from "../lib/config/env-schema";
import { MAX_WEBHOOK_BYTES, receiveWebhook } from "../lib/events/intake";
import type { OpenedDatabase } from "../lib/db/driver";
import type * as schema from "../lib/db/schema";

const INTAKE_PATH = /^\/api\/webhooks\/payment\/([A-Za-z0-9_-]{20,100})\/?$/;

/** What the Next.js side of this process opened (lib/db/index.ts, lib/events/runtime.ts keep them on globalThis). */
const shared = globalThis as unknown as {
  __dashboardDb?: Promise<OpenedDatabase<typeof schema>>;
  __eventsRuntime?: Promise<{ worker: { kick(): void } }>;
};

/** The body's bytes, or null past `max` bytes (whatever Content-Length said). */
function readLimited(req: http.IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > max) {
      req.resume();
      return resolve(null);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > max) {
        req.removeAllListeners("data");
        req.resume();
        resolve(null);
      } else chunks.push(c);
    });
    req.on("end", () => resolve(size > max ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * The webhook intake served here, before Next.js (same function as the route handler,
 * app/api/webhooks/payment/[token]/route.ts): a delivery is two statements (find the endpoint, store
 * the row), and Next's per-request work was most of its cost (measured in the README). Until the
 * Next side has opened the database, the route handler answers.
 */
async function fastIntake(req: http.IncomingMessage, res: http.ServerResponse, token: string, address: string | null, allowlist: readonly string[]): Promise<void> {
  const opened = await shared.__dashboardDb!;
  const body = await readLimited(req, MAX_WEBHOOK_BYTES);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const answer = await receiveWebhook(opened.db, { token, address, headers, body, tooLarge: body === null }, allowlist);
  res.writeHead(answer.status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(answer.body));
  if (answer.status === 200) void shared.__eventsRuntime?.then((r) => r.worker.kick(), () => undefined);
}

/** What a server action the request cannot be read for answers (a user's mistake or a forged request). */
const UNREADABLE_ACTION = "The request could not be read. Reload the page and try again.";
/** Next.js's default limit for a server action's body. */
const MAX_ACTION_BYTES = 1024 * 1024;

/**
 * A server action whose body Next.js cannot decode (not the encoding the browser sends, React reply
 * references that point nowhere, a broken multipart, more than 1 MB) fails inside Next before the
 * action, and therefore before lib/actions/safe-action.ts, runs: Next answers 500 with an error
 * digest. Such a request is the sender's mistake: it is answered 400 (413 when too large) with a
 * plain message instead. A real failure inside an action never gets here: safe-action turns it into
 * an answer with a reference.
 */
function refuseUnreadableActions(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== "POST" || typeof req.headers["next-action"] !== "string") return false;
  if (Number(req.headers["content-length"] ?? 0) > MAX_ACTION_BYTES) {
    // Read to the end (up to a bound) before answering, so the sender hears the answer.
    let seen = 0;
    req.on("data", (c: Buffer) => {
      seen += c.length;
      if (seen > 16 * MAX_ACTION_BYTES) req.destroy();
    });
    req.on("end", () => res.writeHead(413, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("The request is too large."));
    return true;
  }
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let replaced = false;
  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    if (status < 500) return (writeHead as (...a: unknown[]) => http.ServerResponse).call(this, status, ...rest);
    replaced = true;
    for (const h of this.getHeaderNames()) this.removeHeader(h);
    return writeHead.call(this, 400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  } as typeof res.writeHead;
  const decide = (r: http.ServerResponse) => {
    if (!r.headersSent && r.statusCode >= 500) r.writeHead(r.statusCode);
  };
  res.write = function (this: http.ServerResponse, ...args: unknown[]) {
    decide(this);
    return replaced ? true : (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    decide(this);
    if (!replaced) return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    const done = args.find((a) => typeof a === "function") as (() => void) | undefined;
    return end.call(this, UNREADABLE_ACTION, "utf8", done);
  } as typeof res.end;
  return false;
}

/** Whether the path is valid percent-encoded UTF-8 (`/api/pay/%ff` is not: Next.js would answer 500). */
function decodablePath(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? "/").split("?")[0]!);
    return true;
  } catch {
    return false;
  }
}

export async function startDashboard(opts: { port: number; host: string; trustProxyHops: number; dev?: boolean }) {
  const app = next({ dev: !!opts.dev, hostname: opts.host, port: opts.port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const allowlist = parseEnv(process.env).WEBHOOK_SOURCE_IPS;
  const proof = clientAddressProof();
  const server = http.createServer((req, res) => {
    const address = addressFromRequest(req, opts.trustProxyHops);
    // Overwritten on every request: whatever a client sent in these headers is gone.
    req.headers[CLIENT_ADDRESS_HEADER] = address ?? "";
    req.headers[CLIENT_ADDRESS_PROOF_HEADER] = proof;
    if (!decodablePath(req.url)) {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad_request", message: "The address is not valid." }));
      return;
    }
    if (refuseUnreadableActions(req, res)) return;
    const intake = req.method === "POST" && shared.__dashboardDb ? INTAKE_PATH.exec((req.url ?? "").split("?")[0]!) : null;
    if (intake) {
      fastIntake(req, res, intake[1]!, address, allowlist).catch((err) => {
        // The intake stores or refuses any body; what throws is the database: not stored, so 503
        // (the provider delivers it again), as the route handler answers.
        console.error("webhook intake failed", err);
        if (!res.headersSent) res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: "UNAVAILABLE", message: "The delivery could not be stored; deliver it again later." }));
      });
      return;
    }
    handle(req, res).catch((err) => {
      console.error("request failed", err);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, resolve);
  });
  return {
    url: `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${opts.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run directly (Playwright's webServer, or `tsx scripts/server.ts`): serve the existing build.
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  startDashboard({ port, host, trustProxyHops: Number(process.env.TRUST_PROXY_HOPS ?? 0) }).then(
    ({ url }) => console.log(`dashboard listening on ${url}`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
