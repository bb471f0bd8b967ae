/**
 * Load on one and on two dashboard instances (issue "Scale out"): concurrent signed-in users drive
 * the main pages (Overview, Transactions, Send, Receive, Convert, Account) against one instance, then
 * two instances behind the local balancer (`npm run start:cluster`), both on a fresh PostgreSQL with
 * the demo and its sandbox. Prints throughput, p50/p99 and the scaling ratio. The load generator runs
 * on the same machine (2 cores here), which bounds what a second instance can add: said in the note.
 * Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL); skipped otherwise.
 */
import { cpus } from "node:os";
import type { Benchmark, BenchRow } from "./types";
import { median, percentile } from "./stats";
import { signInCookie, startBenchDashboard } from "./support/dashboard";
import { benchPostgresUrl, freshPostgresDatabase } from "./support/pg";

const PAGES = ["/overview", "/transactions", "/send", "/receive", "/convert", "/account"];
const USERS = 8;
const CONCURRENCY = 16;
const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 20);

async function drive(url: string, cookies: string[], seconds: number) {
  const samples: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < until) {
        const i = n++;
        const page = PAGES[i % PAGES.length]!;
        const t0 = performance.now();
        const res = await fetch(url + page, { headers: { cookie: cookies[(worker + i) % cookies.length]! }, redirect: "manual" }).catch(() => null);
        if (res) await res.arrayBuffer();
        if (!res || res.status !== 200) errors++;
        else samples.push(performance.now() - t0);
      }
    }),
  );
  return { samples, errors, throughput: samples.length / seconds };
}

async function measure(instances: number, pgUrl: string) {
  const db = await freshPostgresDatabase(pgUrl, `bench_cluster${instances}`);
  const app = await startBenchDashboard({ withSandbox: true, databaseUrl: db.url, env: { CLUSTER_INSTANCES: String(instances), SEED_DEMO: "true", SYNC_INTERVAL_SECONDS: "3600" } });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < USERS; i++) cookies.push(await signInCookie(app.url, app.admin.email, app.admin.password));
    await drive(app.url, cookies, 5); // warm-up: every page compiled and cached on every instance
    return await drive(app.url, cookies, SECONDS);
  } finally {
    await app.stop();
    await db.drop();
  }
}

const bench: Benchmark = {
  name: "scale out: one and two instances on PostgreSQL",
  budgetSeconds: 420,
  async run() {
    const pgUrl = benchPostgresUrl();
    if (!pgUrl) return [{ metric: "skipped", value: 0, unit: "", note: "set BENCH_DATABASE_URL or TEST_DATABASE_URL" }];
    const rows: BenchRow[] = [];
    const one = await measure(1, pgUrl);
    const two = await measure(2, pgUrl);
    for (const [label, r] of [["1 instance", one], ["2 instances (balancer)", two]] as const) {
      rows.push({
        metric: `page mix, ${label}`,
        value: r.throughput,
        unit: "pages/s",
        note: `p50 ${median(r.samples).toFixed(0)} ms, p99 ${percentile(r.samples, 99).toFixed(0)} ms, ${r.samples.length} pages, ${r.errors} errors, ${USERS} users × ${CONCURRENCY} in flight, ${SECONDS} s`,
      });
    }
    rows.push({
      metric: "scaling, 2 instances vs 1",
      value: two.throughput / one.throughput,
      unit: "×",
      ratio: { value: two.throughput / one.throughput, against: "1 instance" },
      note: `${cpus().length} cores shared by the instances, PostgreSQL, the sandbox and this load generator`,
    });
    return rows;
  },
};

export default bench;
