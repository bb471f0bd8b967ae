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
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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
import { SandboxControl } from "../lib/sandbox-control/client";
import { randomBytes } from "node:crypto";
import { startDashboard } from "./server";
import { startBalancer } from "./balancer";

const root = process.cwd();
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");

function log(msg: string) {
  console.log(`[start] ${msg}`);
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
    console.error("[start] the build failed; see above");
    process.exit(r.status ?? 1);
  }
}

function require_resolve(spec: string) {
  return path.join(root, "node_modules", spec);
}

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
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "sandbox/main.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    // Only what the sandbox reads: never the dashboard's own secrets (AUTH_SECRET, the encryption key, DATABASE_URL).
    env: {
      PATH: process.env.PATH ?? "",
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      NODE_ENV: "production",
      SANDBOX_ADMIN_TOKEN: env.SANDBOX_ADMIN_TOKEN ?? "",
      SANDBOX_PORT: url.port || "4010",
      SANDBOX_HOST: process.env.SANDBOX_HOST ?? "127.0.0.1",
      SANDBOX_DATA_DIR: process.env.SANDBOX_DATA_DIR ?? path.join(dataDir, "sandbox"),
      // Where its process id is found (e.g. to stop it with SIGSTOP: e2e/zz-provider-down.spec.ts).
      SANDBOX_PID_FILE: path.join(dataDir, "sandbox.pid"),
      ...(process.env.SANDBOX_DATABASE_URL ? { SANDBOX_DATABASE_URL: process.env.SANDBOX_DATABASE_URL } : {}),
    },
  });
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

/**
 * N instances of scripts/server.ts (each runs the background work too: the webhook worker, the sync
 * and the bulk payout runner share their work through PostgreSQL leases), and the balancer on PORT.
 */
async function startCluster(env: ReturnType<typeof parseEnv>, n: number) {
  if (!env.DATABASE_URL) throw new Error("several instances share one PostgreSQL: set DATABASE_URL (the embedded PGlite serves one process only)");
  const children: ChildProcess[] = [];
  const backends = Array.from({ length: n }, (_, i) => ({ host: "127.0.0.1", port: env.PORT + 1 + i }));
  for (const [i, b] of backends.entries()) {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/server.ts"], {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, PORT: String(b.port), HOST: b.host, TRUST_PROXY_HOPS: String(env.TRUST_PROXY_HOPS + 1), INSTANCE_NAME: `instance-${i + 1}` },
    });
    child.on("exit", (code, signal) => {
      if (!shuttingDown) log(`instance ${i + 1} (port ${b.port}) stopped (${signal ?? code}); the balancer sends its requests to the others`);
    });
    children.push(child);
  }
  const deadline = Date.now() + 120_000;
  for (const b of backends) {
    while (!(await fetch(`http://${b.host}:${b.port}/login`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline) throw new Error(`instance on port ${b.port} did not start within 120 s`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  const balancer = await startBalancer({ port: env.PORT, host: env.HOST, backends, log });
  log(`${n} dashboard instances on ports ${backends.map((b) => b.port).join(", ")}, balanced on ${env.PORT}`);
  return {
    url: balancer.url,
    close: async () => {
      for (const c of children) c.kill("SIGTERM");
      await balancer.close();
    },
  };
}

async function main() {
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
      }
    }
  } catch (e) {
    sandbox?.kill("SIGTERM");
    throw e;
  } finally {
    // PGlite allows one process per directory: release it before the dashboard opens it.
    await opened.close();
  }
  const instances = clusterSize();
  const dashboard = instances > 1 ? await startCluster(env, instances) : await startDashboard({ port: env.PORT, host: env.HOST, trustProxyHops: env.TRUST_PROXY_HOPS });

  console.log("");
  console.log(`  Dashboard:  ${dashboard.url}`);
  if (sandbox) console.log(`  Sandbox:    ${env.PAYMENT_API_BASE_URL}`);
  if (demo) console.log(`  Sign in:    ${demo.email}  /  ${demo.password}   (demo organisation, connected to the sandbox)`);
  if (webhookUrl) console.log(`  Webhooks:   ${webhookUrl}   (the demo's sandbox credential delivers here)`);
  else if (empty) console.log(`  First run:  open ${dashboard.url}/setup?token=${setupToken(env.AUTH_SECRET)} to create the first administrator (the link works until then)`);
  console.log("");

  const stop = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    sandbox?.kill("SIGTERM");
    await dashboard.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(`[start] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
