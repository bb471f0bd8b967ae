import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { startNodeFlags } from "./lib/config/node-flags";

/**
 * Journeys run against production builds (`next build` first), in Debian's
 * Chromium (Playwright's own browser download cannot work here). Each test
 * worker has a demo stack of its own (a dashboard on a seeded demo organisation
 * and its sandbox, each from a fresh data folder), so journeys that change the
 * organisation, move the sandbox's clock or stop it never meet another worker's;
 * one more dashboard on an empty database serves the first-run journey.
 */
/**
 * Test workers, and so demo stacks. One worker and its stack keep ≈ 1.4 cores busy; on the CI
 * machine's 2 cores, two took longer than one (1,276 s against ≈ 1,000 s for every journey: the
 * cores were saturated, and contention made each journey costlier), so it is one core pair per worker.
 */
export const WORKERS = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
const BASE_DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 3210);
const BASE_DEMO_SANDBOX_PORT = Number(process.env.E2E_DEMO_SANDBOX_PORT ?? 4110);
export const FRESH_PORT = Number(process.env.E2E_FRESH_PORT ?? 3211);
export const FRESH_DATA_DIR = ".data/e2e-fresh";
export const FRESH_SANDBOX_PORT = Number(process.env.E2E_FRESH_SANDBOX_PORT ?? 4111);

/** Demo stack `i`'s ports and files (stack 0 keeps the single-stack names). */
export function demoStack(i: number) {
  const dataDir = i === 0 ? ".data/e2e-demo" : `.data/e2e-demo-${i}`;
  return {
    port: BASE_DEMO_PORT + 10 * i,
    sandboxPort: BASE_DEMO_SANDBOX_PORT + 10 * i,
    dataDir,
    /** Seconds by which the dashboard's session clock runs ahead (e2e/door.spec.ts moves it; absent: none). */
    sessionClockFile: `${process.cwd()}/${dataDir}-session-clock`,
    /** The dashboard's console, kept so the secret-leak test can read every line it printed. */
    serverLog: `${dataDir}-server.log`,
  };
}

/** The stack of the worker this module is loaded in (Playwright sets TEST_PARALLEL_INDEX in each worker; the runner has none: 0). */
export const STACK = demoStack(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const DEMO_PORT = STACK.port;
export const DEMO_DATA_DIR = STACK.dataDir;
export const DEMO_SANDBOX_PORT = STACK.sandboxPort;
export const SESSION_CLOCK_FILE = STACK.sessionClockFile;
export const DEMO_SERVER_LOG = STACK.serverLog;

/**
 * Debian's Chromium headless shell when it is installed (scripts/test.sh installs it), else the full
 * browser: the same Blink and V8 without the full browser's compositor and GPU process. Measured on
 * 2 cores, 16 journeys: 86–92 s in the shell against 124–133 s in the full browser, twice each.
 */
const chromium = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/** A dashboard and its sandbox from a fresh data folder (the roster's stored sign-ins, `${dataDir}-state`, go too). */
function server(port: number, dataDir: string, sandboxPort: number, extraEnv: Record<string, string> = {}, log?: string) {
  const start = "node node_modules/tsx/dist/cli.mjs scripts/start.ts";
  return {
    command: `rm -rf ${dataDir} ${dataDir}-session-clock ${dataDir}-state && mkdir -p .data && ${log ? `${start} 2>&1 | tee ${log}` : start}`,
    url: `http://127.0.0.1:${port}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The servers log a JSON line per request (lib/observability): kept in `log` where a journey reads
    // it (the secrets journey), not echoed into the test run's output.
    stdout: "ignore" as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_BUILD: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      PAYMENT_API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
      DATABASE_URL: "",
      // The Node.js flags `npm start` runs the dashboard with (lib/config/node-flags.ts; tsx's cli
      // passes NODE_OPTIONS on to the process it starts, not its own command line's flags).
      NODE_OPTIONS: startNodeFlags().join(" "),
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  // A real SMTP server on a local port, which the demo dashboard mails invitations through.
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A journey that invites members by mail and signs them in takes 20–30 s per member on 2 busy
  // cores (one timed out at 60 s in a full run while taking 55 s alone): the net is 120 s; what a
  // member waits for is bounded by the 10 s expectations, not by this.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["./e2e/support/slowest-reporter.ts"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    // Read again in each worker (the config is loaded there too): the worker's own stack.
    baseURL: `http://127.0.0.1:${DEMO_PORT}`,
    // Recording a trace costs 10–15 % of the journeys' time on 2 cores (measured: 279 s against 316 s
    // for the same 16 journeys), so it is opt-in: E2E_TRACE=retain-on-failure npm test. A failure
    // still leaves its screenshot and error context (the page's ARIA snapshot) in test-results/.
    trace: (process.env.E2E_TRACE as "on" | "off" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    // Reconciliation on a short fuse, so a dropped webhook shows within seconds (e2e/events.spec.ts).
    ...Array.from({ length: WORKERS }, (_, i) => {
      const stack = demoStack(i);
      return server(
        stack.port,
        stack.dataDir,
        stack.sandboxPort,
        { SYNC_INTERVAL_SECONDS: "5", RECONCILE_WEBHOOK_GRACE_SECONDS: "0", SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2526}`, SESSION_CLOCK_OFFSET_FILE: stack.sessionClockFile },
        stack.serverLog,
      );
    }),
    server(FRESH_PORT, FRESH_DATA_DIR, FRESH_SANDBOX_PORT, { SEED_DEMO: "false" }),
  ],
});
