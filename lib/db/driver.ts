/**
 * One way to open a Postgres database for both programs (dashboard and
 * sandbox): PGlite (Postgres compiled to WASM) in a directory when no URL is
 * given, node-postgres when a `postgres://` URL is. Everything above this file
 * sees the same Drizzle `PgDatabase` type and runs the same SQL.
 *
 * Migrations are applied on open. On PostgreSQL several processes may start at
 * once (scaled-out dashboard instances, parallel test workers), so the
 * migration runs under a session advisory lock.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PgPreparedQuery, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { outsideRequest } from "@/lib/observability/context";
import type { PGlite } from "@electric-sql/pglite";
import { pgliteTemplate, pgliteTemplateFile, storePGliteTemplate } from "./pglite-templates";
import type { PGliteThread } from "./pglite-thread-client";

/** The embedded database's client: PGlite on this thread, or on one of its own. */
type PGliteClient = PGlite | PGliteThread;

/**
 * Drizzle's error for a failed statement puts the statement's parameters in its message, and such
 * messages get logged (a worker pass during a database outage, Next.js's error log). A parameter
 * may be a secret (a webhook endpoint's token, a session's): the message keeps the statement and
 * the driver's reason, never the values (still on `error.params` for code that needs them).
 */
const redacted = Symbol.for("payment-dashboard.redacted-query-errors");
const preparedQuery = PgPreparedQuery.prototype as unknown as Record<PropertyKey, unknown> & { queryWithCache: (...args: unknown[]) => Promise<unknown> };
if (!preparedQuery[redacted]) {
  preparedQuery[redacted] = true;
  const original = preparedQuery.queryWithCache;
  preparedQuery.queryWithCache = async function (this: unknown, ...args: unknown[]) {
    try {
      return await original.apply(this, args);
    } catch (e) {
      if (e instanceof Error && "params" in e && "query" in e) {
        // The database's reason may quote a value too ('invalid input syntax for type uuid: "…"').
        let reason = e.cause instanceof Error ? e.cause.message : "";
        for (const p of Array.isArray(e.params) ? e.params : []) if (p != null && String(p).length >= 4) reason = reason.split(String(p)).join("[value]");
        e.message = `Failed query: ${String(e.query)}${reason ? `\nreason: ${reason}` : ""}`;
      }
      throw e;
    }
  };
}

export type Database<TSchema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, TSchema>;

export type OpenDatabaseOptions<TSchema extends Record<string, unknown>> = {
  /** `postgres://…`; when absent, PGlite is used. */
  url?: string;
  /** PGlite directory; absent (with no url) means an in-memory database. */
  dataDir?: string;
  schema: TSchema;
  migrationsFolder: string;
  /** distinguishes the advisory locks of different programs sharing one server */
  lockKey?: number;
  /** node-postgres pool size */
  poolMax?: number;
  /** false: a new PGlite database runs initdb even when its folder has a template (making the template) */
  template?: boolean;
  /**
   * PGlite on a worker thread of its own (lib/db/pglite-thread-client.ts), so that its statements
   * run beside the caller's work instead of on its thread: the dashboard's database. Tests and
   * one-off scripts open it on their own thread.
   */
  thread?: boolean;
};

export type OpenedDatabase<TSchema extends Record<string, unknown>> = {
  db: Database<TSchema>;
  kind: "pglite" | "postgres";
  /**
   * Runs `fn` while holding a lock named `name` that every process on this database honours (on
   * PostgreSQL a session advisory lock held on a connection of its own, so `fn` may use the pool
   * and even make network calls meanwhile; on PGlite, which one process owns, a mutex in this
   * process). For work that must happen once at a time across instances: renewing a token.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onMessage` gets each NOTIFY payload sent by any process on this database.
   * On PostgreSQL one connection of its own per call, re-established after a loss (`onLoss` runs when
   * it is lost, `onReconnect` once it is back, so the caller can catch up on what it may have
   * missed); on PGlite the instance's own, never lost.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void, onLoss?: () => void): Promise<() => Promise<void>>;
  /**
   * Milliseconds since the last request's statement finished (0 while one is queued or running):
   * how long requests have left the database alone. Work that holds PGlite's one thread for long
   * (vacuuming a large table) waits for a quiet moment (lib/db/maintenance.ts).
   */
  quietFor(): number;
  close(): Promise<void>;
};

/** Namespace of the two-key advisory locks taken by `withLock` (the second key is hashtext(name)). */
const NAMED_LOCK_NAMESPACE = 7_300_301;

/** In-process named mutex: a promise chain per name. */
function processMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = previous.then(() => mine);
    tails.set(name, tail);
    await previous.catch(() => undefined);
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}

const background = new AsyncLocalStorage<true>();

