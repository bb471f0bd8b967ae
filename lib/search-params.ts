/**
 * URL state, one way: every page's search parameters are nuqs parsers (read on the server with
 * `createLoader`, written back with `createSerializer`, and on the client with `useQueryStates`), so
 * a view can be shared, reloaded and navigated back to. A value that does not parse is absent, never
 * an error. The parsers below are the ones several pages share.
 */
import { createParser, parseAsInteger } from "nuqs/server";

/** Search parameters as Next.js hands them to a page. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

/** Text that matches `shape` once trimmed (an empty value is absent). */
export const parseAsMatching = (shape: RegExp) =>
  createParser({
    parse: (v: string) => {
      const s = v.trim();
      return s && shape.test(s) ? s : null;
    },
    serialize: (v: string) => v,
  });

/** A whole number above zero (a log page's cursor). */
export const parseAsPositiveInteger = createParser({
  parse: (v: string) => {
    const n = parseAsInteger.parse(v);
    return n !== null && n > 0 ? n : null;
  },
  serialize: (n: number) => String(n),
});

/** A calendar day, YYYY-MM-DD, kept as written (its time zone is the reader's business). */
export const parseAsDay = parseAsMatching(/^\d{4}-\d{2}-\d{2}$/);

/** Loaded values with the absent ones `undefined` rather than nuqs's `null` (what optional fields expect). */
export function present<T extends Record<string, unknown>>(values: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined])) as { [K in keyof T]: Exclude<T[K], null> | undefined };
}
