/**
 * The dashboard's foundation, on the embedded PGlite with the demo connected to its sandbox:
 * - before and after issue 31 ("Lighter pages") in one run: an instance as it was and one as it
 *   is, measured in turns under the page mix of bench/support/mix.ts: requests a second and the CPU
 *   time the dashboard's processes spent per request (from /proc). "Before" is the build of
 *   `BENCH_BEFORE_REF` (`BENCH_BEFORE_REF=fbb8991`: main just before issue 31's first merge, built
 *   once in a worktree of its own) or, without it, this build with `PERF_BASELINE=1`
 *   (lib/perf-baseline.ts: what issue 31 keeps in process off, the whole dictionary in every page),
 *   bench/support/before.ts;
 * - the HTML of every signed-in page, against this build with `PERF_BASELINE=1` (which brings back
 *   the whole dictionary only);
 * - how fast the sign-in page and the Overview answer (server response time of the production build);
 * - how much JavaScript each route sends to the browser, gzipped.
 */
import { gzipSync } from "node:zlib";
import type { Benchmark, BenchRow } from "./types";
import { median, percentile } from "./stats";
import { signInCookie, startBenchDashboard } from "./support/dashboard";
import { beforeAfterRows } from "./support/mix";

const USERS = 8;
const ROUNDS = Number(process.env.DASHBOARD_BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.DASHBOARD_BENCH_ROUND_SECONDS ?? 10);

/** Every page a signed-in admin of the demo can open (one of each kind of detail page too). */
const SIGNED_IN_PAGES = [
  "/overview",
  "/transactions",
  "/receive",
  "/send",
  "/send/transfer",
  "/send/bulk",
  "/send/approvals",
  "/convert",
  "/wallets",
  "/account",
  "/account?tab=fees",
  "/infractions",
  "/settings/preferences",
  "/settings/security",
  "/settings/team",
  "/settings/infractions",
  "/settings/credentials",
  "/settings/webhooks",
  "/settings/reconciliation",
  "/settings/developers",
  "/settings/audit",
];

async function timeRequests(url: string, n: number, headers: Record<string, string> = {}) {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    samples.push(performance.now() - t0);
  }
  return samples;
}

/**
 * Sum of the gzipped sizes of the scripts a page loads (each script file counted once). A
 * `<script noModule>` (Next's legacy polyfills) is not counted: every browser that runs modules, all
 * the dashboard supports, skips it without downloading it.
 */
async function scriptBytes(base: string, pagePath: string, headers: Record<string, string>, cache: Map<string, number>) {
  const html = await (await fetch(base + pagePath, { headers })).text();
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)];
  const srcs = new Set(tags.filter((m) => !/\snoModule\b/i.test(m[0])).map((m) => m[1]!));
  let total = 0;
  for (const src of srcs) {
    if (!cache.has(src)) {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      cache.set(src, gzipSync(body, { level: 9 }).length);
    }
    total += cache.get(src)!;
  }
  return { total, count: srcs.size };
}

/** The public payment page of the demo's first charge (its link is on the charge's page). */
async function payPage(base: string, chargePage: string | undefined, cookie: string): Promise<string[]> {
  if (!chargePage) return [];
  const html = await (await fetch(base + chargePage, { headers: { cookie } })).text();
  const m = /\/pay\/[A-Za-z0-9_-]{20,}/.exec(html);
  return m ? [m[0]] : [];
}

