/**
 * `npm start`: everything a fresh checkout needs, in order.
 *  1. safe local secrets in .data/secrets.json (created once, mode 0600);
 *  2. a production build when there is none or the sources changed;
 *  3. migrations, and the demo organisation on an empty embedded database;
 *  4. the sandbox on 4010 (unless PAYMENT_API_BASE_URL points elsewhere, or SANDBOX=off);
 *  5. once: the demo's history in the sandbox and its credential in the dashboard (lib/demo);
 *  6. the dashboard on PORT (default 3000); with `--cluster N` (`npm run start:cluster`), N dashboard
 *     instances on PORT+1…PORT+N sharing one PostgreSQL (DATABASE_URL), behind a small load
 *     balancer on PORT (scripts/balancer.ts).
 *
 * Everything it says is a log line (JSON, or pretty on a terminal: lib/observability/log.ts). SIGTERM
 * or SIGINT stops it gracefully (the dashboard first, answering what is in flight, then the
 * sandbox); in cluster mode SIGHUP restarts the instances one at a time, each gracefully and the
 * next only once the new one is ready (a rolling restart: no request or webhook is lost).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureLocalSecrets } from "../lib/config/local-secrets";
import { parseEnv, publicBaseUrl, shouldSeedDemo } from "../lib/config/env-schema";
import { routeSandboxWebhooks } from "../lib/events/sandbox-webhooks";
import { and, eq } from "drizzle-orm";
import { openDatabase } from "../lib/db/driver";
import * as schema from "../lib/db/schema";
import { verifyPassword } from "../lib/auth/password";
import { DEMO_ADMIN_EMAIL, findUserByEmail, seedDemo, setupToken, userCount } from "../lib/organizations/setup";
import { createKeyring } from "../lib/security/sealing";
import { connectDemo } from "../lib/demo/connect";
import { seedDemoCharges } from "../lib/demo/receive";
import { seedDemoPayouts } from "../lib/demo/send";
import { seedDemoConversion } from "../lib/demo/convert";
import { SandboxControl, SandboxControlError } from "../lib/sandbox-control/client";
import { randomBytes } from "node:crypto";
import { startDashboard } from "./server";
import { startBalancer } from "./balancer";
import { log as logFor, logger, routeConsoleToLog } from "../lib/observability/log";
import { heapFlags } from "../lib/config/node-flags";

const root = process.cwd();
/**
 * Child programs run with tsx as a loader in their own process (not the tsx command, which would sit
 * in front of them and turn a SIGTERM it cannot pass on within 30 ms into a SIGKILL on a busy
 * machine): a signal reaches the program itself, which then shuts down gracefully.
 */
const TSX = ["--import", "tsx"];
/** Every child program started (the sandbox, the instances): stopped if the start fails half-way. */
const spawned = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  spawned.add(child);
  child.once("exit", () => spawned.delete(child));
  return child;
}
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");

function log(msg: string) {
  logFor("start").info(msg);
}

/** Newest modification time under the folders that make up the build. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of ["app", "components", "lib", "public"]) if (existsSync(path.join(root, d))) walk(path.join(root, d));
  for (const f of ["next.config.ts", "package.json", "proxy.ts", "postcss.config.mjs"]) {
    if (existsSync(path.join(root, f))) newest = Math.max(newest, statSync(path.join(root, f)).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (process.env.SKIP_BUILD === "1" && existsSync(buildId)) return;
  if (existsSync(buildId) && statSync(buildId).mtimeMs > newestSource()) {
    log("production build is up to date");
    return;
  }
  log("building the dashboard (next build)…");
  const r = spawnSync(process.execPath, [require_resolve("next/dist/bin/next"), "build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    logFor("start").fatal("the build failed; see above");
    process.exit(r.status ?? 1);
  }
}

function require_resolve(spec: string) {
  return path.join(root, "node_modules", spec);
}

/** This process's id while it serves (`npm run backup` and `npm run restore` refuse to touch a database in use). */
export const PID_FILE = "dashboard.pid";

/** The demo admin's password lives beside the other local secrets, so it can be printed on every start. */
function demoPassword(): string {
  const file = path.join(dataDir, "secrets.json");
  const secrets = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  if (!secrets.DEMO_ADMIN_PASSWORD) {
    secrets.DEMO_ADMIN_PASSWORD = randomBytes(12).toString("base64url");
    writeFileSync(file, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600 });
  }
  return secrets.DEMO_ADMIN_PASSWORD;
}

