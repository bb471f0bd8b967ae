/**
 * The sandbox: a faithful, stateful emulator of Payment Service API v2 (ARCHITECTURE "The two
 * programs"). `createSandbox` starts one in-process, for tests, e2e, `npm start` and sandbox/main.ts.
 *
 *   const sb = await createSandbox({ port: 0, host: "127.0.0.1", adminToken: "…" });
 *   // sb.url, sb.port, sb.clock; await sb.close();
 *
 * Storage: PGlite in `dataDir` (in memory when absent), or PostgreSQL at `databaseUrl`; the sandbox's
 * own schema and migrations (sandbox/db), applied on open.
 */
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Hono } from "hono";
import { serve } from "@hono/node-server";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { openDatabase } from "@/lib/db/driver";
import * as schema from "./db/schema";
import { fromPGlite, fromPgPool } from "./db/sql";
import { SandboxClock } from "./clock";
import { TokenService } from "./auth";
import { Directory } from "./accounts";
import { AbuseGuard, RateLimiter } from "./rate-limit";
import { NonceMemory } from "./hmac";
import { AccountConfigs, UsageTracker } from "./limits";
import { loadSettings, saveSettings, type Sandbox } from "./context";
import { newState, notFoundHandler, renderError, v2Handler, type V2Route } from "./pipeline";
import { tokenHandler } from "./routes/token";
import { balanceRoute, feesRoute, limitsRoute, profileRoute } from "./routes/account";
import { cashinRoute } from "./routes/cashin";
import { cashoutRoute, pixPaymentRoute } from "./routes/cashout";
import { walletRoute } from "./routes/wallets";
import { transferRoute } from "./routes/transfers";
import { conversionNewRoute, conversionRateRoute, conversionSimulateRoute } from "./routes/conversions";
import { transactionListRoute } from "./routes/transactions";
import { boletoRoute } from "./routes/boleto";
import { pixDecodeRoute } from "./routes/pix";
import { mountControl } from "./routes/control";
import { checkReadiness, latestMigration } from "@/lib/observability/readiness";
import { infractionDetailRoute, infractionListRoute, infractionReplyRoute } from "./routes/infractions";
import { Ticker } from "./lifecycle";
import { WebhookDispatcher } from "./webhooks/dispatcher";
import { TICK_MS, WEBHOOK_CONCURRENCY, WEBHOOK_TIMEOUT_MS } from "./config";

export type SandboxOptions = {
  /** 0 picks a free port */
  port?: number;
  host?: string;
  /** Bearer token of the control API (/sandbox/*) */
  adminToken: string;
  /** PGlite directory; in memory when absent (and no databaseUrl) */
  dataDir?: string;
  /** postgres://… : PostgreSQL instead of PGlite */
  databaseUrl?: string;
  /** When given, sets the persisted `hmac_required` setting at start. */
  hmacRequired?: boolean;
  /** How long a webhook receiver has to answer completely (default 10 000 ms, the spec's 10 s). */
  webhookTimeoutMs?: number;
  /** Webhook deliveries in flight at once (default 32). */
  webhookConcurrency?: number;
  /** Real-time period of the time-driven work: expiries, auto-settlement, retries (default 1000 ms; 0: only on clock advance). */
  tickMs?: number;
};

export type RunningSandbox = {
  url: string;
  port: number;
  clock: SandboxClock;
  close(): Promise<void>;
};

/** Advisory-lock key of the sandbox's migrations (the dashboard uses 7_300_101). */
export const SANDBOX_LOCK_KEY = 7_300_201;

export const migrationsFolder = (): string => fileURLToPath(new URL("./db/migrations", import.meta.url));

const V2_ROUTES: V2Route<never>[] = [
  balanceRoute,
  profileRoute,
  limitsRoute,
  feesRoute,
  cashinRoute,
  cashoutRoute,
  walletRoute,
  transferRoute,
  conversionRateRoute,
  conversionSimulateRoute,
  conversionNewRoute,
  transactionListRoute,
  boletoRoute,
  pixDecodeRoute,
  pixPaymentRoute,
  infractionListRoute,
  infractionDetailRoute,
  infractionReplyRoute,
] as V2Route<never>[];