/** The detail pages of the demo's first charge and first infraction, found from their lists. */
async function detailPages(base: string, cookie: string): Promise<string[]> {
  const found: string[] = [];
  for (const [list, pattern] of [
    ["/receive", /href="(\/receive\/[0-9a-f-]{36})"/],
    ["/infractions", /href="(\/infractions\/[^"?#]+)"/],
  ] as const) {
    const html = await (await fetch(base + list, { headers: { cookie } })).text();
    const m = pattern.exec(html);
    if (m) found.push(m[1]!);
  }
  return found;
}

async function htmlKiB(base: string, page: string, cookie: string): Promise<number> {
  const res = await fetch(base + page, { headers: { cookie }, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
  return html.length / 1024;
}

async function signedIn(app: Awaited<ReturnType<typeof startBenchDashboard>>) {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push(await signInCookie(app.url, app.admin.email, app.admin.password));
  return cookies;
}

/**
 * The JavaScript of every route (target ≤ 150 KiB gzipped each): the signed-in pages, the pages
 * before sign-in (/setup and /two-factor only redirect on this set-up instance: they share
 * /login's layout and kind of form), and the public payment page.
 */
async function jsRows(base: string, pages: string[], cookie: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const cache = new Map<string, number>();
  const chargePage = pages.find((p) => p.startsWith("/receive/"));
  const routes: [string, Record<string, string>][] = [
    ["/login", {}],
    ["/invite/not-a-token", {}],
    ...(await payPage(base, chargePage, cookie)).map((p) => [p, {}] as [string, Record<string, string>]),
    ...pages.map((p) => [p, { cookie }] as [string, Record<string, string>]),
  ];
  const js: { route: string; kib: number }[] = [];
  for (const [route, headers] of routes) {
    const { total, count } = await scriptBytes(base, route, headers, cache);
    const shown = route.startsWith("/pay/") ? "/pay/[token]" : route;
    js.push({ route: shown, kib: total / 1024 });
    rows.push({ metric: `JS for ${shown} (gzipped)`, value: total / 1024, unit: "KiB", note: `${count} scripts` });
  }
  const heaviest = js.reduce((a, b) => (b.kib > a.kib ? b : a));
  rows.push({ metric: "JS, the heaviest route (target ≤ 150 KiB)", value: heaviest.kib, unit: "KiB", note: `${heaviest.route}; ${js.filter((j) => j.kib > 150).length} of ${js.length} routes over 150 KiB` });
  return rows;
}

/** `DASHBOARD_BENCH_ONLY=js`: only the JavaScript per route (sizes do not depend on load; ≈ 30 s). */
async function jsOnly(): Promise<BenchRow[]> {
  const app = await startBenchDashboard({ withSandbox: true });
  try {
    const cookie = await signInCookie(app.url, app.admin.email, app.admin.password);
    return await jsRows(app.url, [...SIGNED_IN_PAGES, ...(await detailPages(app.url, cookie))], cookie);
  } finally {
    await app.stop();
  }
}

const bench: Benchmark = {
  name: "dashboard foundation (PGlite): before and after issue 31, response times, HTML and JS per route",
  budgetSeconds: 600,
  async run() {
    if (process.env.DASHBOARD_BENCH_ONLY === "js") return jsOnly();
    // Before and after, in turns (both stacks stopped once measured).
    const rows: BenchRow[] = await beforeAfterRows(
      "[PGlite]",
      async (which, spec) => {
        const app = await startBenchDashboard({ withSandbox: true, ...(which === "before" ? { env: spec.env, root: spec.root } : {}) });
        return { url: app.url, pid: app.pid, root: app.root, cookies: await signedIn(app).catch(async (e) => (await app.stop(), Promise.reject(e))), stop: () => app.stop() };
      },
      { users: USERS, rounds: ROUNDS, seconds: ROUND_SECONDS },
    );
    const before = await startBenchDashboard({ withSandbox: true, env: { PERF_BASELINE: "1" } });
    const after = await startBenchDashboard({ withSandbox: true }).catch(async (e) => {
      await before.stop();
      throw e;
    });
    try {
      const cookies = { before: await signedIn(before), after: await signedIn(after) };

      // The HTML of every signed-in page, before and after (target ≤ 100 KB each).
      const pages = [...SIGNED_IN_PAGES, ...(await detailPages(after.url, cookies.after[0]!))];
      const sizes: { page: string; before: number; after: number }[] = [];
      for (const page of pages) {
        const beforePage = page.startsWith("/receive/") || page.startsWith("/infractions/") ? null : page;
        sizes.push({ page, before: beforePage ? await htmlKiB(before.url, beforePage, cookies.before[0]!) : NaN, after: await htmlKiB(after.url, page, cookies.after[0]!) });
      }
      for (const s of sizes) {
        rows.push({
          metric: `HTML of ${s.page}`,
          value: s.after,
          unit: "KiB",
          ...(Number.isFinite(s.before) ? { ratio: { value: s.after / s.before, against: "before" }, note: `before ${s.before.toFixed(0)} KiB` } : {}),
        });
      }
      const largest = sizes.reduce((a, b) => (b.after > a.after ? b : a));
      rows.push({ metric: "HTML, the largest signed-in page (target ≤ 100 KB)", value: largest.after, unit: "KiB", note: `${largest.page}; ${sizes.filter((s) => s.after * 1024 > 100_000).length} of ${sizes.length} pages over 100 KB` });

      // Response times and scripts, as they are now.
      await timeRequests(`${after.url}/login`, 20); // warm-up
      const login = await timeRequests(`${after.url}/login`, 200);
      rows.push({ metric: "GET /login server response", value: median(login), unit: "ms", note: `p99 ${percentile(login, 99).toFixed(1)} ms, n=200` });
      const cookie = cookies.after[0]!;
      await timeRequests(`${after.url}/overview`, 10, { cookie });
      const overview = await timeRequests(`${after.url}/overview`, 100, { cookie });
      rows.push({
        metric: "GET /overview server response (signed in)",
        value: median(overview),
        unit: "ms",
        ratio: { value: median(overview) / median(login), against: "/login" },
        note: `p99 ${percentile(overview, 99).toFixed(1)} ms, n=100`,
      });

      rows.push(...(await jsRows(after.url, pages, cookie)));
      return rows;
    } finally {
      await before.stop();
      await after.stop();
    }
  },
};

export default bench;
