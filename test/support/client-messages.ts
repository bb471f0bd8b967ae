/**
 * Which messages each route's client components use, read from the source: the import graph from
 * every layout, page and boundary under app/, the client modules on it ("use client", and whatever
 * they import, but not the server actions they call), and the message keys those modules name (string literals that are keys or parts of
 * the dictionary, and the fixed start of template literals such as `txKinds.${kind}`). Beside it,
 * the parts each file gives its client components (`<ClientMessages namespaces={[…]}>`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

type Tree = { [key: string]: string | Tree };

/** Leaf keys and the paths of their parents ("send", "send.review"), from the English dictionary. */
export function dictionaryPaths(): { leaves: Set<string>; parents: Set<string> } {
  const en = JSON.parse(readFileSync(path.join(ROOT, "lib/i18n/messages/en.json"), "utf8")) as Tree;
  const leaves = new Set<string>();
  const parents = new Set<string>();
  const walk = (t: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(t)) {
      const p = prefix ? `${prefix}.${k}` : k;
      if (typeof v === "string") leaves.add(p);
      else {
        parents.add(p);
        walk(v, p);
      }
    }
  };
  walk(en, "");
  return { leaves, parents };
}

type Module = { file: string; client: boolean; server: boolean; imports: string[]; keys: Set<string>; prefixes: Set<string>; given: string[] | null };

const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  if (existsSync(base) && statSync(base).isFile()) return /\.(tsx?)$/.test(base) ? base : null;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** Comments out, so that a key named in prose is not counted (and a commented-out import neither). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

export class SourceGraph {
  readonly modules = new Map<string, Module>();
  readonly dictionary = dictionaryPaths();

  module(file: string): Module {
    let m = this.modules.get(file);
    if (m) return m;
    const text = code(readFileSync(file, "utf8"));
    const imports: string[] = [];
    // Runtime imports only: `import type` and `export type` are erased.
    for (const match of text.matchAll(/(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[^"'`;]*?\sfrom\s+)?["']([^"']+)["']/g)) {
      if (match[1]) continue;
      const to = resolve(file, match[2]!);
      if (to) imports.push(to);
    }
    for (const match of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) {
      const to = resolve(file, match[1]!);
      if (to) imports.push(to);
    }
    const { leaves, parents } = this.dictionary;
    const keys = new Set<string>();
    const prefixes = new Set<string>();
    const client = /^\s*["']use client["']/.test(text);
    for (const match of text.matchAll(/["'`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)["'`]/g)) {
      if (leaves.has(match[1]!)) keys.add(match[1]!);
      // A part named whole ("send.review") is a namespace in a client component; elsewhere it is
      // more likely a word of another vocabulary (the permission "infractions.reply").
      else if (client && parents.has(match[1]!)) prefixes.add(match[1]!);
    }
    for (const match of text.matchAll(/`([a-zA-Z][\w-]*(?:\.[\w-]+)*)\.\$\{/g)) if (parents.has(match[1]!)) prefixes.add(match[1]!);
    const server = /^\s*["']use server["']/.test(text);
    let given: string[] | null = null;
    for (const match of text.matchAll(/<ClientMessages\s+namespaces=\{([^}]*)\}/g)) {
      const literal = /^\s*\[([^\]]*)\]\s*$/.exec(match[1]!);
      if (!literal) throw new Error(`${path.relative(ROOT, file)}: ClientMessages takes a literal array of paths`);
      given = [...(given ?? []), ...[...literal[1]!.matchAll(/["']([^"']+)["']/g)].map((x) => x[1]!)];
    }
    m = { file, client, server, imports, keys, prefixes, given };
    this.modules.set(file, m);
    return m;
  }

  /**
   * What the client modules reachable from `file` use: keys and prefixes. Server modules on the way
   * count only through the client modules they import; a client module counts with everything it
   * imports (it all runs in the browser).
   */
  needs(file: string): { keys: Set<string>; prefixes: Set<string>; clientModules: string[]; browserModules: string[] } {
    const keys = new Set<string>();
    const prefixes = new Set<string>();
    const clientModules: string[] = [];
    const browserModules: string[] = [];
    const seen = new Set<string>();
    const seenClient = new Set<string>();
    const visit = (f: string, inClient: boolean) => {
      const m = this.module(f);
      // A client module's server actions stay on the server: the browser gets references to them.
      if (inClient && m.server) return;
      const client = inClient || m.client;
      if (client ? seenClient.has(f) : seen.has(f)) return;
      (client ? seenClient : seen).add(f);
      if (client) {
        browserModules.push(path.relative(ROOT, f));
        if (m.client) clientModules.push(path.relative(ROOT, f));
        for (const k of m.keys) keys.add(k);
        for (const p of m.prefixes) prefixes.add(p);
      }
      for (const i of m.imports) visit(i, client);
    };
    visit(file, false);
    return { keys, prefixes, clientModules, browserModules };
  }
}

/** Every route file under app/: layouts, pages and the boundaries rendered inside their segment's layout. */
export function routeFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/^(layout|page|loading|error|not-found|forbidden|unauthorized|template)\.tsx$/.test(name)) out.push(full);
    }
  };
  walk(path.join(ROOT, "app"));
  return out.sort();
}

/** The layouts a route file renders inside, outermost first (a layout: those above it, then itself). */
export function layoutsAbove(file: string): string[] {
  const appDir = path.join(ROOT, "app");
  const dirs: string[] = [];
  for (let d = path.dirname(file); d.startsWith(appDir); d = path.dirname(d)) dirs.unshift(d);
  return dirs.map((d) => path.join(d, "layout.tsx")).filter((l) => existsSync(l));
}

/** Whether a key, or every key under a prefix, is within one of the given paths. */
export function covered(key: string, given: Iterable<string>): boolean {
  for (const g of given) if (key === g || key.startsWith(g + ".")) return true;
  return false;
}
