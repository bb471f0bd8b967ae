/**
 * PGlite on a worker thread (lib/db/pglite-thread.mjs), behind the part of PGlite's client that
 * Drizzle and lib/db/driver.ts use: `query`, `exec`, `transaction`, `listen`, `close`.
 *
 * Why: PGlite runs PostgreSQL (WebAssembly) on the thread that calls it. On the dashboard's main
 * thread every statement was time in which no page could render; on a thread of its own the
 * statements run beside the rendering, on the machine's other core. What a statement does, its
 * order and PGlite's one-at-a-time queue (and a transaction's hold on it) are unchanged: the same
 * PGlite calls are made, on the other thread.
 *
 * The thread keeps the process alive only while a call is waiting for its answer.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";

type Row = Record<string, unknown> | unknown[];
export type ThreadResults = { rows: Row[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
/** The options Drizzle passes: a row mode and parsers that keep some types' text (identity functions). */
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };

export type ThreadTransaction = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  exec(sql: string): Promise<ThreadResults[]>;
};

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string; name?: string } } | { notify: number; payload: string };

/** An Error as PGlite threw it: its message, name and PostgreSQL's fields (`code`, `constraint`…). */
function rebuilt(plain: Record<string, unknown> & { message: string; name?: string }): Error {
  const e = new Error(plain.message);
  for (const [k, v] of Object.entries(plain)) if (k !== "message" && k !== "stack") (e as unknown as Record<string, unknown>)[k] = v;
  return e;
}

/** Drizzle's parsers are identity functions for the types it keeps as text; the thread is sent their OIDs. */
function portable(options?: QueryOptions) {
  if (!options) return undefined;
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length) throw new Error(`query options not supported on the database thread: ${Object.keys(rest).join(", ")}`);
  return { rowMode, keepText: parsers ? Object.keys(parsers).map(Number) : [] };
}

export class PGliteThread implements ThreadTransaction {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private failure: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.unref();
    worker.on("message", (m: Answer) => {
      if ("notify" in m) return this.listeners.get(m.notify)?.(m.payload);
      const call = this.pending.get(m.id);
      if (!call) return;
      this.pending.delete(m.id);
      if (!this.pending.size) worker.unref();
      if (m.ok) call.resolve(m.value);
      else call.reject(rebuilt(m.error));
    });
    const stopped = (e: Error) => {
      this.failure ??= e;
      for (const call of this.pending.values()) call.reject(this.failure);
      this.pending.clear();
    };
    worker.on("error", stopped);
    worker.on("exit", (code) => stopped(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  }

  /** Opens PGlite in `dataDir` (in memory when absent) on a new thread; resolves once it is open. */
  static async open(opts: { dataDir?: string; template?: Blob; postgresqlconf?: string[] }): Promise<PGliteThread> {
    const template = opts.template ? new Uint8Array(await opts.template.arrayBuffer()) : undefined;
    const worker = new Worker(path.join(/* turbopackIgnore: true */ process.cwd(), "lib/db/pglite-thread.mjs"), {
      workerData: { dataDir: opts.dataDir, template, postgresqlconf: opts.postgresqlconf },
      transferList: template ? [template.buffer as ArrayBuffer] : [],
      // Node.js's flags for the process (tsx's loader, the young generation's size) are not needed here.
      execArgv: [],
    });
    const thread = new PGliteThread(worker);
    try {
      await thread.wait(0);
    } catch (e) {
      await worker.terminate();
      throw e;
    }
    return thread;
  }

  private wait(id: number): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
    });
  }

  private call<T>(op: string, fields: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    const answer = this.wait(id);
    if (!this.failure) this.worker.postMessage({ id, op, ...fields });
    return answer as Promise<T>;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults> {
    return this.call("query", { sql, params, options: portable(options) });
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.call("exec", { sql });
  }

  /** As PGlite's: `fn`'s statements in one transaction, committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>("begin");
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.call("query", { tx: id, sql, params, options: portable(options) }),
      exec: (sql) => this.call("exec", { tx: id, sql }),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (e) {
      await this.call("end", { tx: id, commit: false }).catch(() => undefined);
      throw e;
    }
    await this.call("end", { tx: id, commit: true });
    return result;
  }

  /** LISTEN on `channel`; resolves to the function that stops listening. */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    // The id `call` is about to give this message: the thread names its notifications by it.
    const id = this.next;
    this.listeners.set(id, onMessage);
    try {
      await this.call("listen", { channel });
    } catch (e) {
      this.listeners.delete(id);
      throw e;
    }
    return async () => {
      this.listeners.delete(id);
      await this.call("unlisten", { listener: id });
    };
  }

  /**
   * Closes PGlite on its thread (it finishes what is queued), then the thread. PGlite's close waits
   * for an open transaction; one that is never ended (its caller stuck on something else at
   * shutdown) would hold the process for ever, so after `waitMs` the thread is stopped regardless,
   * as a crash would stop it: PostgreSQL recovers from its log at the next open.
   */
  async close(waitMs = 5_000): Promise<void> {
    if (!this.failure) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.call("close").catch(() => undefined), new Promise((r) => (timer = setTimeout(r, waitMs)))]);
      clearTimeout(timer);
    }
    await this.worker.terminate();
  }
}
