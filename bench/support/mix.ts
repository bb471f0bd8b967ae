/**
 * The page mix the scale-out and foundation benchmarks drive: signed-in users load the main pages
 * (Overview, Transactions, Send, Receive, Convert, Account) in turn, and one request in
 * `ACTION_EVERY` creates a PIX charge through its server action (which calls the sandbox). Also the
 * CPU time a dashboard's processes spend (from /proc), so that a run can say what a page costs.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { median } from "../stats";
import type { BenchRow } from "../types";
import { beforeStack, type BeforeStack } from "./before";
import { serverActionId } from "./dashboard";

export const PAGES = ["/overview", "/transactions", "/send", "/receive", "/convert", "/account"];
/** One request in this many is the action (a charge created), the rest are the pages in turn. */
export const ACTION_EVERY = 7;

/** Machine-wide CPU time (jiffies) from /proc/stat: busy and total. */
export function cpuTimes(): { busy: number; total: number } | null {
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

/**
 * CPU milliseconds (user + system) spent so far by `rootPid` and its descendants, leaving out those
 * whose command line matches `exclude` (the sandbox, which stands in for the provider) with theirs.
 * Clock ticks are 10 ms on Linux (USER_HZ 100).
 */
export function treeCpuMs(rootPid: number, exclude = /sandbox\/main\.ts/): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(name), Number(f[1]));
      ticks.set(Number(name), Number(f[11]) + Number(f[12]));
    } catch {
      /* gone meanwhile */
    }
  }
  const cmd = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      return "";
    }
  };
  let total = 0;
  const visit = (pid: number) => {
    if (exclude.test(cmd(pid))) return;
    total += ticks.get(pid) ?? 0;
    for (const [child, p] of parent) if (p === pid) visit(child);
  };
  visit(rootPid);
  return total * 10;
}

export type MixRun = { samples: number[]; errors: number; actions: number; requests: number; seconds: number; throughput: number; cpuBusy: number; cpuMsPerRequest: number };

/**
 * `urls`: where requests go, in turn (one balancer, or the instances themselves). `cpuOf`: the pids
 * whose process trees serve them, for the CPU each request cost.
 * `root`: the checkout whose build serves them (its server actions' ids), this one by default.
 */
export async function driveMix(urls: string[], cookies: string[], seconds: number, opts: { concurrency?: number; cpuOf?: number[]; root?: string } = {}): Promise<MixRun> {
  const concurrency = opts.concurrency ?? 16;
  const actionId = serverActionId("createChargeAction", opts.root);
  const samples: number[] = [];
  let errors = 0;
  let actions = 0;
  const cpu0 = cpuTimes();
  const tree0 = (opts.cpuOf ?? []).reduce((a, pid) => a + treeCpuMs(pid), 0);
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
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
  const tree1 = (opts.cpuOf ?? []).reduce((a, pid) => a + treeCpuMs(pid), 0);
  const requests = samples.length + errors;
  return {
    samples,
    errors,
    actions,
    requests,
    seconds,
    throughput: samples.length / seconds,
    cpuBusy: cpu0 && cpu1 ? (cpu1.busy - cpu0.busy) / (cpu1.total - cpu0.total) : NaN,
    cpuMsPerRequest: opts.cpuOf?.length ? (tree1 - tree0) / Math.max(1, requests) : NaN,
  };
}

/**
 * Before and after in one run: the two stacks measured in turns (`rounds` of `seconds` each), so
 * that the machine's drift (other work, heat) falls on both alike; the medians of the rounds.
 */
type MixStack = { url: string; pid: number; cookies: string[]; root?: string };
export type MixSummary = { throughput: number; cpuMsPerRequest: number; p50: number; p99: number; errors: number; actions: number; requests: number; cpuBusy: number };

export async function beforeAfter(stacks: { before: MixStack; after: MixStack }, rounds: number, seconds: number): Promise<Record<"before" | "after", MixSummary>> {
  const runs: Record<"before" | "after", MixRun[]> = { before: [], after: [] };
  const drive = (s: "before" | "after", secs: number) => driveMix([stacks[s].url], stacks[s].cookies, secs, { cpuOf: [stacks[s].pid], root: stacks[s].root });
  for (const s of ["before", "after"] as const) await drive(s, 3); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 ? (["after", "before"] as const) : (["before", "after"] as const)) runs[s].push(await drive(s, seconds));
  }
  const sum = (s: "before" | "after") => {
    const all = runs[s].flatMap((r) => r.samples).sort((a, b) => a - b);
    return {
      throughput: median(runs[s].map((r) => r.throughput)),
      cpuMsPerRequest: median(runs[s].map((r) => r.cpuMsPerRequest)),
      p50: median(all),
      p99: all[Math.min(all.length - 1, Math.ceil(all.length * 0.99) - 1)] ?? NaN,
      errors: runs[s].reduce((a, r) => a + r.errors, 0),
      actions: runs[s].reduce((a, r) => a + r.actions, 0),
      requests: runs[s].reduce((a, r) => a + r.requests, 0),
      cpuBusy: median(runs[s].map((r) => r.cpuBusy)),
    };
  };
  return { before: sum("before"), after: sum("after") };
}

/**
 * The before-and-after part of `npm run bench -- dashboard` and `cluster`: starts the "before"
 * (bench/support/before.ts: `BENCH_BEFORE_REF`'s build, else this build with PERF_BASELINE=1) and
 * this build with `start`, measures them in turns, stops both, and gives the report's rows under
 * `label` ("[PGlite]", "[PostgreSQL] … 1 instance").
 */
export async function beforeAfterRows<S extends MixStack & { stop(): Promise<void> }>(
  label: string,
  start: (which: "before" | "after", before: BeforeStack) => Promise<S>,
  opts: { users: number; rounds: number; seconds: number },
): Promise<BenchRow[]> {
  const spec = beforeStack();
  const before = await start("before", spec);
  const after = await start("after", spec).catch(async (e) => {
    await before.stop();
    throw e;
  });
  try {
    const r = await beforeAfter({ before, after }, opts.rounds, opts.seconds);
    const note = (x: MixSummary) =>
      `p50 ${x.p50.toFixed(0)} ms, p99 ${x.p99.toFixed(0)} ms, ${x.requests} requests (${x.actions} charges), ${x.errors} errors, machine ${(x.cpuBusy * 100).toFixed(0)}% busy; ${opts.users} users × 16 in flight, ${opts.rounds} rounds of ${opts.seconds} s in turns`;
    return [
      { metric: `${label} page mix, before (${spec.label})`, value: r.before.throughput, unit: "req/s", note: note(r.before) },
      { metric: `${label} page mix, after (target ×3 before)`, value: r.after.throughput, unit: "req/s", ratio: { value: r.after.throughput / r.before.throughput, against: "before" }, note: note(r.after) },
      { metric: `${label} CPU per request, before (${spec.label})`, value: r.before.cpuMsPerRequest, unit: "ms", note: "the dashboard's processes (not the sandbox), median of the rounds" },
      { metric: `${label} CPU per request, after (target ≤ 20 ms)`, value: r.after.cpuMsPerRequest, unit: "ms", ratio: { value: r.after.cpuMsPerRequest / r.before.cpuMsPerRequest, against: "before" } },
    ];
  } finally {
    await before.stop();
    await after.stop();
  }
}
