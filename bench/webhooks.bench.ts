/**
 * Sandbox webhook dispatcher throughput: webhooks delivered per second to a local node:http receiver
 * (answering 200 at once), against the sandbox on PGlite in its own process (`node --import tsx
 * sandbox/main.ts`, a fresh temporary data directory), so the receiver and the sandbox each get one
 * core of a 2-core machine. Median of RUNS runs of N webhooks each, two figures:
 *
 * - simulate → delivered: N charges paid through POST /sandbox/transactions/{id}/simulate
 *   (16 at a time); from the first simulate call to the N-th webhook received. Each payment is a
 *   database transaction (ledger, status, outbox row) and its webhook leaves as soon as it commits.
 * - backlog drain: N deliveries already due (N/2 fixed-wallet deposits, each with wallet_deposit and
 *   cashin.confirmed; every first attempt answered 500), then the clock is advanced past the
 *   1-minute retry; from the advance to the N-th webhook received: the dispatcher alone (claim due
 *   rows, POST, record the attempt).
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { median } from "./stats";
import { pool, startSandbox } from "./support/sandbox";
import type { Benchmark, BenchRow } from "./types";

const N = 800;
const RUNS = 3;
const CONCURRENCY = 16;

/** A receiver counting webhooks per path; `failing` paths answer 500. */
async function startReceiver() {
  const counts = new Map<string, number>();
  const failing = new Set<string>();
  const waiters: { path: string; n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const p = req.url ?? "/";
      const n = (counts.get(p) ?? 0) + 1;
      counts.set(p, n);
      res.writeHead(failing.has(p) ? 500 : 200, { "content-type": "application/json" });
      res.end("{}");
      for (const w of [...waiters]) {
        if (w.path === p && n >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    failing,
    waitFor: (p: string, n: number, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        if ((counts.get(p) ?? 0) >= n) return resolve();
        const timer = setTimeout(() => reject(new Error(`${p}: ${counts.get(p) ?? 0} of ${n} webhooks after ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ path: p, n, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { success: boolean; data: Record<string, unknown> };
  if (!body.success) throw new Error(`${init.method ?? "GET"} ${url}: ${JSON.stringify(body)}`);
  return body.data;
}

const benchmark: Benchmark = {
  name: "sandbox webhooks (PGlite)",
  budgetSeconds: 60,
  async run(): Promise<BenchRow[]> {
    const admin = randomBytes(16).toString("hex");
    const rx = await startReceiver();
    const sandbox = await startSandbox(admin);
    const { url } = sandbox;
    const json = { "content-type": "application/json" };
    const adminHeaders = { ...json, authorization: `Bearer ${admin}` };
    try {
      const created = await call(`${url}/sandbox/accounts`, { method: "POST", headers: adminHeaders, body: JSON.stringify({ username: "bench_webhooks" }) });
      const cred = created.credential as { client_id: string; client_secret: string };
      await call(`${url}/sandbox/credentials/${cred.client_id}/activate`, { method: "POST", headers: adminHeaders });
      const tok = await call(`${url}/v2/oauth/token`, {
        method: "POST",
        headers: { ...json, authorization: `Basic ${Buffer.from(`${cred.client_id}:${cred.client_secret}`).toString("base64")}` },
        body: JSON.stringify({ grant_type: "client_credentials" }),
      });
      const auth = { ...json, authorization: `Bearer ${tok.access_token as string}` };
      let seq = 0;
      const charges = async (hookPath: string, n: number): Promise<string[]> => {
        const ids: string[] = [];
        await pool(
          Array.from({ length: n }, () => null),
          CONCURRENCY,
          async () => {
            const d = await call(`${url}/v2/transactions/cashin`, {
              method: "POST",
              headers: auth,
              body: JSON.stringify({ amount: 10, currency: "BRL", external_id: `wh-${seq++}`, payer: { name: "Bench Payer", document: "52998224725" }, postback_url: rx.url(hookPath) }),
            });
            ids.push(d.transaction_id as string);
          },
        );
        return ids;
      };
      const wallet = await call(`${url}/v2/transactions/wallet`, { method: "POST", headers: auth, body: '{"currency":"BRL"}' });
      const deposits = (n: number) =>
        pool(
          Array.from({ length: n }, () => null),
          CONCURRENCY,
          () => call(`${url}/sandbox/wallets/${wallet.wallet_id as string}/deposit`, { method: "POST", headers: adminHeaders, body: '{"amount":10}' }),
        );
      const pay = (ids: string[]) =>
        pool(ids, CONCURRENCY, (id) => call(`${url}/sandbox/transactions/${id}/simulate`, { method: "POST", headers: adminHeaders, body: '{"event":"cashin.confirmed"}' }));

      const endToEnd: number[] = [];
      const drain: number[] = [];
      for (let run = 0; run <= RUNS; run++) {
        // run 0 warms up (JIT, PGlite caches, keep-alive sockets) on a third of the work and is not counted
        const n = run === 0 ? 2 * Math.round(N / 6) : N; // even: two webhooks per deposit
        const live = `/live-${run}`;
        const ids = await charges(live, n);
        const t0 = performance.now();
        await pay(ids);
        await rx.waitFor(live, n);
        const e2e = (n / (performance.now() - t0)) * 1000;

        const backlog = `/backlog-${run}`;
        rx.failing.add(backlog);
        await call(`${url}/sandbox/credentials/${cred.client_id}`, { method: "PUT", headers: adminHeaders, body: JSON.stringify({ postback_url: rx.url(backlog) }) });
        await deposits(n / 2);
        await rx.waitFor(backlog, n); // every first attempt answered 500: n deliveries due in 1 minute
        rx.failing.delete(backlog);
        const t1 = performance.now();
        await call(`${url}/sandbox/clock/advance`, { method: "POST", headers: adminHeaders, body: JSON.stringify({ seconds: 61 }) });
        await rx.waitFor(backlog, 2 * n);
        const dr = (n / (performance.now() - t1)) * 1000;
        if (run > 0) {
          endToEnd.push(e2e);
          drain.push(dr);
        }
      }
      const note = (xs: number[]) => `median of ${RUNS} runs of ${N}: ${xs.map((x) => Math.round(x)).join(", ")}`;
      return [
        { metric: "webhooks delivered/s, simulate → received", value: Math.round(median(endToEnd)), unit: "webhooks/s", note: `${note(endToEnd)}; ${CONCURRENCY} simulate calls in flight` },
        { metric: "webhooks delivered/s, backlog drain", value: Math.round(median(drain)), unit: "webhooks/s", note: `${note(drain)}; dispatcher concurrency 32` },
      ];
    } finally {
      await sandbox.stop();
      await rx.close();
    }
  },
};

export default benchmark;
