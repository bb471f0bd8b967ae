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

/** The body, or null past `max` bytes (whatever Content-Length said). */
function readLimited(req: http.IncomingMessage, max: number): Promise<string | null> {
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
    req.on("end", () => resolve(size > max ? null : Buffer.concat(chunks).toString("utf8")));
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
    const intake = req.method === "POST" && shared.__dashboardDb ? INTAKE_PATH.exec((req.url ?? "").split("?")[0]!) : null;
    if (intake) {
      fastIntake(req, res, intake[1]!, address, allowlist).catch((err) => {
        console.error("webhook intake failed", err);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: "INTERNAL" }));
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
