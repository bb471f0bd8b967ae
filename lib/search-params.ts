/** URL search parameters of the log pages: read (first value of each, empty as absent) and written back. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

export function firstValues(raw: RawSearchParams): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, (Array.isArray(v) ? v[0] : v) || undefined]));
}

/** `?a=1&b=2` from the set values (empty string when none), for links that keep the current filters. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}