/**
 * Runs `fn` as background work (the webhook worker, the sync): on PGlite its statements wait while
 * a request's statements are queued, and give the event loop a turn before each, so that
 * background work never holds up a page or the webhook intake. (PGlite runs one statement at a
 * time on this thread; PostgreSQL has a pool and needs no such order.)
 */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn);
}

/**
 * `DB_STATEMENT_LOG=<file>`: every statement a process sends, one line each (`fg` for a request's,
 * `bg` for background work's, the milliseconds from sending it to its answer, then the SQL),
 * appended synchronously. For profiling (how many
 * statements a page costs); off unless set, and costs nothing then.
 */
function statementLog(): ((method: string, statement: unknown, ms: number) => void) | null {
  const file = process.env.DB_STATEMENT_LOG;
  if (!file) return null;
  return (method, statement, ms) => {
    if (method === "connect") return;
    const text = typeof statement === "string" ? statement : String((statement as { text?: unknown } | null)?.text ?? "");
    appendFileSync(file, `${background.getStore() ? "bg" : "fg"}\t${method}\t${ms.toFixed(2)}\t${text.replace(/\s+/g, " ").slice(0, 400)}\n`);
  };
}

/**
 * Foreground statements first. Counts the request statements queued or running; a background
 * statement starts only when none is, after a turn of the event loop (where new requests arrive).
 * `requestsAfterATurn`: a request's statement waits a turn too (PGlite, whose statements hold the thread).
 */
function prioritise(client: object, methods: readonly string[], opts: { requestsAfterATurn?: boolean } = {}): { quietFor(): number } {
  const c = client as Record<string, (...args: unknown[]) => Promise<unknown>>;
  let foreground = 0;
  let lastForeground = 0;
  let idle: (() => void)[] = [];
  const turn = () => new Promise<void>((r) => setImmediate(r));
  // A steady stream of requests must not starve background work for ever: it waits at most this long.
  const MAX_WAIT_MS = 250;
  const gate = async () => {
    const since = Date.now();
    await turn();
    while (foreground > 0 && Date.now() - since < MAX_WAIT_MS) {
      await new Promise<void>((r) => {
        idle.push(r);
        setTimeout(r, MAX_WAIT_MS).unref();
      });
      await turn();
    }
  };
  const log = statementLog();
  for (const m of methods) {
    const direct = c[m]!.bind(client);
    const original = log
      ? async (...args: unknown[]) => {
          if (typeof args[args.length - 1] === "function") return direct(...args);
          const started = performance.now();
          try {
            return await direct(...args);
          } finally {
            log(m, args[0], performance.now() - started);
          }
        }
      : direct;
    c[m] = async (...args: unknown[]) => {
      // node-postgres's own callback-style calls (Pool.query calls connect(cb)) pass through.
      if (typeof args[args.length - 1] === "function") return original(...args);
      if (background.getStore()) {
        await gate();
        return original(...args);
      }
      foreground++;
      try {
        if (opts.requestsAfterATurn) await turn();
        return await original(...args);
      } finally {
        lastForeground = performance.now();
        if (--foreground === 0) {
          const waiting = idle;
          idle = [];
          for (const r of waiting) r();
        }
      }
    };
  }
  return { quietFor: () => (foreground > 0 ? 0 : performance.now() - lastForeground) };
}

/**
 * The templates of new embedded databases (lib/db/pglite-templates.ts): for each migrations folder
 * that has none, a new in-memory database migrated, then dumped without `template0` and `template1`.
 * Returns each folder's file. `npm test` runs it first (scripts/pglite-templates.ts), as does vitest's
 * global setup.
 */
export async function makePGliteTemplates(folders: string[]): Promise<string[]> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const files: string[] = [];
  for (const folder of folders) {
    const file = pgliteTemplateFile(folder);
    if (!file) throw new Error(`@electric-sql/pglite is not in ./node_modules: no template for ${folder}`);
    files.push(file);
    if (existsSync(file)) continue;
    const opened = await openDatabase({ schema: {}, migrationsFolder: folder, template: false });
    const client = (opened.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
    const migrated = await client.dumpDataDir("none");
    await opened.close();
    const slim = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: migrated });
    try {
      await slim.query("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
      await slim.query("drop database template0");
      await slim.query("drop database template1");
      await slim.query("checkpoint");
      storePGliteTemplate(folder, file, Buffer.from(await (await slim.dumpDataDir("none")).arrayBuffer()));
    } finally {
      await slim.close();
    }
  }
  return files;
}

