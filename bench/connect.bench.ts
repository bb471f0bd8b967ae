/**
 * Connect: what the organisation's API context costs per call on top of the bare typed client, on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL), against a local server
 * answering a fixed envelope, before and after issue 31 in one run (measured in turns): "before"
 * reads the credential and takes a rate slot in SQL for every call; "after" keeps the credential in
 * process (lib/db/shared-cache.ts) and takes slots in batches (rate-budget.ts); both write the
 * request log and share the token. Also a cached account read, and the server render time of
 * Settings → API credentials on the production build with the demo connected to the sandbox.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { InMemoryTokenStore, PaymentApiClient } from "../lib/payment-api";
import { openDatabase } from "../lib/db/driver";
import * as schema from "../lib/db/schema";
import { ApiContext } from "../lib/api-context/context";
import { SharedCache } from "../lib/db/shared-cache";
import { createKeyring } from "../lib/security/sealing";
import { registerCredential } from "../lib/credentials/service";
import { median, percentile } from "./stats";
import { signInCookie, startBenchDashboard } from "./support/dashboard";
import { benchPostgresUrl, freshPostgresDatabase } from "./support/pg";
import type { Benchmark, BenchRow } from "./types";

/** The provider's clock is ours (a fixed timestamp would look like a clock running away, written to the database as it moved). */
const balance = () =>
  JSON.stringify({
    success: true,
    data: { balances: [{ currency: "BRL", available: 12345.67, blocked: 10.5, pending: 0 }] },
    request_id: "req_bench",
    timestamp: new Date().toISOString(),
  });
const TOKEN = JSON.stringify({ success: true, data: { access_token: "bench-token", expires_in: 3600 }, request_id: "r", timestamp: "t" });

function startServer() {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body = req.url === "/v2/oauth/token" ? TOKEN : balance();
      // Rate headers as far from the limit as the bench's own (limitOverrides): a provider saying
      // "119 of 120 left" to a budget of a billion would make every answer a restriction to record.
      res.writeHead(200, { "content-type": "application/json", "x-ratelimit-limit": "1000000000", "x-ratelimit-remaining": "999999999", "x-ratelimit-reset": "1893456000", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => (server.closeAllConnections(), new Promise((r) => server.close(() => r()))) });
    }),
  );
}

async function samples(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  for (let i = 0; i < 50; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    xs.push((performance.now() - t0) * 1000);
  }
  return xs;
}

