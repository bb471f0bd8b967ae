import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { heapFlags, startNodeFlags } from "./node-flags";
import pkg from "../../package.json";

const checkout = (start?: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), "node-flags-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ scripts: start === undefined ? {} : { start } }));
  return dir;
};

describe("the Node.js flags the dashboard runs with", () => {
  it("are the ones npm start gives node, and npm run start:cluster gives the same", () => {
    expect(startNodeFlags()).toEqual(["--max-semi-space-size=32"]);
    expect(pkg.scripts["start:cluster"]).toBe(`${pkg.scripts.start} --cluster 2`);
  });

  it("are read from the checkout named (a benchmark's before: none when its start script had none)", () => {
    expect(startNodeFlags(checkout("node --import tsx scripts/start.ts"))).toEqual([]);
    expect(startNodeFlags(checkout("node --max-semi-space-size=64 --max-old-space-size=2048 --import tsx scripts/start.ts"))).toEqual(["--max-semi-space-size=64", "--max-old-space-size=2048"]);
    expect(startNodeFlags(checkout())).toEqual([]);
    expect(startNodeFlags(path.join(tmpdir(), "no-such-checkout"))).toEqual([]);
  });

  it("pass the heap's sizes on to a cluster's instances, not the inspector or a loader", () => {
    expect(heapFlags(["--max-semi-space-size=32", "--inspect=9229", "--import", "tsx", "--max-old-space-size=4096"])).toEqual(["--max-semi-space-size=32", "--max-old-space-size=4096"]);
  });
});