async function openDashboardDb(env: ReturnType<typeof parseEnv>) {
  return openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "db"),
    schema,
    migrationsFolder: path.join(root, "lib/db/migrations"),
    lockKey: 7_300_101,
  });
}

async function prepareDatabase(env: ReturnType<typeof parseEnv>, opened: Awaited<ReturnType<typeof openDashboardDb>>) {
  {
    let demo: { email: string; password: string; organizationId: string } | null = null;
    if (shouldSeedDemo(env)) {
      const password = demoPassword();
      if ((await userCount(opened.db)) === 0) {
        await seedDemo(opened.db, password);
        log("seeded the demo organisation");
      }
      const user = await findUserByEmail(opened.db, DEMO_ADMIN_EMAIL);
      if (user?.activeOrganizationId && (await verifyPassword(password, user.passwordHash))) {
        demo = { email: DEMO_ADMIN_EMAIL, password, organizationId: user.activeOrganizationId };
      }
    }
    return { demo, empty: (await userCount(opened.db)) === 0 };
  }
}

async function waitForSandbox(control: SandboxControl, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await control.healthy()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

function startSandbox(env: ReturnType<typeof parseEnv>): ChildProcess | null {
  if (process.env.SANDBOX === "off" || !existsSync(path.join(root, "sandbox", "main.ts"))) return null;
  const url = new URL(env.PAYMENT_API_BASE_URL);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) return null;
  const child = track(spawn(process.execPath, [...TSX, "sandbox/main.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    // Only what the sandbox reads: never the dashboard's own secrets (AUTH_SECRET, the encryption key, DATABASE_URL).
    env: {
      PATH: process.env.PATH ?? "",
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      NODE_ENV: "production",
      ...(process.env.LOG_FORMAT ? { LOG_FORMAT: process.env.LOG_FORMAT } : {}),
      ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
      SANDBOX_ADMIN_TOKEN: env.SANDBOX_ADMIN_TOKEN ?? "",
      SANDBOX_PORT: url.port || "4010",
      SANDBOX_HOST: process.env.SANDBOX_HOST ?? "127.0.0.1",
      SANDBOX_DATA_DIR: process.env.SANDBOX_DATA_DIR ?? path.join(dataDir, "sandbox"),
      // Where its process id is found (e.g. to stop it with SIGSTOP: e2e/zz-provider-down.spec.ts).
      SANDBOX_PID_FILE: path.join(dataDir, "sandbox.pid"),
      ...(process.env.SANDBOX_DATABASE_URL ? { SANDBOX_DATABASE_URL: process.env.SANDBOX_DATABASE_URL } : {}),
    },
  }));
  child.on("exit", (code, signal) => {
    if (!shuttingDown) log(`the sandbox stopped (${signal ?? code})`);
  });
  return child;
}

let shuttingDown = false;

/** `--cluster N` or CLUSTER_INSTANCES=N: how many dashboard instances (1: this process serves). */
function clusterSize(): number {
  const i = process.argv.indexOf("--cluster");
  const n = Number(i >= 0 ? (process.argv[i + 1] ?? 2) : (process.env.CLUSTER_INSTANCES ?? 1));
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error("the cluster size is a whole number from 1 to 16");
  return n;
}