async function contextRows(backend: string, url: string | undefined, api: string): Promise<BenchRow[]> {
  const fresh = url ? await freshPostgresDatabase(url, "bench_connect") : undefined;
  const dbUrl = fresh?.url;
  const drop = fresh?.drop;
  // PGlite on a thread of its own, as the dashboard opens it (lib/db/index.ts).
  const opened = await openDatabase({ url: dbUrl, schema, migrationsFolder: path.resolve("lib/db/migrations"), thread: !dbUrl });
  let cache: SharedCache | undefined;
  try {
    const keyring = createKeyring(randomBytes(32).toString("base64"));
    const [org] = await opened.db.insert(schema.organizations).values({ name: "Bench" }).returning();
    await registerCredential(opened.db, keyring, org!.id, { userId: null, address: null }, {
      name: "Bench",
      environment: "sandbox",
      baseUrl: api,
      clientId: "bench",
      clientSecret: "bench-secret",
    });
    await opened.db.update(schema.apiCredentials).set({ status: "active" });
    // A limit the bench cannot reach: the budget is still decided in SQL (before: every call; after: every batch).
    const before = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring, limitOverrides: { balance: 1e9 } });
    cache = new SharedCache(opened.listen);
    await cache.start();
    const ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring, limitOverrides: { balance: 1e9 }, cache, rateBatches: true });
    const target = { organizationId: org!.id, environment: "sandbox" as const };
    const bare = new PaymentApiClient({ baseUrl: api, clientId: "bench", clientSecret: "bench-secret", tokenStore: new InMemoryTokenStore() });
    await bare.account.balance();
    const n = 1500;
    const xsBare: number[] = [];
    const xsBefore: number[] = [];
    const xsCtx: number[] = [];
    const xsCachedBefore: number[] = [];
    const xsCached: number[] = [];
    const balanceRead = async (c: PaymentApiClient) => (await c.account.balance()).balances.length;
    // Alternate in rounds so that drift hits all alike.
    for (let round = 0; round < 5; round++) {
      xsBare.push(...(await samples(() => bare.account.balance(), n / 5)));
      xsBefore.push(...(await samples(() => before.call(target, { userId: null }, (c) => c.account.balance()), n / 5)));
      xsCtx.push(...(await samples(() => ctx.call(target, { userId: null }, (c) => c.account.balance()), n / 5)));
      xsCachedBefore.push(...(await samples(() => before.read(target, { userId: null }, "balance", 60_000, balanceRead), n / 5)));
      xsCached.push(...(await samples(() => ctx.read(target, { userId: null }, "balance", 60_000, balanceRead), n / 5)));
    }
    await before.flush();
    await ctx.flush();
    const m = (xs: number[]) => Math.round(median(xs));
    const vsBare = (xs: number[]) => ({ value: median(xs) / median(xsBare), against: "bare client" });
    return [
      { metric: `[${backend}] bare client GET balance`, value: m(xsBare), unit: "µs/call", note: `p99 ${Math.round(percentile(xsBare, 99))} µs, n=${xsBare.length}` },
      {
        metric: `[${backend}] API context GET balance, before (credential read + rate slot per call)`,
        value: m(xsBefore),
        unit: "µs/call",
        ratio: vsBare(xsBefore),
        note: `p99 ${Math.round(percentile(xsBefore, 99))} µs, overhead ${m(xsBefore) - m(xsBare)} µs`,
      },
      {
        metric: `[${backend}] API context GET balance, after (credential in process, slots in batches; target ≤ ×2)`,
        value: m(xsCtx),
        unit: "µs/call",
        ratio: vsBare(xsCtx),
        note: `p99 ${Math.round(percentile(xsCtx, 99))} µs, overhead ${m(xsCtx) - m(xsBare)} µs; ×${(median(xsBefore) / median(xsCtx)).toFixed(1)} faster than before`,
      },
      { metric: `[${backend}] cached account read, before (the shared table)`, value: m(xsCachedBefore), unit: "µs/read", ratio: vsBare(xsCachedBefore), note: `p99 ${Math.round(percentile(xsCachedBefore, 99))} µs` },
      { metric: `[${backend}] cached account read, after (kept in process)`, value: m(xsCached), unit: "µs/read", ratio: vsBare(xsCached), note: `p99 ${Math.round(percentile(xsCached, 99))} µs` },
    ];
  } finally {
    await cache?.close();
    await opened.close();
    await drop?.();
  }
}

const bench: Benchmark = {
  name: "connect: API context overhead, credentials page",
  budgetSeconds: 180,
  async run() {
    const rows: BenchRow[] = [];
    const server = await startServer();
    try {
      rows.push(...(await contextRows("pglite", undefined, server.url)));
      const pgUrl = benchPostgresUrl();
      if (pgUrl) rows.push(...(await contextRows("postgres", pgUrl, server.url)));
    } finally {
      await server.close();
    }

    const app = await startBenchDashboard({ withSandbox: true });
    try {
      const cookie = await signInCookie(app.url, app.admin.email, app.admin.password);
      const get = async () => {
        const t0 = performance.now();
        const res = await fetch(`${app.url}/settings/credentials`, { headers: { cookie }, redirect: "manual" });
        const html = await res.text();
        if (res.status !== 200 || !html.includes("Demo sandbox")) throw new Error(`credentials page answered ${res.status}`);
        return performance.now() - t0;
      };
      for (let i = 0; i < 10; i++) await get();
      const xs: number[] = [];
      for (let i = 0; i < 100; i++) xs.push(await get());
      rows.push({ metric: "GET /settings/credentials server render (signed-in admin, warm)", value: Math.round(median(xs) * 10) / 10, unit: "ms", note: `p95 ${percentile(xs, 95).toFixed(1)} ms, n=100` });
    } finally {
      await app.stop();
    }
    return rows;
  },
};

export default bench;
