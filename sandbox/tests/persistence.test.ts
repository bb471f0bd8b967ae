/**
 * State survives a restart (PGlite directory; PostgreSQL database), and sandbox/main.ts starts from
 * its environment, refuses to start without SANDBOX_ADMIN_TOKEN and stops cleanly on SIGTERM.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../server";
import { ADMIN, Api, freshPostgresDatabase, newClient, payer, uniq } from "./helpers";
import { patient } from "@/test/support/patience";

const ROOT = path.resolve(import.meta.dirname, "../..");

type Target = { name: string; open: () => Promise<{ dataDir?: string; databaseUrl?: string; cleanup(): Promise<void> }> };

const targets: Target[] = [
  {
    name: "pglite directory",
    async open() {
      const dataDir = mkdtempSync(path.join(tmpdir(), "sandbox-persist-"));
      return { dataDir, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "postgres database",
          async open() {
            const db = await freshPostgresDatabase();
            return { databaseUrl: db.url, cleanup: db.drop };
          },
        },
      ]
    : []),
];

describe.each(targets)("persistence ($name)", (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("keeps accounts, tokens, transactions, balances, clock and settings across a restart", async () => {
    const store = await target.open();
    cleanups.push(store.cleanup);
    const opts = { port: 0, host: "127.0.0.1", adminToken: ADMIN, dataDir: store.dataDir, databaseUrl: store.databaseUrl };

    const first = await createSandbox(opts);
    let api = new Api(first.url, () => first.clock.now());
    const c = await newClient(api, { balances: { BRL: 100 } });
    const cashin = await api.post<{ transaction_id: string }>("/v2/transactions/cashin", { amount: 12.34, currency: "BRL", external_id: "persist-1", payer }, { token: c.token });
    expect(cashin.status).toBe(201);
    const out = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 40, currency: "BRL", key: "52998224725", key_type: "cpf" });
    expect(out.status).toBe(202);
    await api.advance(600);
    // a day: long enough that the pending cash-out above is not settled by itself at the restart
    await api.admin("PUT", "/sandbox/settings", { hmac_required: false, auto_settle_cashout_seconds: 86_400, drop_webhooks: true });
    const clockBefore = first.clock.offsetMs;
    await first.close();

    const second = await createSandbox(opts);
    try {
      api = new Api(second.url, () => second.clock.now());
      expect(second.clock.offsetMs).toBe(clockBefore);
      // the token issued before the restart is still valid (secret and credential persisted)
      const list = await api.post<{ items: { transaction_id: string; external_id: string }[] }>("/v2/account/transactions/list", { external_id: "persist-1" }, { token: c.token });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.data.items.map((i) => i.transaction_id)).toEqual([cashin.body.data.transaction_id]);
      const bal = await api.get<{ balances: { currency: string; available: number; blocked: number }[] }>("/v2/account/balance", { token: c.token });
      expect(bal.body.data.balances.find((b) => b.currency === "BRL")).toMatchObject({ available: 60, blocked: 40 });
      // idempotency survives too
      const replay = await api.post("/v2/transactions/cashin", { amount: 12.34, currency: "BRL", external_id: "persist-1", payer }, { token: c.token });
      expect(replay.status).toBe(201);
      expect(replay.body.data).toEqual(cashin.body.data);
      // so do the usage counters (rebuilt from the transactions) and the settings
      const limits = await api.get<{ limits: { currency: string; operation: string; daily_used: number }[] }>("/v2/account/limits", { token: c.token });
      expect(limits.body.data.limits.find((l) => l.currency === "BRL" && l.operation === "cashout")?.daily_used).toBe(40);
      const s = await api.admin("PUT", "/sandbox/settings", {});
      expect(s.body.data).toEqual({ hmac_required: false, auto_settle_cashout_seconds: 86_400, drop_webhooks: true });
    } finally {
      await second.close();
    }
  }, patient(120_000));
});

function runMain(env: Record<string, string>): { done: Promise<{ code: number | null; out: string }>; kill(signal: NodeJS.Signals): void; waitFor(re: RegExp): Promise<string> } {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(childEnv)) if (k.startsWith("SANDBOX_")) delete childEnv[k];
  // The test reads what it logs at info level (vitest runs with LOG_LEVEL=warn).
  Object.assign(childEnv, { LOG_LEVEL: "info" }, env);
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const waiters: { re: RegExp; resolve: (s: string) => void }[] = [];
  const onData = (b: Buffer) => {
    out += b.toString();
    for (const w of waiters) {
      const m = w.re.exec(out);
      if (m) w.resolve(m[1] ?? m[0]);
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const done = new Promise<{ code: number | null; out: string }>((resolve) => child.once("exit", (code) => resolve({ code, out })));
  return {
    done,
    kill: (signal) => child.kill(signal),
    waitFor: (re) =>
      new Promise((resolve, reject) => {
        const m = re.exec(out);
        if (m) return resolve(m[1] ?? m[0]);
        waiters.push({ re, resolve });
        void done.then(() => reject(new Error(`exited before ${re}: ${out}`)));
      }),
  };
}

describe("sandbox/main.ts", () => {
  it("refuses to start without SANDBOX_ADMIN_TOKEN, with a clear message", async () => {
    const { code, out } = await runMain({}).done;
    expect(code).toBe(1);
    expect(out).toContain("SANDBOX_ADMIN_TOKEN is not set");
  }, patient(60_000));

  it("refuses a SANDBOX_ADMIN_TOKEN shorter than 32 characters, with a clear message", async () => {
    const p = runMain({ SANDBOX_ADMIN_TOKEN: "short", SANDBOX_PORT: "0", SANDBOX_DATA_DIR: ":memory:" });
    const { code, out } = await p.done;
    expect(code).not.toBe(0);
    expect(out).toContain("SANDBOX_ADMIN_TOKEN must be at least 32 characters");
  }, patient(60_000));

  it("starts from the environment, logs its URL, and stops cleanly on SIGTERM", async () => {
    const p = runMain({ SANDBOX_ADMIN_TOKEN: "main-test-0123456789abcdef0123456789", SANDBOX_PORT: "0", SANDBOX_DATA_DIR: ":memory:" });
    const url = await p.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const health = await fetch(`${url}/sandbox/health`);
    expect(health.status).toBe(200);
    const unauthorized = await fetch(`${url}/sandbox/clock/advance`, { method: "POST", headers: { authorization: "Bearer wrong" } });
    expect(unauthorized.status).toBe(401);
    p.kill("SIGTERM");
    const { code, out } = await p.done;
    expect(code).toBe(0);
    expect(out).toContain("SIGTERM: shutting down");
  }, patient(120_000));
});
