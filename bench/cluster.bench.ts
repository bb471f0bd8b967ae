/**
 * Load on one and on two dashboard instances (issue "Scale out"), and what one page costs (issue
 * 31, "Lighter pages"): concurrent signed-in users drive the main pages (Overview, Transactions,
 * Send, Receive, Convert, Account) and an action (a PIX charge created through its server action,
 * which calls the sandbox), on a fresh PostgreSQL with the demo and its sandbox.
 *
 * 1. Before and after in one run: one instance as it was before issue 31 and one as it is, each
 *    on a database of its own, measured in turns: requests a second and the CPU time its processes
 *    spent per request (from /proc), medians of the rounds. "Before" is the build of
 *    `BENCH_BEFORE_REF` (`fbb8991`: main just before issue 31's first merge, built once in a
 *    worktree of its own) or, without it, this build with `PERF_BASELINE=1` (bench/support/before.ts).
 * 2. Scale out: one instance, then two behind the local balancer (`npm run start:cluster`), then the
 *    same two addressed directly in turn (what the balancer itself costs).
 *
 * Prints throughput, p50/p99, the ratios and how busy the machine's cores were (/proc/stat): the load
 * generator, PostgreSQL and the sandbox run on the same machine (2 cores here), which bounds what a
 * second instance can add. Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL); skipped
 * otherwise.
 */
import { cpus } from "node:os";
import type { Benchmark, BenchRow } from "./types";
import { median, percentile } from "./stats";
import { signInCookie, startBenchDashboard } from "./support/dashboard";
import { benchPostgresUrl, freshPostgresDatabase } from "./support/pg";
import { beforeAfterRows, driveMix, type MixRun } from "./support/mix";

const USERS = 8;
const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 20);
/** Before and after: rounds of this many seconds each, in turns. */
const ROUNDS = Number(process.env.CLUSTER_BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.CLUSTER_BENCH_ROUND_SECONDS ?? 10);

async function stack(pgUrl: string, instances: number, env: Record<string, string> = {}, root?: string) {
  const db = await freshPostgresDatabase(pgUrl, `bench_cluster${instances}`);
  const app = await startBenchDashboard({ withSandbox: true, databaseUrl: db.url, root, env: { CLUSTER_INSTANCES: String(instances), SEED_DEMO: "true", SYNC_INTERVAL_SECONDS: "3600", ...env } });
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push(await signInCookie(app.url, app.admin.email, app.admin.password));
  return {
    app,
    cookies,
    url: app.url,
    pid: app.pid,
    root: app.root,
    async stop() {
      await app.stop();
      await db.drop();
    },
  };
}

/** Starts `instances` on a fresh database; measures through the balancer, and (2+) directly. */
async function measure(instances: number, pgUrl: string): Promise<{ balanced: MixRun; direct?: MixRun }> {
  const s = await stack(pgUrl, instances);
  try {
    // With one instance there is no balancer: app.url is the instance. With N, they listen on PORT+1…PORT+N.
    const port = Number(new URL(s.app.url).port);
    const direct = instances > 1 ? Array.from({ length: instances }, (_, k) => `http://127.0.0.1:${port + 1 + k}`) : [s.app.url];
    await driveMix(direct, s.cookies, 5); // warm-up: every page compiled and cached on every instance
    const balanced = await driveMix([s.app.url], s.cookies, SECONDS, { cpuOf: [s.app.pid] });
    return { balanced, ...(instances > 1 ? { direct: await driveMix(direct, s.cookies, SECONDS, { cpuOf: [s.app.pid] }) } : {}) };
  } finally {
    await s.stop();
  }
}

const bench: Benchmark = {
  name: "scale out: one and two instances on PostgreSQL; before and after issue 31",
  budgetSeconds: 900,
  async run() {
    const pgUrl = benchPostgresUrl();
    if (!pgUrl) return [{ metric: "skipped", value: 0, unit: "", note: "set BENCH_DATABASE_URL or TEST_DATABASE_URL" }];
    // 1. Before and after, one instance each, in turns.
    const rows: BenchRow[] = await beforeAfterRows(
      "[PostgreSQL] 1 instance,",
      (which, spec) => (which === "before" ? stack(pgUrl, 1, spec.env, spec.root) : stack(pgUrl, 1)),
      { users: USERS, rounds: ROUNDS, seconds: ROUND_SECONDS },
    );

    // 2. Scale out (as it is now).
    const one = (await measure(1, pgUrl)).balanced;
    const { balanced: two, direct } = await measure(2, pgUrl);
    for (const [label, r] of [["1 instance", one], ["2 instances (balancer)", two], ["2 instances (addressed in turn, no balancer)", direct!]] as const) {
      rows.push({
        metric: `page mix + charges, ${label}`,
        value: r.throughput,
        unit: "req/s",
        note: `p50 ${median(r.samples).toFixed(0)} ms, p99 ${percentile(r.samples, 99).toFixed(0)} ms, ${r.samples.length} answers (${r.actions} charges created), ${r.errors} errors, ${r.cpuMsPerRequest.toFixed(1)} ms of the dashboard's CPU a request, machine CPU ${(r.cpuBusy * 100).toFixed(0)}% busy; ${USERS} users × 16 in flight, ${SECONDS} s`,
      });
    }
    const note = `${cpus().length} cores shared by the instances, PostgreSQL, the sandbox and this load generator; one instance already kept them ${(one.cpuBusy * 100).toFixed(0)}% busy`;
    rows.push({ metric: "scaling, 2 instances (balancer) vs 1", value: two.throughput / one.throughput, unit: "×", ratio: { value: two.throughput / one.throughput, against: "1 instance" }, note });
    rows.push({ metric: "scaling, 2 instances (no balancer) vs 1", value: direct!.throughput / one.throughput, unit: "×", ratio: { value: direct!.throughput / one.throughput, against: "1 instance" }, note });
    return rows;
  },
};

export default bench;
