import "server-only";
/**
 * Vacuum and analyze for the embedded PGlite, which has no autovacuum (it is one process, without
 * PostgreSQL's background workers): without this, its tables are never analyzed (the planner
 * guesses one row for every table, however large the mirror grows), the rows that updates and
 * deletes leave behind are never reclaimed (sessions, rate slots, the webhook inbox, charges), and
 * index-only scans visit every row because no page is ever marked all-visible.
 *
 * Every minute (and once shortly after start) this pass reads the table statistics PGlite keeps
 * and, per table, does what PostgreSQL's autovacuum would with its default thresholds
 * (`autovacuum_vacuum_threshold` 50 + 20 %, `autovacuum_vacuum_insert_threshold` 1,000 + 20 %,
 * `autovacuum_analyze_threshold` 50 + 10 % of the table's rows): `vacuum (analyze)` or `analyze`,
 * one table a statement, each as background work (lib/db/driver.ts `inBackground`: requests' statements go first),
 * a vacuum or a table's new analyze only once requests have left the database alone for a second (`quietMoment`).
 * PostgreSQL runs its own autovacuum: nothing is done there.
 */
import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db";
import { inBackground } from "@/lib/db/driver";
import type { Db } from "@/lib/db/scope";
import { outsideRequest } from "@/lib/observability/context";
import { log } from "@/lib/observability/log";

export type TableStats = { schema: string; table: string; rows: number; dead: number; modifiedSinceAnalyze: number; insertedSinceVacuum: number };
export type Upkeep = { schema: string; table: string; work: "vacuum" | "analyze" };

/** PostgreSQL's autovacuum defaults. */
const VACUUM = { base: 50, share: 0.2 };
const VACUUM_INSERT = { base: 1_000, share: 0.2 };
const ANALYZE = { base: 50, share: 0.1 };

/** What autovacuum would do to each table, from its statistics (`rows` < 0: never analyzed). */
export function upkeepFor(stats: TableStats[]): Upkeep[] {
  const out: Upkeep[] = [];
  for (const s of stats) {
    const rows = Math.max(0, s.rows);
    const vacuum = s.dead > VACUUM.base + VACUUM.share * rows || s.insertedSinceVacuum > VACUUM_INSERT.base + VACUUM_INSERT.share * rows;
    const analyze = s.modifiedSinceAnalyze > ANALYZE.base + ANALYZE.share * rows || (s.rows < 0 && s.modifiedSinceAnalyze > 0);
    if (vacuum) out.push({ schema: s.schema, table: s.table, work: "vacuum" });
    else if (analyze) out.push({ schema: s.schema, table: s.table, work: "analyze" });
  }
  return out;
}

export async function tableStats(db: Db): Promise<TableStats[]> {
  const result = (await db.execute(sql`
    select s.schemaname as schema, s.relname as table, c.reltuples::float8 as rows, s.n_dead_tup::int8 as dead,
           s.n_mod_since_analyze::int8 as modified, s.n_ins_since_vacuum::int8 as inserted
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid`)) as unknown as {
    rows: { schema: string; table: string; rows: number | string; dead: number | string; modified: number | string; inserted: number | string }[];
  };
  return result.rows.map((r) => ({ schema: r.schema, table: r.table, rows: Number(r.rows), dead: Number(r.dead), modifiedSinceAnalyze: Number(r.modified), insertedSinceVacuum: Number(r.inserted) }));
}

/**
 * One pass: the tables past their thresholds, vacuumed (with analyze) or analyzed. `run` wraps each
 * statement (background work in the runtime); `whenQuiet` is awaited before what can wait: a vacuum,
 * and the analyze of a table that has statistics already (the runtime waits there for a quiet
 * moment). A table never analyzed is analyzed at once: until then the planner guesses its size.
 */
export async function maintainTables(
  db: Db,
  run: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
  whenQuiet: () => Promise<void> = async () => undefined,
): Promise<Upkeep[]> {
  const stats = await run(() => tableStats(db));
  const work = upkeepFor(stats);
  for (const w of work) {
    const target = sql`${sql.identifier(w.schema)}.${sql.identifier(w.table)}`;
    const analyzed = (stats.find((s) => s.schema === w.schema && s.table === w.table)?.rows ?? -1) >= 0;
    if (w.work === "vacuum" || analyzed) await whenQuiet();
    // Awaited inside `run`: drizzle's query only starts when awaited, and the statement must start
    // in the context `run` gives it (as background work), not in the caller's.
    await run(async () => {
      await db.execute(w.work === "vacuum" ? sql`vacuum (analyze) ${target}` : sql`analyze ${target}`);
    });
  }
  return work;
}

const INTERVAL_MS = 60_000;
const FIRST_PASS_MS = 15_000;
/**
 * A vacuum holds PGlite's one thread, so every request, for as long as it takes (≈ 100 ms for a
 * webhook inbox of 20,000 rows on 2 cores: the intake's answers waited behind it), and an analyze
 * 2–16 ms a table. Each waits until requests have left the database alone for QUIET_MS, checked
 * every QUIET_POLL_MS, and runs anyway after MAX_DEFER_MS of steady load (what a large table gains
 * from it must not be put off for ever); only a table's first analyze does not wait.
 */
const QUIET_MS = 1_000;
const QUIET_POLL_MS = 250;
const MAX_DEFER_MS = 5 * 60_000;

/** Resolves once `quietFor()` reaches `quietMs`, or after `maxMs`, or once `stopped()` says so. */
export async function quietMoment(quietFor: () => number, stopped: () => boolean, opts: { quietMs?: number; pollMs?: number; maxMs?: number } = {}): Promise<void> {
  const { quietMs = QUIET_MS, pollMs = QUIET_POLL_MS, maxMs = MAX_DEFER_MS } = opts;
  const since = performance.now();
  while (!stopped() && quietFor() < quietMs && performance.now() - since < maxMs) await new Promise((r) => setTimeout(r, pollMs));
}

type Maintenance = { stop(): Promise<void> };
const g = globalThis as unknown as { __dbMaintenance?: Promise<Maintenance | null> };

/** Starts the pass for PGlite (instrumentation.ts); null on PostgreSQL, whose autovacuum does it. */
export function maintenanceRuntime(): Promise<Maintenance | null> {
  g.__dbMaintenance ??= outsideRequest(async () => {
    const opened = await getDatabase();
    if (opened.kind !== "pglite") return null;
    let running: Promise<unknown> | null = null;
    let stopped = false;
    const pass = () => {
      if (running || stopped) return;
      running = outsideRequest(() => maintainTables(opened.db, inBackground, () => quietMoment(opened.quietFor, () => stopped)))
        .then((done) => done.length && log("db").debug({ tables: done }, "vacuumed and analyzed"))
        .catch((err: Error) => stopped || log("db").warn({ err }, "table maintenance failed"))
        .finally(() => (running = null));
    };
    const first = setTimeout(pass, FIRST_PASS_MS);
    const timer = setInterval(pass, INTERVAL_MS);
    first.unref();
    timer.unref();
    return {
      async stop() {
        stopped = true;
        clearTimeout(first);
        clearInterval(timer);
        await running;
      },
    };
  });
  g.__dbMaintenance.catch(() => (g.__dbMaintenance = undefined));
  return g.__dbMaintenance;
}