export async function openDatabase<TSchema extends Record<string, unknown>>(
  opts: OpenDatabaseOptions<TSchema>,
): Promise<OpenedDatabase<TSchema>> {
  if (opts.url) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
    // node-postgres emits the errors of idle clients on the pool (a backend terminated, a network
    // cut, a database dropped while connections close); unhandled, they would crash the process.
    // The pool has already discarded such a client, and the next query opens another.
    let closing = false;
    pool.on("error", (e) => {
      // Emitted from the connection's socket, in the context of whichever request opened it: said
      // outside any request, so the line names none.
      if (!closing) outsideRequest(() => console.error(`[db] idle PostgreSQL connection lost: ${e.message}`));
    });
    // Requests first here too: the pool's connections are shared with background work.
    const { quietFor } = prioritise(pool, ["query", "connect"]);
    const db = drizzle({ client: pool, schema: opts.schema });
    const lockKey = opts.lockKey ?? 7_300_001;
    const conn = await pool.connect();
    try {
      await conn.query("select pg_advisory_lock($1)", [lockKey]);
      try {
        await migrate(drizzle({ client: conn, schema: opts.schema }), { migrationsFolder: opts.migrationsFolder });
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [lockKey]);
      }
    } finally {
      conn.release();
    }
    const withLock = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const lockConn = await pool.connect();
      try {
        await lockConn.query("select pg_advisory_lock($1, hashtext($2))", [NAMED_LOCK_NAMESPACE, name]);
        try {
          return await fn();
        } finally {
          await lockConn.query("select pg_advisory_unlock($1, hashtext($2))", [NAMED_LOCK_NAMESPACE, name]);
        }
      } finally {
        lockConn.release();
      }
    };
    const listeners = new Set<() => Promise<void>>();
    const listen = async (channel: string, onMessage: (payload: string) => void, onReconnect?: () => void, onLoss?: () => void) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
      const { Client } = await import("pg");
      let stopped = false;
      let client: InstanceType<typeof Client> | null = null;
      const connect = async (): Promise<void> => {
        const c = new Client({ connectionString: opts.url, keepAlive: true });
        c.on("notification", (n) => n.channel === channel && onMessage(n.payload ?? ""));
        c.on("error", () => undefined);
        c.on("end", () => {
          if (stopped || closing) return;
          client = null;
          onLoss?.();
          // Lost (PostgreSQL restarted, network cut): try again every second until it answers.
          const retry = () =>
            connect().then(
              () => onReconnect?.(),
              () => !stopped && setTimeout(retry, 1_000).unref(),
            );
          setTimeout(retry, 1_000).unref();
        });
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        client = c;
      };
      await connect();
      const stop = async () => {
        stopped = true;
        listeners.delete(stop);
        await client?.end().catch(() => undefined);
      };
      listeners.add(stop);
      return stop;
    };
    return {
      db: db as unknown as Database<TSchema>,
      kind: "postgres",
      withLock,
      listen,
      quietFor,
      close: async () => {
        closing = true;
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }

  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // PGlite does not create the parent of its data directory.
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const fresh = !opts.dataDir || !existsSync(path.join(opts.dataDir, "PG_VERSION"));
  // A new database starts from its folder's template when one was made (lib/db/pglite-templates.ts).
  const template = fresh && opts.template !== false ? pgliteTemplate(opts.migrationsFolder) : undefined;
  // An in-memory database's files are in memory already: PostgreSQL's own page cache need not be
  // its 128 MB default, which every new database clears at start (≈ 0.5 s of its ≈ 1 s of CPU, from
  // a template, on 2 cores; vitest opens some hundred). 16 MB starts in half the time.
  const postgresqlconf = opts.dataDir ? undefined : ["shared_buffers=16MB"];
  let client: PGliteClient;
  if (opts.thread) {
    const { PGliteThread } = await import("./pglite-thread-client");
    client = await PGliteThread.open({ dataDir: opts.dataDir, template, postgresqlconf });
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    // pg_trgm: the trigram index of the Transactions page's free-text search (migration 0008);
    // lib/db/pglite-thread.mjs loads it on the thread.
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    client = await PGlite.create(opts.dataDir, { extensions: { pg_trgm }, ...(template && { loadDataDir: template }), ...(postgresqlconf && { postgresqlconf }) });
  }
  // On this thread, PGlite runs a statement and the next queued one follows at once (its queue hands
  // over in a microtask): a request's statement waits a turn of the event loop first, so that what
  // has arrived meanwhile is read (the webhook intake then commits more deliveries in one insert) and
  // answers are written between statements. Measured on 2 cores, the intake at 32 in flight: 1,000–
  // 2,100 → 1,600–3,000 deliveries/s, event-loop stalls over 45 ms 13–19 → 2 in 30 s; the page mix
  // unchanged (README "Webhook intake"). On a thread of its own, the statements never hold this one.
  const { quietFor } = prioritise(client, ["query", "transaction"], { requestsAfterATurn: !opts.thread });
  const db = drizzle({ client: client as PGlite, schema: opts.schema });
  await migrate(db, { migrationsFolder: opts.migrationsFolder });
  const listen = async (channel: string, onMessage: (payload: string) => void) => {
    const unlisten = await client.listen(channel, onMessage);
    return async () => unlisten();
  };
  return { db: db as unknown as Database<TSchema>, kind: "pglite", withLock: processMutex(), listen, quietFor, close: () => client.close() };
}

