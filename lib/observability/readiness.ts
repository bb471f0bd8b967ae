/**
 * Readiness (`GET /readyz`), for both programs: the database answers, every migration of this build
 * is applied, and the background worker runs. A balancer sends requests only to an instance that
 * says so; an instance that is shutting down says no at once (scripts/server.ts), so that requests
 * go elsewhere while it answers what it has. Cheap: two small statements, bounded by a timeout.
 *
 * The reason is said in words and a code, never an address, a URL or a driver's message (the
 * endpoint answers anyone); the full error goes to the log.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** One statement returning rows (node-postgres and PGlite shapes alike). */
export type Query = (text: string) => Promise<unknown>;

export type Check = "ok" | string;
export type Readiness = { ready: boolean; reason?: string; checks: Record<string, Check> };

/** The newest migration of this build (drizzle's journal: the `when` its migrator records as `created_at`). */
export function latestMigration(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []));

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: "TIMEOUT" })), ms);
    }),
  ]);
}

const codeOf = (e: unknown) => {
  const c = (e as { code?: unknown; cause?: { code?: unknown } }).code ?? (e as { cause?: { code?: unknown } }).cause?.code;
  return typeof c === "string" && /^[A-Z0-9_]{2,40}$/.test(c) ? c : "ERROR";
};

/**
 * `query`: null while the database has not been opened (starting, or opening failed). `worker`:
 * whether the program's background worker runs (the events worker; the sandbox's dispatcher).
 * `onError` receives what made a check fail (for the log).
 */
export async function checkReadiness(opts: {
  query: Query | null;
  latestMigration: number;
  worker: { name: string; running: boolean };
  shuttingDown?: boolean;
  timeoutMs?: number;
  onError?: (check: string, e: unknown) => void;
}): Promise<Readiness> {
  const checks: Record<string, Check> = {};
  const reasons: string[] = [];
  const timeoutMs = opts.timeoutMs ?? 2_000;
  if (opts.shuttingDown) reasons.push("shutting down: finishing the requests in flight");
  if (!opts.query) {
    checks.database = "not open";
    checks.migrations = "unknown";
    reasons.push("the database is not open yet");
  } else {
    try {
      await within(timeoutMs, opts.query("select 1"));
      checks.database = "ok";
      try {
        const [row] = rowsOf(await within(timeoutMs, opts.query("select max(created_at)::text as latest from drizzle.__drizzle_migrations")));
        const applied = Number(row?.latest ?? 0);
        if (applied >= opts.latestMigration) checks.migrations = "ok";
        else {
          checks.migrations = "behind";
          reasons.push("migrations are not applied: this build has a newer one than the database");
        }
      } catch (e) {
        opts.onError?.("migrations", e);
        checks.migrations = codeOf(e);
        reasons.push(`the applied migrations cannot be read (${codeOf(e)})`);
      }
    } catch (e) {
      opts.onError?.("database", e);
      checks.database = codeOf(e);
      checks.migrations = "unknown";
      reasons.push(`the database does not answer (${codeOf(e)})`);
    }
  }
  checks[opts.worker.name] = opts.worker.running ? "ok" : "stopped";
  if (!opts.worker.running) reasons.push(`the ${opts.worker.name} is not running`);
  return reasons.length ? { ready: false, reason: reasons.join("; "), checks } : { ready: true, checks };
}
