/**
 * Builds lib/class-merge/table.ts (`npx tsx scripts/class-merge-table.ts`): what tailwind-merge knows
 * about every Tailwind class the project's code writes, so that `cn` (lib/utils.ts) merges classes
 * exactly as tailwind-merge does without sending its configuration (≈ 8 KiB gzipped) to every page.
 * The class names are the string and template literals of app/, components/ and lib/ (Tailwind
 * itself finds the classes it generates in the same place: a class the code builds at run time
 * from pieces has no CSS either). test/ui/class-merge.test.ts checks that the table is current and
 * that `cn` answers as tailwind-merge for every pair of these classes.
 */
import fs from "node:fs";
import path from "node:path";
import { getDefaultConfig } from "tailwind-merge";
// tailwind-merge's own class-group and parsing utilities (its entry for tools; the version is pinned by the lockfile,
// and test/ui/class-merge.test.ts compares the result with twMerge itself).
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import";

const ROOTS = ["app", "components", "lib"];
export const TABLE_FILE = "lib/class-merge/table.ts";

function sourceFiles(root: string, dir: string, out: string[]) {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(root, rel, out);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && rel !== TABLE_FILE) out.push(rel);
  }
  return out;
}

/** Every whitespace-separated word of every string or template literal (a template's `${…}` parts left out). */
export function sourceWords(root = process.cwd()): string[] {
  const words = new Set<string>();
  for (const dir of ROOTS) {
    for (const file of sourceFiles(root, dir, []).sort()) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
        const s = (m[1] ?? m[2] ?? m[3] ?? "").replace(/\$\{[^}]*\}/g, " ");
        for (const w of s.split(/\s+/)) if (w) words.add(w);
      }
    }
  }
  return [...words].sort();
}

const config = getDefaultConfig();
const utils = createClassGroupUtils(config);
const parse = createParseClassName(config);
const sensitive = new Set<string>(config.orderSensitiveModifiers);

/** tailwind-merge's sortModifiers (src/lib/sort-modifiers.ts). */
function sortModifiers(modifiers: readonly string[]): string[] {
  const result: string[] = [];
  let segment: string[] = [];
  for (const m of modifiers) {
    if (m[0] === "[" || sensitive.has(m)) {
      result.push(...segment.sort(), m);
      segment = [];
    } else segment.push(m);
  }
  return [...result, ...segment.sort()];
}

const postfixLookup = new Set<string>(config.postfixLookupClassGroups ?? []);

/** What tailwind-merge's mergeClassList decides for one class: its modifier key, class group and postfix (src/lib/merge-classlist.ts). */
export function classify(word: string): { modifierId: string; group: string; postfix: boolean } | null {
  const p = parse(word);
  if (p.isExternal) return null;
  let postfix = !!p.maybePostfixModifierPosition;
  let group: string | undefined;
  if (postfix) {
    group = utils.getClassGroupId(p.baseClassName.substring(0, p.maybePostfixModifierPosition));
    const withPostfix = group && postfixLookup.has(group) ? utils.getClassGroupId(p.baseClassName) : undefined;
    if (withPostfix && withPostfix !== group) {
      group = withPostfix;
      postfix = false;
    }
  } else group = utils.getClassGroupId(p.baseClassName);
  if (!group) {
    if (!postfix) return null;
    group = utils.getClassGroupId(p.baseClassName);
    if (!group) return null;
    postfix = false;
  }
  const variant = sortModifiers(p.modifiers).join(":");
  return { modifierId: p.hasImportantModifier ? variant + "!" : variant, group, postfix };
}

/** The source of lib/class-merge/table.ts. */
export function buildTable(root = process.cwd()): { source: string; classes: string[] } {
  const entries = sourceWords(root)
    .map((w) => ({ w, c: classify(w) }))
    .filter((e): e is { w: string; c: NonNullable<ReturnType<typeof classify>> } => e.c !== null);
  const groups = [...new Set(entries.map((e) => e.c.group))].sort();
  const index = new Map(groups.map((g, i) => [g, i]));
  // Lines "modifierId|group index[p]|class class …" (p: the classes carry a postfix modifier). A
  // class written as "modifierId:rest" is stored as "rest"; one whose modifiers are written in
  // another order (or important) is stored whole after "=".
  const lines = new Map<string, string[]>();
  for (const { w, c } of entries) {
    const key = `${c.modifierId}|${index.get(c.group)}${c.postfix ? "p" : ""}`;
    const stored = !c.modifierId ? w : w.startsWith(`${c.modifierId}:`) ? w.slice(c.modifierId.length + 1) : `=${w}`;
    lines.set(key, [...(lines.get(key) ?? []), stored]);
  }
  const conflicts = (postfix: boolean) =>
    groups
      .map((g, i) => {
        const list = utils
          .getConflictingClassGroupIds(g, postfix)
          .filter((x) => index.has(x))
          .map((x) => index.get(x)!);
        return list.length ? `${i}:${[...new Set(list)].join(",")}` : "";
      })
      .filter(Boolean)
      .join(" ");
  const source = `// Generated by scripts/class-merge-table.ts from the classes in app/, components/ and lib/ (lib/class-merge/build-table.ts): do not edit.
// tailwind-merge's decisions for each class: "modifiers|class group[p]|classes" per line (a class is "modifiers:" + the word,
// or the word after "="); conflicting groups "group:groups".
export const CLASSES = ${JSON.stringify([...lines].map(([k, ws]) => `${k}|${ws.join(" ")}`).join("\n"))};
export const CONFLICTS = ${JSON.stringify(conflicts(false))};
export const POSTFIX_CONFLICTS = ${JSON.stringify(entries.some((e) => e.c.postfix) ? conflicts(true) : "")};
`;
  return { source, classes: entries.map((e) => e.w) };
}
