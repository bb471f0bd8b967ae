/**
 * A thin SQL executor over the database that lib/db/driver.ts opened: one interface for PGlite and
 * node-postgres, used by every sandbox query.
 *
 * Why not Drizzle's query builder on the hot path: PGlite runs the extended protocol as six
 * separate calls into WebAssembly per query (parse, describe, bind, describe, execute, sync), which
 * costs more than the statement itself. On PGlite this executor sends each statement through the
 * simple query protocol instead, with parameters written as SQL literals (quoted, quotes doubled;
 * standard_conforming_strings is on, so backslashes are literal). Measured: ~1.5x the throughput of
 * `query()` for an insert. On PostgreSQL it uses ordinary bind parameters.
 *
 * The schema itself stays in Drizzle (sandbox/db/schema.ts) with drizzle-kit migrations.
 */
import type { Pool, PoolClient } from "pg";
import type { PGlite, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import Decimal from "decimal.js";

export type Row = Record<string, unknown>;

export interface Sql {
  /**
   * Runs one statement with `$1`-style parameters and returns its rows. A `name` makes it a prepared
   * statement (parsed and planned once per session): use it on hot paths, with a fixed `text`.
   */
  query<T extends Row = Row>(text: string, params?: readonly unknown[], name?: string): Promise<T[]>;
}

export interface Db extends Sql {
  /** Runs `fn` in a transaction (BEGIN … COMMIT, ROLLBACK when it throws). */
  tx<R>(fn: (q: Sql) => Promise<R>): Promise<R>;
  readonly kind: "pglite" | "postgres";
}

/** Postgres SQLSTATE of an error thrown by either driver, if any. */
export function sqlState(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function constraintOf(e: unknown): string | undefined {
  const c = (e as { constraint?: unknown } | null)?.constraint;
  return typeof c === "string" ? c : undefined;
}

export class UnsafeLiteralError extends Error {}

/** A parameter written as an SQL literal (PGlite path only). */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new UnsafeLiteralError("non-finite number parameter");
    return `'${String(v)}'`;
  }
  if (typeof v === "bigint") return `'${v.toString()}'`;
  let s: string;
  if (v instanceof Date) s = v.toISOString();
  else if (typeof v === "string") s = v;
  else if (Decimal.isDecimal(v)) s = (v as Decimal).toFixed();
  else s = JSON.stringify(v);
  // A NUL would end the query text early inside WebAssembly; Postgres refuses it in text anyway.
  if (s.includes("\u0000")) throw new UnsafeLiteralError("NUL character in a parameter");
  return `'${s.replace(/'/g, "''")}'`;
}

export function inline(text: string, params: readonly unknown[]): string {
  if (params.length === 0) return text;
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new RangeError(`missing parameter $${n}`);
    return literal(params[i]);
  });
}

// Both drivers answer numeric as its exact string (never a float), timestamptz as Date, jsonb parsed.
// (No per-call `parsers` option on PGlite: it merges the whole parser table on every call.)

type PGliteExec = Pick<PGlite, "exec"> | Pick<PGliteTransaction, "exec">;

function pgliteSql(client: PGliteExec): Sql {
  return {
    async query<T extends Row>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      const results = await client.exec(inline(text, params));
      const last = results[results.length - 1];
      return (last?.rows ?? []) as T[];
    },
  };
}

/**
 * Group commit for PGlite. PGlite is one single-threaded backend, so concurrent requests queue for it
 * anyway; the statements that arrive while one call is running are sent together as one
 * multi-statement simple query (one call into WebAssembly, one implicit transaction, one commit),
 * and each caller gets its own statement's result. If any statement of a group fails, Postgres rolls
 * the whole group back, and each statement is then run again on its own, so one failure never
 * affects another request. Only autocommit statements are grouped; `tx()` runs apart.
 */
class PGliteBatcher {
  private queue: { text: string; resolve: (rows: Row[]) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly client: PGlite,
    private readonly maxBatch = 64,
  ) {}

  /** Queues a statement whose failure concerns nobody (PREPARE, which may already exist). */
  runQuietly(text: string): void {
    this.run(text).catch(() => undefined);
  }

  run(text: string): Promise<Row[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      // Start on the next check phase, once every request already received in this turn of the event
      // loop has reached its statement (WebAssembly blocks the loop while a statement runs).
      if (!this.running && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.pump();
        });
      }
    });
  }

  private async one(text: string): Promise<Row[]> {
    const results = await this.client.exec(text);
    return (results[results.length - 1]?.rows ?? []) as Row[];
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        if (batch.length === 1) {
          const b = batch[0]!;
          await this.one(b.text).then(b.resolve, b.reject);
          continue;
        }
        let results: { rows: unknown[] }[] | undefined;
        try {
          results = await this.client.exec(batch.map((b) => b.text).join(";\n"));
        } catch {
          results = undefined;
        }
        if (results !== undefined && results.length === batch.length) {
          batch.forEach((b, i) => b.resolve(results![i]!.rows as Row[]));
        } else {
          // The group was rolled back as a whole: run each statement on its own.
          for (const b of batch) await this.one(b.text).then(b.resolve, b.reject);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

export function fromPGlite(client: PGlite): Db {
  const batcher = new PGliteBatcher(client);
  const prepared = new Set<string>();
  return {
    kind: "pglite",
    query<T extends Row>(text: string, params: readonly unknown[] = [], name?: string): Promise<T[]> {
      if (name === undefined) return batcher.run(inline(text, params)) as Promise<T[]>;
      // PREPARE once (queued ahead of the first EXECUTE), then EXECUTE with literal arguments: the
      // simple protocol without re-parsing and re-planning the statement each time.
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new RangeError(`bad statement name ${name}`);
      if (!prepared.has(name)) {
        prepared.add(name);
        batcher.runQuietly(`prepare ${name} as ${text}`);
      }
      const args = params.map(literal).join(", ");
      return batcher.run(params.length ? `execute ${name}(${args})` : `execute ${name}`) as Promise<T[]>;
    },
    tx: (fn) => client.transaction((t) => fn(pgliteSql(t))),
  };
}

function toPgParam(p: unknown): unknown {
  if (p === undefined) return null;
  if (Decimal.isDecimal(p)) return (p as Decimal).toFixed();
  if (p !== null && typeof p === "object" && !(p instanceof Date)) return JSON.stringify(p);
  return p;
}

function pgSql(client: Pool | PoolClient): Sql {
  return {
    async query<T extends Row>(text: string, params: readonly unknown[] = [], name?: string): Promise<T[]> {
      const r = await client.query({ text, values: params.map(toPgParam), ...(name !== undefined && { name }) });
      return r.rows as T[];
    },
  };
}

export function fromPgPool(pool: Pool): Db {
  const base = pgSql(pool);
  return {
    kind: "postgres",
    query: base.query,
    async tx(fn) {
      const conn = await pool.connect();
      try {
        await conn.query("BEGIN");
        const r = await fn(pgSql(conn));
        await conn.query("COMMIT");
        return r;
      } catch (e) {
        await conn.query("ROLLBACK").catch(() => undefined);
        throw e;
      } finally {
        conn.release();
      }
    },
  };
}
