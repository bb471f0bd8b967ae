/**
 * The dashboard's HTTP server: Next.js's request handler behind a plain
 * node:http server, so that the client's network address (needed for sign-in
 * throttling and the webhook source allowlist) is computed here from the
 * socket and the trusted proxy hops, and passed on in a header the client
 * cannot set.
 */
import http from "node:http";
import next from "next";
import { addressFromRequest, CLIENT_ADDRESS_HEADER } from "../lib/auth/client-address";

export async function startDashboard(opts: { port: number; host: string; trustProxyHops: number; dev?: boolean }) {
  const app = next({ dev: !!opts.dev, hostname: opts.host, port: opts.port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    req.headers[CLIENT_ADDRESS_HEADER] = addressFromRequest(req, opts.trustProxyHops) ?? "";
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
