/**
 * Load on one and on two dashboard instances (issue "Scale out"): concurrent signed-in users drive
 * the main pages (Overview, Transactions, Send, Receive, Convert, Account) and an action (a PIX
 * charge created through its server action, which calls the sandbox) against one instance, then two
 * instances behind the local balancer (`npm run start:cluster`), then the same two addressed
 * directly in turn (what the balancer itself costs), all on a fresh PostgreSQL with the demo and its
 * sandbox. Prints throughput, p50/p99, the scaling ratio and how busy the machine's cores were
 * (/proc/stat) while measuring: the load generator, PostgreSQL and the sandbox run on the same
 * machine (2 cores here), which bounds what a second instance can add.
 * Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL); skipped otherwise.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import type { Benchmark, BenchRow } from "./types";
import { median, percentile } from "./stats";
import { serverActionId, signInCookie, startBenchDashboard } from "./support/dashboard";
import { benchPostgresUrl, freshPostgresDatabase } from "./support/pg";

const PAGES = ["/overview", "/transactions", "/send", "/receive", "/convert", "/account"];
/** One request in this many is the action (a charge created), the rest are the pages in turn. */
const ACTION_EVERY = 7;
const USERS = 8;
const CONCURRENCY = 16;
const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 20);

/** Machine-wide CPU time (jiffies) from /proc/stat: busy and total. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3]! + (n[4] ?? 0);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** `urls`: where requests go, in turn (one balancer, or the instances themselves). */
async function drive(urls: string[], cookies: string[], seconds: number) {
  const actionId = serverActionId("createChargeAction");
  const samples: number[] = [];
  let errors = 0;
  let actions = 0;
  const cpu0 = cpuTimes();
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < until) {
        const i = n++;
        const url = urls[i % urls.length]!;
        const cookie = cookies[(worker + i) % cookies.length]!;
        const t0 = performance.now();
        let ok = false;
        if (i % ACTION_EVERY === ACTION_EVERY - 1) {
          const form = { method: "PIX", amount: `${1 + (i % 90)},${String(i % 100).padStart(2, "0")}`, externalId: `bench-${randomBytes(6).toString("hex")}`, payer: { name: "Ana Souza", document: "529.982.247-25" } };
          const res = await fetch(url + "/receive", { method: "POST", headers: { cookie, "next-action": actionId, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component" }, body: JSON.stringify([form]) }).catch(() => null);
          const text = res ? await res.text() : "";
          ok = res?.status === 200 && text.includes('"ok":true');
          if (ok) actions++;
        } else {
          const page = PAGES[i % PAGES.length]!;
          const res = await fetch(url + page, { headers: { cookie }, redirect: "manual" }).catch(() => null);
          if (res) await res.arrayBuffer();
          ok = res?.status === 200;
        }
        if (!ok) errors++;
        else samples.push(performance.now() - t0);
      }
    }),
  );
  const cpu1 = cpuTimes();
  const cpuBusy = cpu0 && cpu1 ? (cpu1.busy - cpu0.busy) / (cpu1.total - cpu0.total) : NaN;
  return { samples, errors, actions, cpuBusy, throughput: samples.length / seconds };
}

type Run = Awaited<ReturnType<typeof drive>>;

/** Starts `instances` on a fresh database; measures through the balancer, and (2+) directly. */
async function measure(instances: number, pgUrl: string): Promise<{ balanced: Run; direct?: Run }> {
  const db = await freshPostgresDatabase(pgUrl, `bench_cluster${instances}`);
  const app = await startBenchDashboard({ withSandbox: true, databaseUrl: db.url, env: { CLUSTER_INSTANCES: String(instances), SEED_DEMO: "true", SYNC_INTERVAL_SECONDS: "3600" } });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < USERS; i++) cookies.push(await signInCookie(app.url, app.admin.email, app.admin.password));
    // With one instance there is no balancer: app.url is the instance. With N, they listen on PORT+1…PORT+N.
    const port = Number(new URL(app.url).port);
    const direct = instances > 1 ? Array.from({ length: instances }, (_, k) => `http://127.0.0.1:${port + 1 + k}`) : [app.url];
    await drive(direct, cookies, 5); // warm-up: every page compiled and cached on every instance
    const balanced = await drive([app.url], cookies, SECONDS);
    return { balanced, ...(instances > 1 ? { direct: await drive(direct, cookies, SECONDS) } : {}) };
  } finally {
    await app.stop();
    await db.drop();
  }
}

const bench: Benchmark = {
  name: "scale out: one and two instances on PostgreSQL",
  budgetSeconds: 600,
  async run() {
    const pgUrl = benchPostgresUrl();
    if (!pgUrl) return [{ metric: "skipped", value: 0, unit: "", note: "set BENCH_DATABASE_URL or TEST_DATABASE_URL" }];
    const rows: BenchRow[] = [];
    const one = (await measure(1, pgUrl)).balanced;
    const { balanced: two, direct } = await measure(2, pgUrl);
    for (const [label, r] of [["1 instance", one], ["2 instances (balancer)", two], ["2 instances (addressed in turn, no balancer)", direct!]] as const) {
      rows.push({
        metric: `page mix + charges, ${label}`,
        value: r.throughput,
        unit: "req/s",
        note: `p50 ${median(r.samples).toFixed(0)} ms, p99 ${percentile(r.samples, 99).toFixed(0)} ms, ${r.samples.length} answers (${r.actions} charges created), ${r.errors} errors, machine CPU ${(r.cpuBusy * 100).toFixed(0)}% busy; ${USERS} users × ${CONCURRENCY} in flight, ${SECONDS} s`,
      });
    }
    const note = `${cpus().length} cores shared by the instances, PostgreSQL, the sandbox and this load generator; one instance already kept them ${(one.cpuBusy * 100).toFixed(0)}% busy`;
    rows.push({ metric: "scaling, 2 instances (balancer) vs 1", value: two.throughput / one.throughput, unit: "×", ratio: { value: two.throughput / one.throughput, against: "1 instance" }, note });
    rows.push({ metric: "scaling, 2 instances (no balancer) vs 1", value: direct!.throughput / one.throughput, unit: "×", ratio: { value: direct!.throughput / one.throughput, against: "1 instance" }, note });
    return rows;
  },
};

export default bench;
