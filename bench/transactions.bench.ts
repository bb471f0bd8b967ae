/**
 * Transactions at scale, on the production build with the demo connected to the sandbox, after
 * 100,000 rows were added to the demo organisation's mirror (written while the dashboard was
 * stopped for PGlite, which one process owns at a time; directly for PostgreSQL):
 *
 * - server render time of /transactions (100 rows a page), warm: the default view, a filtered and
 *   amount-sorted view, and a free-text search; median and p95 of sequential requests;
 * - the CSV export of all 100,000 rows: time to the last byte, and the dashboard process's resident
 *   memory before and at its peak during the export (sampled every 50 ms from /proc);
 * - Lighthouse (desktop preset, Debian's Chromium) for Overview and Transactions, signed in.
 */
import { readFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../lib/db/driver";
import * as schema from "../lib/db/schema";
import type { Db } from "../lib/db/scope";
import { median, percentile } from "./stats";
import { signInCookie, startBenchDashboard } from "./support/dashboard";
import { benchPostgresUrl, freshPostgresDatabase } from "./support/pg";
import type { Benchmark, BenchRow } from "./types";

const N = 100_000;
/** `BENCH_TRANSACTIONS=render,export,lighthouse,pglite,postgres` runs only those parts (all by default). */
const parts = (process.env.BENCH_TRANSACTIONS ?? "").split(",").filter(Boolean);
const part = (name: string) => !["render", "export", "lighthouse"].some((p) => parts.includes(p)) || parts.includes(name);
const backendOn = (name: string) => !["pglite", "postgres"].some((p) => parts.includes(p)) || parts.includes(name);
const RENDERS = 40;


/** 100,000 plausible rows for the demo organisation, older than its webhook registration (no reconciliation noise). */
async function fillMirror(db: Db) {
  const rows = (await db.execute(sql`select active_organization_id as org from users where email = 'admin@demo.test'`)) as unknown as { rows: { org: string }[] };
  const org = rows.rows[0]!.org;
  await db.execute(sql`
    insert into transactions (organization_id, environment, transaction_id, external_id, type, source, method, status, amount, fee, amount_net,
                              currency, payer_name, payer_document, api_created_at, origin, verified_at, webhook_event, webhook_at)
    select ${org}::uuid, 'sandbox', 'bench-' || lpad(g::text, 6, '0'), 'order-' || g,
           case when g % 3 = 0 then 'cashout' else 'cashin' end,
           case when g % 3 = 0 then 'cashout' else 'cashin' end,
           (array['PIX','PIX','BOLETO','SPEI','CRYPTO'])[1 + g % 5],
           case when g % 3 <> 0 and g % 10 = 1 then 'pending' else (array['confirmed','confirmed','confirmed','failed','refunded'])[1 + g % 5] end,
           a, round(a * 0.015, 2), a - round(a * 0.015, 2),
           (array['BRL','BRL','MXN','USDT'])[1 + g % 4],
           (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela'])[1 + g % 7] || ' ' || (array['Souza','Lima','Santos','García','López'])[1 + g % 5] || ' ' || (g % 997),
           lpad(((g::bigint * 7919) % 99999999999)::text, 11, '0'),
           now() - interval '1 day' - (g || ' minutes')::interval, 'sync', now(), 'cashin.confirmed', now()
    from (select g, round((1 + (g * 7717 % 500000) / 100.0)::numeric, 2) as a from generate_series(1, ${N}) g) s`);
  await db.execute(sql`analyze transactions`);
}

/** The dashboard's processes: the start script and its children, without the sandbox (found once: `ps` is slow). */
function dashboardPids(rootPid: number): number[] {
  const pids: number[] = [rootPid];
  const children = (pid: number) => {
    try {
      const out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(pid)], { encoding: "utf8" }).trim();
      return out ? out.split("\n").map((l) => l.trim().split(/\s+/)) : [];
    } catch {
      return [];
    }
  };
  for (const [pid, ...args] of children(rootPid)) {
    if (!pid || args.join(" ").includes("sandbox/main.ts")) continue;
    pids.push(Number(pid));
    for (const [gp, ...ga] of children(Number(pid))) if (gp && !ga.join(" ").includes("sandbox/main.ts")) pids.push(Number(gp));
  }
  return [...new Set(pids)];
}

/**
 * Resident memory (MB) of those processes, from /proc (a few microseconds: the sampler must not
 * block this process's event loop, which reads the export; spawning `ps` every 50 ms did, and slowed
 * the export it measured twentyfold).
 */
function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      /* exited */
    }
  }
  return kb / 1024;
}

