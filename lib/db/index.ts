import "server-only";
/**
 * The dashboard's database: PGlite in `<DATA_DIR>/db` when DATABASE_URL is
 * unset, PostgreSQL when it is set. One promise per process (hot reload in
 * dev re-imports modules, so the promise lives on globalThis), cleared when
 * opening fails so the next request tries again.
 */
import path from "node:path";
import { env } from "@/lib/env";
import { openDatabase, type OpenedDatabase } from "./driver";
import { SharedCache } from "./shared-cache";
import { perfBaseline } from "@/lib/perf-baseline";
import * as schema from "./schema";
import type { Db } from "./scope";


const globalForDb = globalThis as unknown as { __dashboardDb?: Promise<OpenedDatabase<typeof schema>>; __sharedCache?: Promise<SharedCache | null> };

export function migrationsFolder(): string {
  return path.join(process.cwd(), "lib/db/migrations");
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** The opened database with its kind and cross-instance lock (lib/db/driver.ts). */
export function getDatabase(): Promise<OpenedDatabase<typeof schema>> {
  if (!globalForDb.__dashboardDb) {
    const e = env();
    globalForDb.__dashboardDb = openDashboardDatabase({ url: e.DATABASE_URL, dataDir: path.join(e.DATA_DIR, "db") });
    globalForDb.__dashboardDb.catch(() => {
      globalForDb.__dashboardDb = undefined;
    });
  }
  return globalForDb.__dashboardDb;
}

/**
 * The process's cache of facts kept while they stay true (lib/db/shared-cache.ts), listening on the
 * dashboard's database; null for a benchmark's baseline (lib/perf-baseline.ts).
 */
export function getSharedCache(): Promise<SharedCache | null> {
  globalForDb.__sharedCache ??= perfBaseline()
    ? Promise.resolve(null)
    : getDatabase().then((d) => {
        const cache = new SharedCache(d.listen);
        void cache.start();
        return cache;
      });
  globalForDb.__sharedCache.catch(() => (globalForDb.__sharedCache = undefined));
  return globalForDb.__sharedCache;
}

/** The embedded database (no URL) runs on a thread of its own, beside the pages (lib/db/pglite-thread-client.ts). */
export function openDashboardDatabase(opts: { url?: string; dataDir?: string }): Promise<OpenedDatabase<typeof schema>> {
  return openDatabase({ ...opts, schema, migrationsFolder: migrationsFolder(), lockKey: 7_300_101, thread: true });
}

export { schema };
