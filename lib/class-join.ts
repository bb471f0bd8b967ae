/**
 * Joins class names, leaving out the falsy ones: `cx("a", on && "b")`. Unlike `cn` (lib/utils.ts) it
 * lets no class override another, so it brings no merge table into the browser (≈ 4.6 KiB gzipped).
 * Only for lists in which no Tailwind class conflicts with another (or only with a short component
 * class from app/globals.css, which a utility overrides by its layer): test/ui/class-join.test.ts
 * checks, for the lists each caller produces, that the join is what `cn` would give.
 */
export function cx(...parts: (string | false | null | undefined)[]): string {
  let out = "";
  for (const p of parts) if (p) out = out ? `${out} ${p}` : p;
  return out;
}

/**
 * `base`, then the caller's `className`; a class of `base` matching one of `yields` is left out when
 * the caller writes a class matching the same pattern (a copy button's `size-7` when the caller gives
 * `size-8`). The one or two conflicts a component's callers do have with it, named, instead of `cn`'s
 * table; test/ui/class-join.test.ts checks every caller's className against `cn`.
 */
export function cxYield(base: string, className: string | undefined, ...yields: RegExp[]): string {
  if (!className) return base;
  const own = className.split(/\s+/);
  const kept = base.split(" ").filter((c) => !yields.some((y) => y.test(c) && own.some((o) => y.test(o))));
  return cx(kept.join(" "), className);
}
