import { clsx, type ClassValue } from "clsx";
import { CLASSES, CONFLICTS, POSTFIX_CONFLICTS } from "./class-merge/table";

/** A class's key ("modifiers\u0001group") and the keys it takes from the classes before it. */
type Entry = { key: string; takes: string[] };
let table: Map<string, Entry> | undefined;

function conflictLists(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of text.split(" ")) {
    if (!part) continue;
    const [group, list] = part.split(":");
    map.set(group!, list!.split(","));
  }
  return map;
}

function classTable(): Map<string, Entry> {
  if (table) return table;
  const conflicts = conflictLists(CONFLICTS);
  const postfixConflicts = conflictLists(POSTFIX_CONFLICTS);
  table = new Map();
  for (const line of CLASSES.split("\n")) {
    const [modifierId, groupField, classes] = line.split("|");
    const postfix = groupField!.endsWith("p");
    const group = postfix ? groupField!.slice(0, -1) : groupField!;
    const key = `${modifierId}\u0001${group}`;
    const takes = [...(conflicts.get(group) ?? []), ...(postfix ? (postfixConflicts.get(group) ?? []) : [])].map((g) => `${modifierId}\u0001${g}`);
    const entry = { key, takes };
    for (const c of classes!.split(" ")) table.set(c[0] === "=" ? c.slice(1) : modifierId ? `${modifierId}:${c}` : c, entry);
  }
  return table;
}

/** The same list always merges the same way: every row of a table asks for the same few. */
const mergedCache = new Map<string, string>();

/**
 * Joins class names (clsx) and lets a later Tailwind class win over an earlier one it conflicts
 * with, exactly as tailwind-merge's `twMerge` (its algorithm, src/lib/merge-classlist.ts), from a
 * table of tailwind-merge's answers for the classes the code writes (lib/class-merge/table.ts,
 * `npx tsx scripts/class-merge-table.ts`) instead of its whole configuration in every page's
 * JavaScript. Classes not in the table are kept as they are.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  let merged = mergedCache.get(joined);
  if (merged === undefined) {
    merged = merge(joined);
    // The code writes a few hundred distinct lists: a bound, not an eviction policy.
    if (mergedCache.size >= 2_000) mergedCache.clear();
    mergedCache.set(joined, merged);
  }
  return merged;
}

function merge(joined: string): string {
  const classes = joined.trim().split(/\s+/);
  const known = classTable();
  const taken = new Set<string>();
  let result = "";
  for (let i = classes.length - 1; i >= 0; i--) {
    const name = classes[i]!;
    const entry = known.get(name);
    if (entry) {
      if (taken.has(entry.key)) continue;
      taken.add(entry.key);
      for (const k of entry.takes) taken.add(k);
    }
    result = result ? `${name} ${result}` : name;
  }
  return result;
}