async function renderRows(backend: string, url: string, cookie: string): Promise<BenchRow[]> {
  const get = async (q: string) => {
    const t0 = performance.now();
    const res = await fetch(`${url}/transactions${q}`, { headers: { cookie }, redirect: "manual" });
    const html = await res.text();
    if (res.status !== 200 || !html.includes("data-testid=\"pager-summary\"")) throw new Error(`/transactions${q} answered ${res.status}`);
    return performance.now() - t0;
  };
  const views: [string, string][] = [
    ["newest first", "?size=100"],
    ["paid BRL cash-ins, largest amount first", "?size=100&status=confirmed&currency=BRL&type=cashin&sort=amount.desc"],
    ["free-text search (payer)", "?size=100&q=Carla%20Santos"],
  ];
  const out: BenchRow[] = [];
  for (const [name, q] of views) {
    for (let i = 0; i < 5; i++) await get(q);
    const xs: number[] = [];
    for (let i = 0; i < RENDERS; i++) xs.push(await get(q));
    out.push({ metric: `[${backend}] GET /transactions, ${name}, 100 of 100,000+ rows`, value: Math.round(median(xs) * 10) / 10, unit: "ms", note: `p95 ${percentile(xs, 95).toFixed(1)} ms, n=${RENDERS}, warm; target < 150 ms median` });
  }
  return out;
}

async function exportRows(backend: string, url: string, cookie: string, pid: number): Promise<BenchRow[]> {
  const pids = dashboardPids(pid);
  const before = rssMb(pids);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 50);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/transactions/export`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (lines - 1 < N) throw new Error(`the export held ${lines - 1} rows`);
  return [
    { metric: `[${backend}] CSV export of ${(lines - 1).toLocaleString("en-US")} rows`, value: Math.round(seconds * 100) / 100, unit: "s", note: `${(bytes / 1e6).toFixed(1)} MB; target < 10 s` },
    { metric: `[${backend}] dashboard RSS during the export (peak)`, value: Math.round(peak), unit: "MB", note: `before ${Math.round(before)} MB, +${Math.round(peak - before)} MB during it; target: flat, under 200 MB` },
  ];
}

async function lighthouseRows(url: string, cookie: string): Promise<BenchRow[]> {
  const { default: lighthouse } = await import("lighthouse");
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  const out: BenchRow[] = [];
  try {
    for (const page of ["/overview", "/transactions"]) {
      const perf: number[] = [];
      let a11y = 0;
      for (let run = 0; run < 3; run++) {
        const result = await lighthouse(`${url}${page}`, { port: chrome.port, output: "json", logLevel: "error", extraHeaders: { Cookie: cookie }, onlyCategories: ["performance", "accessibility"] }, desktopConfig);
        const lhr = result!.lhr;
        if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.includes(page)) throw new Error(`Lighthouse landed on ${lhr.finalDisplayedUrl}`);
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        a11y = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      }
      out.push({ metric: `Lighthouse ${page} performance (desktop)`, value: median(perf), unit: "/100", note: `runs ${perf.join(", ")}; target ≥ 95` });
      out.push({ metric: `Lighthouse ${page} accessibility`, value: a11y, unit: "/100", note: "target 100" });
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

async function backendRows(backend: "pglite" | "postgres"): Promise<BenchRow[]> {
  const pg = backend === "postgres" ? await freshPostgresDatabase(benchPostgresUrl()!, "bench_tx") : undefined;
  const env = pg ? { SEED_DEMO: "true" } : undefined;
  // First start: the demo organisation and its sandbox connection; then 100,000 rows while stopped.
  const first = await startBenchDashboard({ withSandbox: true, keepData: true, databaseUrl: pg?.url, env });
  await first.stop();
  const opened = await openDatabase({ url: pg?.url, dataDir: path.join(first.dataDir, "db"), schema, migrationsFolder: path.resolve("lib/db/migrations") });
  try {
    await fillMirror(opened.db);
  } finally {
    await opened.close();
  }
  const app = await startBenchDashboard({ withSandbox: true, dataDir: first.dataDir, sandboxPort: first.sandbox!.port, databaseUrl: pg?.url, env });
  try {
    const cookie = await signInCookie(app.url, app.admin.email, app.admin.password);
    const rows = [...(part("render") ? await renderRows(backend, app.url, cookie) : []), ...(part("export") ? await exportRows(backend, app.url, cookie, app.pid) : [])];
    if (backend === "pglite" && part("lighthouse")) rows.push(...(await lighthouseRows(app.url, cookie)));
    return rows;
  } finally {
    await app.stop();
    rmSync(first.dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const bench: Benchmark = {
  name: "transactions: 100,000-row mirror, export, Lighthouse",
  budgetSeconds: 600,
  async run() {
    const rows = backendOn("pglite") ? await backendRows("pglite") : [];
    if (benchPostgresUrl() && backendOn("postgres")) rows.push(...(await backendRows("postgres")));
    return rows;
  },
};

export default bench;
