/**
 * The Node.js flags the dashboard runs with: the ones package.json's "start" script gives `node`
 * (`node --max-semi-space-size=32 --import tsx scripts/start.ts`), read from there so that there is
 * one place to change them. What starts a dashboard otherwise (the benchmarks, the browser
 * journeys' servers) reads them here, from the checkout it runs: a benchmark's "before" runs with
 * the flags its own package.json had. `npm run start:cluster`'s instances get the starter's own
 * (scripts/start.ts).
 *
 * `--max-semi-space-size=32` (MiB; Node.js 20's default is 16): a page render allocates a few MB
 * that die young; a larger young generation is scavenged half as often, and less of each render
 * is copied to the old generation. Measured under the page mix (README, "Benchmarks").
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** `--flag=value` options between `node` and the script in `root`'s package.json "start" script. */
export function startNodeFlags(root: string = process.cwd()): string[] {
  let script = "";
  try {
    script = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts?.start ?? "";
  } catch {
    return [];
  }
  const flags = /^node((?:\s+--[a-z0-9-]+=\S+)*)\s/.exec(script)?.[1] ?? "";
  return flags.split(/\s+/).filter(Boolean);
}

/** Of this process's own Node.js flags, the heap's sizes: what a process it starts to serve pages gets too. */
export function heapFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return execArgv.filter((a) => /^--max-(semi|old)-space-size=\d+$/.test(a));
}
