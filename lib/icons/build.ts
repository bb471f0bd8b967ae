/**
 * Builds components/ui/icons/ (`npx tsx scripts/icons.ts`; see components/ui/icon.tsx): the icons
 * the code imports from "@/components/ui/icons", with lucide-react's node data for each.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

export const ICONS_DIR = "components/ui/icons";
const ROOTS = ["app", "components", "lib"];
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@\/components\/ui\/icons"/g;

type Node = [string, Record<string, string>, Node?][];

function sourceFiles(root: string, dir: string, out: string[]) {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(root, rel, out);
    else if (/\.tsx?$/.test(e.name) && !rel.startsWith(ICONS_DIR + path.sep)) out.push(rel);
  }
  return out;
}

/** Every icon name imported from "@/components/ui/icons" (types left out). */
export function importedIcons(root = process.cwd()): string[] {
  const names = new Set<string>();
  for (const dir of ROOTS) {
    for (const file of sourceFiles(root, dir, [])) {
      for (const m of fs.readFileSync(path.join(root, file), "utf8").matchAll(IMPORT)) {
        for (const part of m[1]!.split(",")) {
          const name = part.trim();
          if (name && !name.startsWith("type ")) names.add(name.split(/\s+as\s+/)[0]!);
        }
      }
    }
  }
  return [...names].sort();
}

/** Without lucide's React keys (components/ui/icon.tsx keys by position). */
function strip(node: Node): Node {
  return node.map(([tag, attrs, children]) => {
    const { key: _key, ...rest } = attrs;
    return children ? [tag, rest, strip(children)] : [tag, rest];
  });
}

export async function buildIcons(root = process.cwd()) {
  const require = createRequire(path.join(root, "package.json"));
  const esm = path.join(path.dirname(require.resolve("lucide-react/package.json")), "dist/esm");
  const lucideIndex = fs.readFileSync(path.join(esm, "lucide-react.mjs"), "utf8");
  // `export { default as Check, default as CheckIcon, … } from './icons/check.mjs';`
  const fileOf = new Map<string, string>();
  for (const m of lucideIndex.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    for (const alias of m[1]!.matchAll(/default as (\w+)/g)) fileOf.set(alias[1]!, m[2]!);
  }
  const names = importedIcons(root);
  // One module per icon, re-exported by an index in a folder whose package.json says it has no side
  // effects: a page's JavaScript then carries the icons its client components import, not all of them.
  const byFile = new Map<string, string[]>();
  for (const name of names) {
    const file = fileOf.get(name);
    if (!file) throw new Error(`${name} is not a lucide-react icon`);
    byFile.set(file, [...(byFile.get(file) ?? []), name]);
  }
  const files = new Map<string, string>();
  const HEADER = "/* Written by `npx tsx scripts/icons.ts` from lucide-react's icons (ISC licence): do not edit. */";
  const index = [HEADER, 'export type { IconComponent, IconProps } from "../icon";'];
  for (const [file, [first, ...aliases]] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const mod = (await import(pathToFileURL(path.join(esm, "icons", `${file}.mjs`)).href)) as { __iconData: { node: Node; size?: number } };
    if ((mod.__iconData.size ?? 24) !== 24) throw new Error(`${first} is not drawn on 24 × 24`);
    files.set(
      `${file}.ts`,
      [
        HEADER,
        'import { icon } from "../icon";',
        "",
        `export const ${first} = icon(${JSON.stringify(first)}, ${JSON.stringify(strip(mod.__iconData.node))});`,
        // Two names of one icon (lucide's aliases, e.g. Check and CheckIcon): one copy of its shapes.
        ...aliases!.map((a) => `export const ${a} = ${first};`),
        "",
      ].join("\n"),
    );
    index.push(`export { ${[first, ...aliases!].join(", ")} } from "./${file}";`);
  }
  files.set("index.ts", [...index, ""].join("\n"));
  files.set("package.json", `${JSON.stringify({ private: true, type: "module", sideEffects: false }, null, 2)}\n`);
  return { files, names };
}

/** What the folder holds now (to compare with `buildIcons`). */
export function currentIcons(root = process.cwd()): Map<string, string> {
  const dir = path.join(root, ICONS_DIR);
  const files = new Map<string, string>();
  if (!fs.existsSync(dir)) return files;
  for (const f of fs.readdirSync(dir).sort()) files.set(f, fs.readFileSync(path.join(dir, f), "utf8"));
  return files;
}
