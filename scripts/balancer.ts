/**
 * A small local load balancer for `npm run start:cluster`: round robin over the dashboard instances,
 * streaming both ways (server-sent events included), with the client's address appended to
 * X-Forwarded-For (the instances run with one more trusted proxy hop) and an X-Request-Id (the
 * client's when the balancer itself trusts its proxy, `trustRequestId`, else a new one). An instance
 * that refuses the connection is skipped for a few seconds and the request goes to the next one:
 * nothing was sent yet, so that is safe for any method. So is a request sent on a kept-alive
 * connection that the instance closed before reading it (it is shutting down: Node.js's documented
 * race, `reusedSocket` with ECONNRESET). A GET, HEAD or OPTIONS whose connection is closed before
 * any answer came goes to another instance too (HTTP's idempotent methods: what nginx's
 * `proxy_next_upstream error` does by default); any other method is answered 502 then, as it may
 * have run. Every second it asks each instance's /readyz and sends nothing to one that is not ready
 * (starting, or shutting down). For production, use nginx or HAProxy (README, "Several instances").
 */
import http from "node:http";
import { REQUEST_ID_HEADER, requestIdFor } from "../lib/observability/context";

export type Backend = { host: string; port: number };

/** How often each instance's readiness is asked. */
const READINESS_EVERY_MS = 1_000;

export function startBalancer(opts: { port: number; host: string; backends: Backend[]; log?: (m: string) => void; trustRequestId?: boolean }) {
  const down = new Map<number, number>(); // backend index → until (ms)
  /** Instances whose /readyz last said no (or did not answer): skipped while another is ready. */
  const notReady = new Set<number>();
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const pick = (skip: Set<number>): number | null => {
    const n = opts.backends.length;
    for (let i = 0; i < n; i++) {
      const k = (next + i) % n;
      if (skip.has(k) || notReady.has(k) || (down.get(k) ?? 0) > Date.now()) continue;
      next = (k + 1) % n;
      return k;
    }
    for (let k = 0; k < n; k++) if (!skip.has(k) && !notReady.has(k)) return k;
    // every instance looks down: try the ones not tried for this request anyway
    for (let k = 0; k < n; k++) if (!skip.has(k)) return k;
    return null;
  };

  const probe = (k: number) => {
    const b = opts.backends[k]!;
    const r = http.get({ host: b.host, port: b.port, path: "/readyz", timeout: 2_000, agent: false }, (answer) => {
      answer.resume();
      if (answer.statusCode === 200) notReady.delete(k);
      else notReady.add(k);
    });
    r.on("timeout", () => r.destroy());
    r.on("error", () => notReady.add(k));
  };
  const readiness = setInterval(() => opts.backends.forEach((_, k) => probe(k)), READINESS_EVERY_MS);
  readiness.unref();

  const server = http.createServer((req, res) => {
    const tried = new Set<number>();
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER], opts.trustRequestId ?? false);
    let resent = 0;
    /** Sent again after the instance closed its connection before answering (idempotent methods only). */
    let retried = 0;
    const idempotent = req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
    /** The client went away before its answer was written: nothing is tried again for it. */
    let clientGone = false;
    res.on("close", () => (clientGone = !res.writableFinished));
    /** `again`: the same instance may be tried once more (its closed connection was the problem, not it). */
    const attempt = (again = false) => {
      const k = pick(again ? new Set<number>() : tried);
      if (k === null) {
        res.writeHead(503, { "content-type": "text/plain", "retry-after": "5", "x-request-id": requestId }).end("No dashboard instance is answering.");
        return;
      }
      tried.add(k);
      const b = opts.backends[k]!;
      const upstream = http.request(
        { host: b.host, port: b.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": forwardedFor, [REQUEST_ID_HEADER]: requestId }, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
        },
      );
      upstream.on("error", (err: NodeJS.ErrnoException) => {
        if (clientGone) return;
        if ((err.code === "ECONNREFUSED" || err.code === "ECONNRESET") && !res.headersSent && !bodyStarted) {
          down.set(k, Date.now() + 5_000);
          opts.log?.(`instance ${b.host}:${b.port} is not answering (${err.code}); trying another`);
          return attempt();
        }
        // A kept-alive connection the instance closed (shutting down) before reading the request:
        // nothing ran, so it goes to another instance whatever its method.
        if (upstream.reusedSocket && err.code === "ECONNRESET" && !res.headersSent && resent++ < 3) {
          opts.log?.(`instance ${b.host}:${b.port} closed a kept-alive connection; sending the request to another`);
          return attempt(true);
        }
        // The instance closed the connection before answering (it accepted it just as it was shutting
        // down, and closed it with the idle ones): a request that changes nothing is sent to another.
        if (idempotent && (err.code === "ECONNRESET" || err.code === "EPIPE") && !res.headersSent && retried++ < opts.backends.length) {
          down.set(k, Date.now() + 5_000);
          opts.log?.(`instance ${b.host}:${b.port} closed the connection before answering a ${req.method}; sending it to another`);
          return attempt();
        }
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain", "x-request-id": requestId }).end("The dashboard instance failed to answer.");
        else res.destroy();
      });
      res.on("close", () => upstream.destroy());
      // The request body is buffered until the first instance accepts the connection, so a retry can resend it.
      // (a kept-alive socket is connected already and never emits "connect" again)
      upstream.on("socket", (s) => (s.connecting ? s.once("connect", () => flush(upstream)) : flush(upstream)));
    };
    // Buffer the body (bounded by the instances' own limits) so a refused connection can be retried.
    const chunks: Buffer[] = [];
    let ended = false;
    let bodyStarted = false;
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      ended = true;
      for (const w of waiting) w();
    });
    const waiting: (() => void)[] = [];
    const flush = (upstream: http.ClientRequest) => {
      const send = () => {
        bodyStarted = true;
        for (const c of chunks) upstream.write(c);
        upstream.end();
      };
      if (ended) send();
      else waiting.push(send);
    };
    attempt();
  });
  server.headersTimeout = 65_000;
  server.requestTimeout = 0; // server-sent events stay open
  return new Promise<{ url: string; close(): Promise<void> }>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () =>
      resolve({
        // The port it listens on (port 0: one the system chose).
        url: `http://${opts.host}:${(server.address() as { port: number }).port}`,
        close: () =>
          new Promise<void>((r) => {
            clearInterval(readiness);
            server.close(() => r());
            server.closeAllConnections();
          }),
      }),
    );
  });
}
