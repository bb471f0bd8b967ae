/**
 * A request's route pattern (`/transactions/[id]/receipt`), for log lines and metric labels: never
 * the path itself, which may carry a token (`/pay/<token>`, `/api/webhooks/payment/<token>`,
 * `/invite/<token>`) and would make a label per transaction. Read from the build's routes manifest
 * (the same table Next.js routes by), so it knows every page and route handler of the build.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type Route = { page: string; regex: RegExp };

/** Answered before Next.js (scripts/server.ts): their own names. */
const OWN = new Map([
  ["/healthz", "/healthz"],
  ["/readyz", "/readyz"],
  ["/metrics", "/metrics"],
]);

export class RouteNames {
  readonly #static = new Map<string, string>();
  readonly #dynamic: Route[] = [];

  constructor(manifest: { staticRoutes?: { page: string; regex: string }[]; dynamicRoutes?: { page: string; regex: string }[] }) {
    for (const r of manifest.staticRoutes ?? []) this.#static.set(r.page, r.page);
    for (const r of manifest.dynamicRoutes ?? []) this.#dynamic.push({ page: r.page, regex: new RegExp(r.regex) });
  }

  /** Reads `<dir>/.next/routes-manifest.json` (none, as before a build: every page is "unmatched"). */
  static fromBuild(dir = process.cwd()): RouteNames {
    const file = path.join(dir, ".next", "routes-manifest.json");
    return new RouteNames(existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ConstructorParameters<typeof RouteNames>[0]) : {});
  }

  /** The pattern a URL's path matches (the query is ignored). */
  name(url: string | undefined): string {
    let pathname = (url ?? "/").split("?")[0]!.split("#")[0]!;
    if (pathname.length > 1) pathname = pathname.replace(/\/+$/, "");
    const own = OWN.get(pathname);
    if (own) return own;
    if (pathname.startsWith("/_next/static/")) return "/_next/static";
    if (pathname.startsWith("/_next/")) return "/_next";
    const exact = this.#static.get(pathname);
    if (exact) return exact;
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // the server refuses such paths before they get here
    }
    for (const r of this.#dynamic) if (r.regex.test(pathname) || r.regex.test(decoded)) return r.page;
    // Files of public/ (icons, robots.txt) are served too; anything else is a page that does not exist.
    return /\.[a-z0-9]{2,5}$/i.test(pathname) ? "(file)" : "(unmatched)";
  }
}