/**
 * The probes every deployment of the sandbox answers, without a token (as the dashboard's do):
 * /healthz, the process answers; /readyz, its database answers, its migrations are applied and its
 * webhook dispatcher and ticker run (503 with the reason otherwise, and while starting or closing).
 */
function mountProbes(app: Hono, sb: Sandbox, isReady: () => boolean): void {
  const newest = latestMigration(migrationsFolder());
  const noStore = { "cache-control": "no-store" };
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, noStore));
  app.get("/readyz", async (c) => {
    const r = await checkReadiness({ query: (text) => sb.db.query(text), latestMigration: newest, worker: { name: "webhook dispatcher", running: isReady() && sb.webhooks.running } });
    return r.ready ? c.json({ status: "ready", checks: r.checks }, 200, noStore) : c.json({ status: "not ready", reason: r.reason, checks: r.checks }, 503, noStore);
  });
}

export function buildApp(sb: Sandbox, adminToken: string, isReady: () => boolean, runDue: () => Promise<void>): Hono {
  const app = new Hono();
  mountProbes(app, sb, isReady);
  app.post("/v2/oauth/token", tokenHandler(sb));
  for (const def of V2_ROUTES) app.on(def.method, def.path, v2Handler(sb, def as V2Route<unknown>));
  mountControl(app, sb, adminToken, isReady, runDue);
  app.notFound(notFoundHandler(sb));
  app.onError((err, c) => renderError(sb, newState(c), err));
  return app;
}

/** The control API's token: long enough that guessing it is not a plan. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

export async function createSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  if (!opts.adminToken) throw new Error("createSandbox: adminToken is required");
  if (opts.adminToken.length < MIN_ADMIN_TOKEN_LENGTH) throw new Error(`createSandbox: adminToken must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters (a long random string)`);
  const opened = await openDatabase({
    url: opts.databaseUrl,
    dataDir: opts.dataDir,
    schema,
    migrationsFolder: migrationsFolder(),
    lockKey: SANDBOX_LOCK_KEY,
  });
  try {
    const client = (opened.db as unknown as { $client: unknown }).$client;
    const db = opened.kind === "pglite" ? fromPGlite(client as PGlite) : fromPgPool(client as Pool);
    // Idle PostgreSQL connection errors are handled by the shared driver (lib/db/driver.ts).
    const clock = await SandboxClock.load(db);
    const settings = await loadSettings(db);
    if (opts.hmacRequired !== undefined && settings.hmac_required !== opts.hmacRequired) {
      settings.hmac_required = opts.hmacRequired;
      await saveSettings(db, settings);
    }
    const sb: Sandbox = {
      db,
      clock,
      tokens: await TokenService.load(db, clock),
      directory: new Directory(db, clock),
      limiter: new RateLimiter(clock),
      abuse: new AbuseGuard(clock),
      nonces: new NonceMemory(clock),
      usage: await UsageTracker.load(db, clock),
      configs: new AccountConfigs(db),
      settings,
      webhooks: new WebhookDispatcher(db, clock, {
        timeoutMs: opts.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
        concurrency: opts.webhookConcurrency ?? WEBHOOK_CONCURRENCY,
        // `settings` is updated in place by PUT /sandbox/settings
        dropping: () => settings.drop_webhooks,
      }),
    };
    const ticker = new Ticker(sb, opts.tickMs ?? TICK_MS);
    let ready = false;
    const app = buildApp(sb, opts.adminToken, () => ready, () => ticker.run());
    const host = opts.host ?? "127.0.0.1";
    const server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: opts.port ?? 4010, hostname: host }, () => resolve(s as Server)) as Server;
      s.once("error", reject);
    });
    server.keepAliveTimeout = 65_000;
    const port = (server.address() as AddressInfo).port;
    // What fell due while the sandbox was down (expiries, retries, deliveries interrupted by a close).
    await ticker.run();
    ticker.start();
    ready = true;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
      port,
      clock,
      close() {
        closing ??= (async () => {
          ready = false;
          await ticker.close();
          await sb.webhooks.close();
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          await opened.close();
        })();
        return closing;
      },
    };
  } catch (e) {
    await opened.close().catch(() => undefined);
    throw e;
  }
}
