// The embedded database on a thread of its own (lib/db/pglite-thread-client.ts starts it and speaks
// to it). PGlite runs PostgreSQL compiled to WebAssembly on whatever thread calls it: on the
// dashboard's main thread its statements were 11–14 % of the page mix's CPU, time in which no page
// could be rendered. Here they run beside the pages. Plain JavaScript, loaded by Node.js as it is
// (not bundled by Next.js, not transpiled).
//
// Messages in: { id, op, … }; out: { id, ok, value } or { id, ok: false, error }, and
// { notify, payload } for a NOTIFY heard on a channel listened to.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const { dataDir, template, postgresqlconf } = workerData;
const opening = PGlite.create(dataDir, {
  extensions: { pg_trgm },
  ...(template ? { loadDataDir: new Blob([template]) } : {}),
  ...(postgresqlconf ? { postgresqlconf } : {}),
});

const keepText = (value) => value;
/** Drizzle asks for some types as PostgreSQL wrote them (identity parsers): the OIDs come as numbers. */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = {};
  for (const oid of options.keepText ?? []) parsers[oid] = keepText;
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), parsers };
}

/** What a failed statement said, with PostgreSQL's fields (code, constraint, detail…), as plain data. */
function plainError(e) {
  const out = { name: e?.name ?? "Error", message: e?.message ?? String(e) };
  if (e && typeof e === "object") {
    for (const [k, v] of Object.entries(e)) if (typeof v === "string" || typeof v === "number") out[k] = v;
  }
  return out;
}

const transactions = new Map();
const listeners = new Map();
const ROLLBACK = Symbol("rollback");

/** How a transaction ended: told to the `end` waiting for it, or kept for the `end` still to come. */
function settle(id, error) {
  const t = transactions.get(id);
  if (!t) return;
  if (t.ended) t.ended(error);
  else t.outcome = error;
}

const reply = (id, run) =>
  Promise.resolve()
    .then(run)
    .then(
      (value) => parentPort.postMessage({ id, ok: true, value }),
      (e) => parentPort.postMessage({ id, ok: false, error: plainError(e) }),
    );

const handlers = {
  async query(pg, m) {
    const on = m.tx === undefined ? pg : transactions.get(m.tx)?.tx;
    if (!on) throw new Error("the transaction has ended");
    const r = await on.query(m.sql, m.params, queryOptions(m.options));
    return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
  },
  async exec(pg, m) {
    const on = m.tx === undefined ? pg : transactions.get(m.tx)?.tx;
    if (!on) throw new Error("the transaction has ended");
    const rs = await on.exec(m.sql);
    return rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
  },
  // Answers once the transaction has begun; it stays open until an `end` for it.
  begin(pg, m) {
    return new Promise((began, failed) => {
      let opened = false;
      pg.transaction(async (tx) => {
        const end = new Promise((resolve) => transactions.set(m.id, { tx, end: resolve }));
        opened = true;
        began(m.id);
        const { commit } = await end;
        if (!commit) throw ROLLBACK;
      }).then(
        () => settle(m.id, null),
        (e) => {
          if (!opened) return failed(e);
          settle(m.id, e === ROLLBACK ? null : e);
        },
      );
    });
  },
  // Commits or rolls back; answers once PGlite has (a commit can fail: a deferred constraint). A
  // transaction PGlite ended by itself first answers with how it ended, rather than never.
  end(_pg, m) {
    const t = transactions.get(m.tx);
    if (!t) throw new Error("the transaction has ended");
    return new Promise((resolve, reject) => {
      t.ended = (e) => {
        transactions.delete(m.tx);
        if (e) reject(e);
        else resolve(null);
      };
      if ("outcome" in t) t.ended(t.outcome);
      else t.end({ commit: m.commit });
    });
  },
  async listen(pg, m) {
    const unlisten = await pg.listen(m.channel, (payload) => parentPort.postMessage({ notify: m.id, payload }));
    listeners.set(m.id, unlisten);
    return m.id;
  },
  async unlisten(_pg, m) {
    const unlisten = listeners.get(m.listener);
    listeners.delete(m.listener);
    await unlisten?.();
    return null;
  },
  async close(pg) {
    await pg.close();
    return null;
  },
};

parentPort.on("message", (m) => {
  reply(m.id, async () => {
    const pg = await opening;
    const handler = handlers[m.op];
    if (!handler) throw new Error(`unknown operation ${m.op}`);
    return handler(pg, m);
  });
});

// Ready once the database is open (or with the reason it could not be).
opening.then(
  () => parentPort.postMessage({ id: 0, ok: true, value: null }),
  (e) => parentPort.postMessage({ id: 0, ok: false, error: plainError(e) }),
);
