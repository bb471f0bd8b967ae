import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { twMerge } from "tailwind-merge";
import { buildTable, TABLE_FILE } from "@/lib/class-merge/build-table";
import { cn } from "@/lib/utils";

/**
 * `cn` merges from a table of tailwind-merge's answers (lib/class-merge/table.ts) instead of
 * shipping tailwind-merge to the browser: the table must know every class the code writes, and give
 * tailwind-merge's answer for each of them.
 */
describe("cn (class merging without tailwind-merge in the browser)", () => {
  const { source, classes } = buildTable();

  it("knows every Tailwind class the code writes (else: npx tsx scripts/class-merge-table.ts)", () => {
    expect(fs.readFileSync(TABLE_FILE, "utf8")).toBe(source);
  });

  it("merges every pair of those classes, in both orders, as tailwind-merge does", () => {
    const wrong: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const ours = cn(a, b);
        if (ours !== twMerge(`${a} ${b}`)) wrong.push(`${a} + ${b}: ${ours} ≠ ${twMerge(`${a} ${b}`)}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(classes.length).toBeGreaterThan(300);
  });

  it("merges longer lists, with classes it does not know among them, as tailwind-merge does", () => {
    let seed = 31;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pool = [...classes, "grow-on-hover", "foo", "data-x", ""];
    for (let i = 0; i < 20_000; i++) {
      const list = Array.from({ length: 2 + Math.floor(next() * 6) }, () => pool[Math.floor(next() * pool.length)]!);
      expect(cn(...list)).toBe(twMerge(list.join(" ")));
    }
    expect(cn("px-2 py-1 h-9 bg-muted", "p-3 bg-primary", { "h-11 hover:bg-muted": true, hidden: false })).toBe("p-3 bg-primary h-11 hover:bg-muted");
    expect(cn("  flex   ", undefined, null, false, "grid")).toBe("grid");
    expect(cn()).toBe("");
  });
});
