/**
 * Each page sends its client components the parts of the dictionary they use, not the whole of it
 * (components/providers/client-messages.tsx). Read from the source: for every layout, page and
 * boundary under app/, the keys its client components name must be within the parts given by it
 * or by the layouts it renders in; every part given must be used below it, and not be given twice.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import { mergeMessages, pickMessages } from "@/lib/i18n/pick";
import { covered, layoutsAbove, ROOT, routeFiles, SourceGraph } from "../support/client-messages";

const graph = new SourceGraph();
const files = routeFiles();
const rel = (f: string) => path.relative(ROOT, f);
const given = (f: string) => graph.module(f).given ?? [];
const above = (f: string) => layoutsAbove(f).filter((l) => l !== f);

describe("messages per route", () => {
  it("reads the routes and their client components", () => {
    expect(files.length).toBeGreaterThan(40);
    const clients = new Set(files.flatMap((f) => graph.needs(f).clientModules));
    expect(clients.size).toBeGreaterThan(60);
    expect(graph.needs(path.join(ROOT, "app/(auth)/login/page.tsx")).keys).toContain("auth.signIn");
    // A dynamic key counts by its fixed start; a server action's keys stay on the server.
    expect(graph.needs(path.join(ROOT, "app/(dashboard)/transactions/page.tsx")).prefixes).toContain("txKinds");
    expect(graph.needs(path.join(ROOT, "app/(auth)/login/page.tsx")).keys).not.toContain("auth.throttled");
  });

  it("never bundles the dictionaries into the browser's code (client modules import lib/i18n/translate, not lib/i18n)", () => {
    const bundled = files.filter((f) => graph.needs(f).browserModules.includes("lib/i18n/index.ts")).map(rel);
    expect(bundled).toEqual([]);
  });

  it("gives every route's client components the messages they use", () => {
    const missing: string[] = [];
    for (const f of files) {
      const provided = [...above(f).flatMap(given), ...given(f)];
      const { keys, prefixes } = graph.needs(f);
      const lacking = [...keys, ...[...prefixes].map((p) => `${p}.*`)].filter((k) => !covered(k.replace(/\.\*$/, ""), provided));
      if (lacking.length) missing.push(`${rel(f)} (add to its <ClientMessages namespaces>): ${lacking.sort().join(", ")}`);
    }
    expect(missing).toEqual([]);
  });

  it("gives nothing twice, nothing unknown and nothing unused", () => {
    const { leaves, parents } = graph.dictionary;
    const problems: string[] = [];
    for (const f of files) {
      const mine = given(f);
      if (!mine.length) continue;
      // What the routes rendered inside this one use (a layout gives for the pages below it).
      const dir = path.dirname(f);
      const below = path.basename(f) === "layout.tsx" ? files.filter((g) => g.startsWith(dir + path.sep)) : [f];
      const used = below.flatMap((g) => {
        const n = graph.needs(g);
        return [...n.keys, ...n.prefixes];
      });
      for (const p of mine) {
        if (!leaves.has(p) && !parents.has(p)) problems.push(`${rel(f)}: "${p}" is not in the dictionary`);
        else if (covered(p, above(f).flatMap(given))) problems.push(`${rel(f)}: "${p}" is already given by a layout above`);
        else if (mine.filter((q) => q !== p).some((q) => covered(p, [q]))) problems.push(`${rel(f)}: "${p}" is within another path it gives`);
        else if (!used.some((k) => covered(k, [p]) || covered(p, [k]))) problems.push(`${rel(f)}: "${p}" is used by no client component under it`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("pickMessages and mergeMessages", () => {
  it("picks parts by path and merges them subtree by subtree", () => {
    const part = pickMessages(en, ["common", "auth.signIn", "send.review", "no.such.path"]);
    expect(part.common).toEqual(en.common);
    expect(part.auth).toEqual({ signIn: en.auth.signIn });
    expect(Object.keys(part).sort()).toEqual(["auth", "common", "send"]);
    const merged = mergeMessages(part, pickMessages(en, ["auth.email", "send.result"]));
    expect(merged.auth).toEqual({ signIn: en.auth.signIn, email: en.auth.email });
    expect(Object.keys(merged.send!).sort()).toEqual(["result", "review"]);
    // The parts are the dictionary's own strings, not copies that could drift.
    expect(JSON.stringify(part).length).toBeLessThan(JSON.stringify(en).length / 10);
  });
});
