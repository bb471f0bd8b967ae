/**
 * The dashboard's foundation: how fast the sign-in page answers (server
 * response time of the production build), and how much JavaScript each route
 * sends to the browser, gzipped.
 */
import { gzipSync } from "node:zlib";
import type { Benchmark, BenchRow } from "./types";
import { median, percentile } from "./stats";
import { signInCookie, startBenchDashboard } from "./support/dashboard";

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

/** Sum of the gzipped sizes of the scripts a page loads (each script file counted once). */
async function scriptBytes(base: string, pagePath: string, headers: Record<string, string>, cache: Map<string, number>) {
  const html = await (await fetch(base + pagePath, { headers })).text();
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  let total = 0;
  for (const src of new Set(srcs)) {
    if (!cache.has(src)) {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      cache.set(src, gzipSync(body, { level: 9 }).length);
    }
    total += cache.get(src)!;
  }
  return { total, count: new Set(srcs).size };
}

const bench: Benchmark = {
  name: "dashboard foundation",
  budgetSeconds: 150,
  async run() {
    const app = await startBenchDashboard();
    try {
      const rows: BenchRow[] = [];
      await timeRequests(`${app.url}/login`, 20); // warm-up
      const login = await timeRequests(`${app.url}/login`, 200);
      rows.push({ metric: "GET /login server response", value: median(login), unit: "ms", note: `p99 ${percentile(login, 99).toFixed(1)} ms, n=200` });

      const cookie = await signInCookie(app.url, app.admin.email, app.admin.password);
      await timeRequests(`${app.url}/overview`, 10, { cookie });
      const overview = await timeRequests(`${app.url}/overview`, 100, { cookie });
      rows.push({
        metric: "GET /overview server response (signed in)",
        value: median(overview),
        unit: "ms",
        ratio: { value: median(overview) / median(login), against: "/login" },
        note: `p99 ${percentile(overview, 99).toFixed(1)} ms, n=100`,
      });

      const cache = new Map<string, number>();
      for (const [route, headers] of [
        ["/login", {}],
        ["/overview", { cookie }],
        ["/settings/preferences", { cookie }],
        ["/settings/team", { cookie }],
      ] as const) {
        const { total, count } = await scriptBytes(app.url, route, headers, cache);
        rows.push({ metric: `JS for ${route} (gzipped)`, value: total / 1024, unit: "KiB", note: `${count} scripts` });
      }
      return rows;
    } finally {
      await app.stop();
    }
  },
};

export default bench;