/** Resolves when the process has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

/** Waits for an instance's /readyz to answer 200 (the database, its migrations and its worker). */
async function ready(b: { host: string; port: number }, child: ChildProcess, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await fetch(`http://${b.host}:${b.port}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the instance on port ${b.port} exited while starting`);
    if (Date.now() > deadline) throw new Error(`the instance on port ${b.port} was not ready within ${withinMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * N instances of scripts/server.ts (each runs the background work too: the webhook worker, the sync
 * and the bulk payout runner share their work through PostgreSQL leases), and the balancer on PORT.
 * `restart()` (SIGHUP) replaces them one at a time: SIGTERM (the instance says "not ready", the
 * balancer stops sending to it, it answers what it has and hands back its leases), a new one on the
 * same port, and the next only once that one is ready.
 */
async function startCluster(env: ReturnType<typeof parseEnv>, n: number) {
  if (!env.DATABASE_URL) throw new Error("several instances share one PostgreSQL: set DATABASE_URL (the embedded PGlite serves one process only)");
  const backends = Array.from({ length: n }, (_, i) => ({ host: "127.0.0.1", port: env.PORT + 1 + i }));
  const spawnInstance = (i: number): ChildProcess => {
    const b = backends[i]!;
    const child = track(spawn(process.execPath, [...heapFlags(), ...TSX, "scripts/server.ts"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        PORT: String(b.port),
        HOST: b.host,
        TRUST_PROXY_HOPS: String(env.TRUST_PROXY_HOPS + 1),
        INSTANCE_NAME: `instance-${i + 1}`,
        // Where the provider reaches the dashboard: the balancer, never one instance's own port (a
        // charge's postback URL would then fail while that instance restarts).
        PUBLIC_BASE_URL: publicBaseUrl(env),
        // The balancer asks /readyz every second: two seconds of "not ready" before the door closes, so
        // that a probe sent just before the signal and one answered late on a busy machine both land
        // before it (with one second, a request was seen sent to a closing instance: a 502 in the
        // rolling-restart test).
        SHUTDOWN_DELAY_SECONDS: process.env.SHUTDOWN_DELAY_SECONDS ?? "2",
      },
    }));
    child.on("exit", (code, signal) => {
      if (!shuttingDown && children[i] === child && !restarting.has(i)) logFor("start").warn({ instance: i + 1, port: b.port, code, signal }, `instance ${i + 1} (port ${b.port}) stopped; the balancer sends its requests to the others`);
    });
    return child;
  };
  const restarting = new Set<number>();
  const children: ChildProcess[] = backends.map((_, i) => spawnInstance(i));
  await Promise.all(backends.map((b, i) => ready(b, children[i]!, 120_000)));
  const balancer = await startBalancer({ port: env.PORT, host: env.HOST, backends, log, trustRequestId: env.TRUST_PROXY_HOPS > 0 });
  log(`${n} dashboard instances on ports ${backends.map((b) => b.port).join(", ")}, balanced on ${env.PORT}`);
  const stopInstance = async (child: ChildProcess) => {
    child.kill("SIGTERM");
    const grace = (env.SHUTDOWN_GRACE_SECONDS + env.SHUTDOWN_DELAY_SECONDS + 10) * 1000;
    const timer = setTimeout(() => child.kill("SIGKILL"), grace);
    await exited(child);
    clearTimeout(timer);
  };
  let rolling: Promise<void> | null = null;
  return {
    url: balancer.url,
    restart: () =>
      (rolling ??= (async () => {
        log("rolling restart: one instance at a time");
        for (const [i, b] of backends.entries()) {
          restarting.add(i);
          try {
            const old = children[i]!;
            logFor("start").info({ instance: i + 1, pid: old.pid }, `instance ${i + 1}: stopping`);
            await stopInstance(old);
            children[i] = spawnInstance(i);
            await ready(b, children[i]!, 120_000);
            logFor("start").info({ instance: i + 1, pid: children[i]!.pid }, `instance ${i + 1}: restarted and ready`);
          } finally {
            restarting.delete(i);
          }
        }
        log("rolling restart done");
      })()
        .catch((err: unknown) => logFor("start").error({ err }, "the rolling restart stopped"))
        .finally(() => (rolling = null))),
    close: async () => {
      await rolling;
      await Promise.all(children.map(stopInstance));
      await balancer.close();
    },
  };
}

async function main() {
  // Whatever a library prints goes through the log too: stdout is log lines only.
  routeConsoleToLog();
  const { created, secrets } = ensureLocalSecrets(dataDir);
  if (created.length) log(`created ${created.join(", ")} in ${path.relative(root, dataDir)}/secrets.json (mode 0600)`);
  for (const [k, v] of Object.entries(secrets)) if (k !== "DEMO_ADMIN_PASSWORD" && !process.env[k]) process.env[k] = v;
  process.env.DATA_DIR = dataDir;
  // A local cluster (its own sandbox) is a demo too: seeded although it runs on PostgreSQL.
  const local = !process.env.PAYMENT_API_BASE_URL || /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(process.env.PAYMENT_API_BASE_URL);
  if (clusterSize() > 1 && local && process.env.SEED_DEMO === undefined) process.env.SEED_DEMO = "true";
  (process.env as Record<string, string>).NODE_ENV = "production";
  const env = parseEnv(process.env);

  buildIfNeeded();
  const opened = await openDashboardDb(env);
  let demo: Awaited<ReturnType<typeof prepareDatabase>>["demo"] = null;
  let empty = false;
  let sandbox: ChildProcess | null = null;
  let webhookUrl: string | null = null;
  try {
    ({ demo, empty } = await prepareDatabase(env, opened));
    sandbox = startSandbox(env);
    if (demo && sandbox && env.SANDBOX_ADMIN_TOKEN) {
      const control = new SandboxControl(env.PAYMENT_API_BASE_URL, env.SANDBOX_ADMIN_TOKEN);
      if (!(await waitForSandbox(control, sandbox))) throw new Error("the sandbox did not start within 60 s; see its output above");
      const keyring = createKeyring(env.CREDENTIALS_ENCRYPTION_KEY, env.CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS);
      const result = await connectDemo(opened.db, keyring, {
        organizationId: demo.organizationId,
        sandboxUrl: env.PAYMENT_API_BASE_URL,
        adminToken: env.SANDBOX_ADMIN_TOKEN,
        log,
      });
      if (result === "already") log("the demo organisation is connected to the sandbox");
      const [credential] = await opened.db
        .select({ clientId: schema.apiCredentials.clientId })
        .from(schema.apiCredentials)
        .where(and(eq(schema.apiCredentials.organizationId, demo.organizationId), eq(schema.apiCredentials.environment, "sandbox"), eq(schema.apiCredentials.status, "active")));
      if (credential) webhookUrl = await routeSandboxWebhooks(opened.db, control, demo.organizationId, credential.clientId, publicBaseUrl(env));
      if (result === "connected") {
        await seedDemoCharges(opened.db, opened.withLock, keyring, { organizationId: demo.organizationId, publicBaseUrl: publicBaseUrl(env), log });
        await seedDemoPayouts(opened.db, opened.withLock, keyring, { organizationId: demo.organizationId, publicBaseUrl: publicBaseUrl(env), control, log });
        await seedDemoConversion(opened.db, opened.withLock, keyring, { organizationId: demo.organizationId, log });
      }
    }
  } catch (e) {
    sandbox?.kill("SIGTERM");
    // Ours could not listen: another sandbox answers there, started with other secrets.
    if (e instanceof SandboxControlError && e.code === "UNAUTHORIZED" && sandbox) {
      throw new Error(
        `another sandbox already answers on ${env.PAYMENT_API_BASE_URL} (another \`npm start\`?). Stop it, or run this one's sandbox on another port: PAYMENT_API_BASE_URL=http://127.0.0.1:<port>`,
      );
    }
    throw e;
  } finally {
    // PGlite allows one process per directory: release it before the dashboard opens it.
    await opened.close();
  }
  const instances = clusterSize();
  const dashboard: { url: string; close(): Promise<void>; restart?: () => Promise<void> } =
    instances > 1 ? await startCluster(env, instances) : await startDashboard({ port: env.PORT, host: env.HOST, trustProxyHops: env.TRUST_PROXY_HOPS });

  // The start banner, for the person who ran `npm start` (as log lines like the rest), whatever LOG_LEVEL.
  const banner = logFor("start").child({}, { level: "info" });
  banner.info(`  Dashboard:  ${dashboard.url}`);
  if (sandbox) banner.info(`  Sandbox:    ${env.PAYMENT_API_BASE_URL}`);
  if (demo) banner.info(`  Sign in:    ${demo.email}  /  ${demo.password}   (demo organisation, connected to the sandbox)`);
  if (webhookUrl) banner.info(`  Webhooks:   ${webhookUrl}   (the demo's sandbox credential delivers here)`);
  else if (empty) banner.info(`  First run:  open ${dashboard.url}/setup?token=${setupToken(env.AUTH_SECRET)} to create the first administrator (the link works until then)`);
  const pidFile = path.join(dataDir, PID_FILE);
  writeFileSync(pidFile, `${process.pid}\n`);

  const stop = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log(`${signal}: stopping (the dashboard answers what is in flight first)`);
    try {
      await dashboard.close();
      // The sandbox last: requests in flight may have been calling it.
      if (sandbox && sandbox.exitCode === null) {
        sandbox.kill("SIGTERM");
        await exited(sandbox);
      }
    } finally {
      rmSync(pidFile, { force: true });
      log("stopped");
      logger().flush();
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // Cluster mode: a rolling restart. (One instance cannot restart without a moment of no answer.)
  if (dashboard.restart) process.on("SIGHUP", () => void dashboard.restart?.());
}

main().catch((err) => {
  logFor("start").fatal({ err }, `the dashboard could not start: ${err instanceof Error ? err.message : String(err)}`);
  // Nothing started is left behind (a sandbox, an instance that did start).
  for (const child of spawned) child.kill("SIGTERM");
  process.exit(1);
});
