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
