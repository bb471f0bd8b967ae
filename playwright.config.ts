import { defineConfig, devices } from "@playwright/test";

/**
 * Journeys run against production builds (`next build` first), in Debian's
 * Chromium (Playwright's own browser download cannot work here). Two
 * dashboards are started: one on a seeded demo organisation, one on an empty
 * database for the first-run journey. Each starts from a fresh data folder.
 */
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 3210);
export const FRESH_PORT = Number(process.env.E2E_FRESH_PORT ?? 3211);
export const DEMO_DATA_DIR = ".data/e2e-demo";
export const FRESH_DATA_DIR = ".data/e2e-fresh";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function server(port: number, dataDir: string, sandboxPort: number, extraEnv: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && node node_modules/tsx/dist/cli.mjs scripts/start.ts`,
    url: `http://127.0.0.1:${port}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_BUILD: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      PAYMENT_API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
      DATABASE_URL: "",
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: `http://127.0.0.1:${DEMO_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["setup"],
      testIgnore: /auth\.setup\.ts/,
    },
  ],
  webServer: [
    server(DEMO_PORT, DEMO_DATA_DIR, 4110),
    server(FRESH_PORT, FRESH_DATA_DIR, 4111, { SEED_DEMO: "false" }),
  ],
});
