/**
 * The dashboard's HTTP server: Next.js's request handler behind a plain
 * node:http server, so that the client's network address (needed for sign-in
 * throttling and the webhook source allowlist) is computed here from the
 * socket and the trusted proxy hops, and passed on in a header the client
 * cannot set.
 *
 * It is also where the process is operated from (README "Operating it"): every request gets an id
 * (X-Request-Id, both ways) and one log line with its route pattern, status and duration; /healthz,
 * /readyz and /metrics are answered here, before Next.js (and so outside the proxy and its page
 * work); and `close()` shuts down gracefully: it says "not ready", stops taking connections,
 * answers what is in flight, lets the background workers finish or hand back their leases, and
 * closes the database.
 */
import http from "node:http";
import path from "node:path";
import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { trace } from "@opentelemetry/api";
import { addressFromRequest, CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof } from "../lib/auth/client-address";
import { parseEnv } from "../lib/config/env-schema";
import { MAX_WEBHOOK_BYTES, receiveWebhook, type IntakeAnswer } from "../lib/events/intake";
import type { OpenedDatabase } from "../lib/db/driver";
import type * as schema from "../lib/db/schema";
import { REQUEST_ID_HEADER, requestIdFor, runInRequest, type RequestContext } from "../lib/observability/context";
import { log, logger, routeConsoleToLog } from "../lib/observability/log";
import { metrics, metricsText, readDatabaseGauges, toSeconds } from "../lib/observability/metrics";
import { checkReadiness, latestMigration } from "../lib/observability/readiness";
import { RouteNames } from "../lib/observability/routes";
import { recordIntake } from "../lib/observability/webhooks";
import { stopTracing } from "../lib/observability/tracing";

const INTAKE_PATH = /^\/api\/webhooks\/payment\/([A-Za-z0-9_-]{20,100})\/?$/;

/** What the Next.js side of this process opened (lib/db/index.ts, lib/events/runtime.ts keep them on globalThis). */
const shared = globalThis as unknown as {
  __dashboardDb?: Promise<OpenedDatabase<typeof schema>>;
  __eventsRuntime?: Promise<{ worker: { kick(): void; readonly running: boolean }; stop(): Promise<void> }>;
  __bulkRuntime?: Promise<{ stop(): Promise<void> }>;
  __dbMaintenance?: Promise<{ stop(): Promise<void> } | null>;
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
  const started = performance.now();
  const opened = await shared.__dashboardDb!;
  const body = await readLimited(req, MAX_WEBHOOK_BYTES);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  let answer: IntakeAnswer;
  try {
    answer = await receiveWebhook(opened.db, { token, address, headers, body, tooLarge: body === null }, allowlist);
  } catch (e) {
    recordIntake(null, started, e);
    throw e;
  }
  recordIntake(answer, started);
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
    for (const h of this.getHeaderNames()) if (h !== REQUEST_ID_HEADER) this.removeHeader(h);
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

/** Answered before Next.js, without a session: cheap, and outside the proxy's page work. */
const OPS_PATH = /^\/(healthz|readyz|metrics)\/?$/;
/** Streams that stay open (server-sent events): ended at shutdown, the browser reconnects elsewhere. */
const STREAM_ROUTES = new Set(["/api/events"]);

/** Whether `Authorization: Bearer <token>` carries the metrics token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers }).end(JSON.stringify(body));

export type DashboardServer = {
  url: string;
  /** Graceful: readiness says no, no new connections, requests in flight answered, workers stopped, database closed. */
  close(): Promise<void>;
};

