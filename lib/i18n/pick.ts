/**
 * Parts of a dictionary by dotted path ("send", "security.reauth"): what a page's client
 * components need, instead of the whole dictionary in every page's flight data. No server-only
 * import: the client's provider merges the parts it receives with its parent's (mergeMessages).
 */
type Tree = { [key: string]: string | Tree };

/** The messages under each path, in one tree of the dictionary's shape; a path that names nothing is skipped. */
export function pickMessages<T extends object>(messages: T, paths: readonly string[]): Partial<T> {
  const out: Tree = {};
  for (const path of paths) {
    const parts = path.split(".");
    let from: string | Tree | undefined = messages as unknown as Tree;
    for (const p of parts) from = typeof from === "object" ? from[p] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const p of parts.slice(0, -1)) {
      const next = to[p];
      to = typeof next === "object" ? next : (to[p] = {});
    }
    const last = parts[parts.length - 1]!;
    const existing = to[last];
    to[last] = typeof existing === "object" && typeof from === "object" ? mergeMessages(existing, from) : from;
  }
  return out as Partial<T>;
}

/** `b` over `a`, subtree by subtree (a page's "security.twoFactor" beside the shell's "security.reauth"). */
export function mergeMessages<T extends object>(a: T, b: object): T {
  const out: Tree = { ...(a as unknown as Tree) };
  for (const [k, v] of Object.entries(b as Tree)) {
    const mine = out[k];
    out[k] = typeof mine === "object" && typeof v === "object" ? mergeMessages(mine, v) : v;
  }
  return out as unknown as T;
}
