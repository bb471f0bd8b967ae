/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or those named on the
 * command line), each bounded by its own budget, printing its rows as it
 * finishes and a summary table at the end. Figures are medians (and ratios
 * where a baseline exists): these machines are noisy, so compare runs, not
 * single numbers.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Benchmark, BenchRow } from "./types";

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString("en-US");
  return n.toPrecision(4);
}

function table(rows: Array<Record<string, string>>) {
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: Record<string, string>) => cols.map((c, i) => r[c]!.padEnd(width[i]!)).join("  ");
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  console.log(width.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

const summary: Array<Record<string, string>> = [];
let failed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: Benchmark };
  const bench = mod.default;
  console.log(`\n## ${bench.name} (budget ${bench.budgetSeconds} s)`);
  const t0 = performance.now();
  let rows: BenchRow[];
  try {
    rows = await Promise.race([
      bench.run(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`over budget (${bench.budgetSeconds} s)`)), bench.budgetSeconds * 1000 * 1.5).unref()),
    ]);
  } catch (e) {
    failed++;
    console.log(`  failed: ${e instanceof Error ? e.message : String(e)}`);
    summary.push({ benchmark: bench.name, metric: "(failed)", value: "", unit: "", ratio: "", note: String(e) });
    continue;
  }
  for (const r of rows) {
    const ratio = r.ratio ? `×${r.ratio.value.toFixed(2)} vs ${r.ratio.against}` : "";
    console.log(`  ${r.metric}: ${fmt(r.value)} ${r.unit}${ratio ? `  (${ratio})` : ""}${r.note ? `  [${r.note}]` : ""}`);
    summary.push({ benchmark: bench.name, metric: r.metric, value: fmt(r.value), unit: r.unit, ratio, note: r.note ?? "" });
  }
  console.log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

console.log("\n# Summary\n");
table(summary);
process.exit(failed ? 1 : 0);