export async function startDashboard(opts: { port: number; host: string; trustProxyHops: number; dev?: boolean }): Promise<DashboardServer> {
  // Next.js's own messages and every library's console output become log lines too (JSON on stdout).
  routeConsoleToLog();
  const env = parseEnv(process.env);
  const httpLog = log("http");
  // Loaded here, not at the top: the tracing (instrumentation.ts) must see the modules Next.js loads.
  const { default: next } = await import("next");
  const app = next({ dev: !!opts.dev, hostname: opts.host, port: opts.port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const allowlist = env.WEBHOOK_SOURCE_IPS;
  const proof = clientAddressProof();
  const routes = RouteNames.fromBuild();
  const newestMigration = latestMigration(path.join(process.cwd(), "lib/db/migrations"));
  const m = metrics();
  let shuttingDown = false;
  /** Responses not yet finished, and which of them are streams that never finish by themselves. */
  const open = new Map<http.ServerResponse, { stream: boolean }>();
  let drained: (() => void) | null = null;

  const readiness = async () => {
    const opened = await Promise.race([shared.__dashboardDb?.catch(() => null) ?? null, new Promise<null>((r) => setTimeout(() => r(null), 1_000))]);
    const runtime = await Promise.race([shared.__eventsRuntime?.catch(() => null) ?? null, new Promise<null>((r) => setTimeout(() => r(null), 1_000))]);
    return checkReadiness({
      query: opened ? (text) => opened.db.execute(sql.raw(text)) : null,
      latestMigration: newestMigration,
      worker: { name: "events worker", running: !!runtime?.worker.running },
      shuttingDown,
      onError: (check, e) => httpLog.warn({ check, err: e }, "not ready"),
    });
  };

  const ops = async (name: string, req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, { error: "method_not_allowed" }, { allow: "GET, HEAD" });
    if (name === "healthz") return json(res, 200, { status: "ok" });
    if (name === "readyz") {
      const r = await readiness();
      return json(res, r.ready ? 200 : 503, r.ready ? { status: "ready", checks: r.checks } : { status: "not ready", reason: r.reason, checks: r.checks });
    }
    // /metrics: only with METRICS_TOKEN set, and only for its bearer.
    if (!env.METRICS_TOKEN) return json(res, 404, { error: "not_found" });
    if (!bearerMatches(req.headers.authorization, env.METRICS_TOKEN)) return json(res, 401, { error: "unauthorized" }, { "www-authenticate": 'Bearer realm="metrics"' });
    const opened = await shared.__dashboardDb?.catch(() => null);
    if (opened) await readDatabaseGauges(opened.db);
    res.writeHead(200, { "content-type": m.registry.contentType, "cache-control": "no-store" }).end(await metricsText(m));
  };

  const serve = (req: http.IncomingMessage, res: http.ServerResponse, address: string | null) => {
    const pathname = (req.url ?? "/").split("?")[0]!;
    const opsName = OPS_PATH.exec(pathname)?.[1];
    if (opsName) {
      ops(opsName, req, res).catch((err) => {
        httpLog.error({ err }, "operations endpoint failed");
        if (!res.headersSent) json(res, 500, { error: "internal" });
      });
      return;
    }
    if (!decodablePath(req.url)) {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad_request", message: "The address is not valid." }));
      return;
    }
    if (refuseUnreadableActions(req, res)) return;
    const intake = req.method === "POST" && shared.__dashboardDb ? INTAKE_PATH.exec(pathname) : null;
    if (intake) {
      fastIntake(req, res, intake[1]!, address, allowlist).catch(() => {
        // The intake stores or refuses any body; what throws is the database: not stored, so 503
        // (the provider delivers it again), as the route handler answers. (Logged by recordIntake.)
        if (!res.headersSent) res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: "UNAVAILABLE", message: "The delivery could not be stored; deliver it again later." }));
      });
      return;
    }
    handle(req, res).catch((err) => {
      httpLog.error({ err }, "request failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  };

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const address = addressFromRequest(req, opts.trustProxyHops);
    // Overwritten on every request: whatever a client sent in these headers is gone.
    req.headers[CLIENT_ADDRESS_HEADER] = address ?? "";
    req.headers[CLIENT_ADDRESS_PROOF_HEADER] = proof;
    // Kept from a trusted proxy (the one whose X-Forwarded-For is believed), else made here; pages read it.
    const context: RequestContext = { requestId: requestIdFor(req.headers[REQUEST_ID_HEADER], opts.trustProxyHops > 0) };
    req.headers[REQUEST_ID_HEADER] = context.requestId;
    res.setHeader("X-Request-Id", context.requestId);
    // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), the request's span carries its id and its log
    // line the trace's: from one to the other both ways.
    const span = trace.getActiveSpan();
    if (span) {
      span.setAttribute("request.id", context.requestId);
      context.traceId = span.spanContext().traceId;
    }
    // While shutting down, a kept-alive connection is not kept: the client's next request goes elsewhere.
    if (shuttingDown) res.setHeader("connection", "close");
    const route = routes.name(req.url);
    open.set(res, { stream: STREAM_ROUTES.has(route) });
    res.once("close", () => {
      open.delete(res);
      // Shutting down: the connection is not kept for another request (one already on its way is
      // refused unread, and the client may send it elsewhere).
      if (shuttingDown) req.socket.destroySoon();
      if (drained && [...open.values()].every((o) => o.stream)) drained();
      const durationMs = performance.now() - started;
      const status = res.statusCode;
      const method = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(req.method ?? "") ? req.method! : "OTHER";
      m.httpDuration.observe({ method, route, status: String(status) }, toSeconds(durationMs));
      // One line per request: its route pattern (never the path, which may carry a token), never a
      // header, a query or a body.
      const line = {
        requestId: context.requestId,
        ...(context.traceId ? { traceId: context.traceId } : {}),
        ...(context.organizationId ? { organizationId: context.organizationId } : {}),
        ...(context.memberId ? { memberId: context.memberId } : {}),
        method,
        route,
        status,
        durationMs: Math.round(durationMs * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (route === "/_next/static" || route === "/_next" || route === "(file)") httpLog.debug(line, "request");
      else if (status >= 500) httpLog.error(line, "request");
      else httpLog.info(line, "request");
    });
    runInRequest(context, () => serve(req, res, address));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, resolve);
  });
  let closing: Promise<void> | null = null;
  return {
    url: `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${opts.port}`,
    close: () => (closing ??= shutdown()),
  };

  async function shutdown(): Promise<void> {
    const l = log("shutdown");
    const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
    shuttingDown = true;
    l.info({ inFlight: open.size, delaySeconds: env.SHUTDOWN_DELAY_SECONDS }, "shutting down: /readyz says not ready");
    // A balancer that polls /readyz stops sending here before the door closes.
    if (env.SHUTDOWN_DELAY_SECONDS > 0) await new Promise((r) => setTimeout(r, env.SHUTDOWN_DELAY_SECONDS * 1000));
    // No new connections; idle kept-alive ones are closed (a request caught on one is refused before
    // it is read, and a balancer sends it again: scripts/balancer.ts).
    const closed = new Promise<void>((r) => server.close(() => r()));
    // Server-sent event streams never end by themselves: their browsers reconnect to another instance.
    // The others are answered, on a connection that is then closed.
    for (const [res, o] of open) {
      if (o.stream) res.destroy();
      else if (!res.headersSent) res.setHeader("connection", "close");
    }
    const deadline = Date.now() + graceMs;
    if ([...open.values()].some((o) => !o.stream)) {
      await new Promise<void>((resolve) => {
        drained = resolve;
        setTimeout(resolve, graceMs).unref();
      });
    }
    const unfinished = [...open.values()].filter((o) => !o.stream).length;
    if (unfinished) l.warn({ unfinished }, "the grace period ended with requests unanswered");
    server.closeAllConnections();
    await closed;
    // Background work: the runner hands its batch's lease back; the worker finishes the deliveries
    // it started and hands back the ones it had claimed but not begun.
    const left = () => Math.max(1_000, deadline - Date.now());
    await Promise.race([
      Promise.all([shared.__bulkRuntime?.then((r) => r.stop()), shared.__eventsRuntime?.then((r) => r.stop()), shared.__dbMaintenance?.then((r) => r?.stop())].map((p) => p?.catch((err) => l.error({ err }, "a worker did not stop cleanly")))),
      new Promise((r) => setTimeout(r, left()).unref()),
    ]);
    await stopTracing().catch(() => undefined);
    const opened = await shared.__dashboardDb?.catch(() => null);
    await opened?.close().catch((err: unknown) => l.error({ err }, "the database did not close cleanly"));
    l.info("stopped");
    logger().flush();
  }
}

// Run directly (`tsx scripts/server.ts`: an instance of `npm run start:cluster`, Playwright's
// webServer): serve the existing build; SIGTERM or SIGINT shuts it down gracefully.
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  startDashboard({ port, host, trustProxyHops: Number(process.env.TRUST_PROXY_HOPS ?? 0) }).then(
    (dashboard) => {
      log("start").info({ address: dashboard.url }, `dashboard listening on ${dashboard.url}`);
      let stopping = false;
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        process.on(signal, () => {
          if (stopping) return;
          stopping = true;
          log("start").info({ signal }, "signal received");
          dashboard.close().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        });
      }
    },
    (err) => {
      log("start").fatal({ err }, "the dashboard could not start");
      process.exit(1);
    },
  );
}
