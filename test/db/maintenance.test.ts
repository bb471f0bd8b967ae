/**
 * The embedded PGlite has no autovacuum (lib/db/maintenance.ts): without the dashboard's own pass,
 * the planner believes every table holds one row and what updates leave behind is never reclaimed.
 * Against a real PGlite: a mirror of 3,000 transactions, half of them updated, is vacuumed and
 * analyzed by one pass, the planner then knows its size, and a second pass has nothing to do.
 * A vacuum holds PGlite's one thread: it waits for a moment without requests' statements, and runs as
 * background work (requests' statements go first).
 */
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { inBackground, openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { maintainTables, quietMoment, tableStats, upkeepFor, type TableStats } from "@/lib/db/maintenance";
import { DASHBOARD_MIGRATIONS } from "../support/databases";
import { createOrganization } from "../support/connect";
import { patient } from "@/test/support/patience";

const stats = (s: Partial<TableStats>): TableStats => ({ schema: "public", table: "t", rows: 1_000, dead: 0, modifiedSinceAnalyze: 0, insertedSinceVacuum: 0, ...s });

describe("what autovacuum would do (its default thresholds)", () => {
  it("vacuums past 50 + 20 % dead rows, or 1,000 + 20 % rows inserted since the last vacuum", () => {
    expect(upkeepFor([stats({ dead: 250 })])).toEqual([]);
    expect(upkeepFor([stats({ dead: 251 })])).toEqual([{ schema: "public", table: "t", work: "vacuum" }]);
    expect(upkeepFor([stats({ insertedSinceVacuum: 1_200 })])).toEqual([]);
    expect(upkeepFor([stats({ insertedSinceVacuum: 1_201 })])).toEqual([{ schema: "public", table: "t", work: "vacuum" }]);
  });
  it("analyzes past 50 + 10 % rows changed, or a table never analyzed that has changed", () => {
    expect(upkeepFor([stats({ modifiedSinceAnalyze: 150 })])).toEqual([]);
    expect(upkeepFor([stats({ modifiedSinceAnalyze: 151 })])).toEqual([{ schema: "public", table: "t", work: "analyze" }]);
    expect(upkeepFor([stats({ rows: -1, modifiedSinceAnalyze: 3 })])).toEqual([{ schema: "public", table: "t", work: "analyze" }]);
    expect(upkeepFor([stats({ rows: -1 })])).toEqual([]);
  });
});

describe("table maintenance on PGlite", () => {
  let opened: OpenedDatabase<typeof schema>;
  let org: string;

  /** PGlite reports a statement's counts to the statistics when it is next idle. */
  const settle = async () => {
    await opened.db.execute(sql`select pg_stat_force_next_flush()`);
    await opened.db.execute(sql`select 1`);
  };
  const plannedRows = async () => {
    const r = (await opened.db.execute(sql`explain (format json) select * from transactions where organization_id = ${org}::uuid`)) as unknown as { rows: { "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[] };
    return r.rows[0]!["QUERY PLAN"][0].Plan["Plan Rows"];
  };
  const transactionsStats = async () => (await tableStats(opened.db)).find((s) => s.table === "transactions")!;

  beforeAll(async () => {
    opened = await openDatabase({ schema, migrationsFolder: DASHBOARD_MIGRATIONS });
    ({ organizationId: org } = await createOrganization(opened.db, "Maintained", ["admin"]));
    await opened.db.execute(sql`
      insert into transactions (organization_id, environment, transaction_id, type, source, method, status, amount, currency, api_created_at, origin)
      select ${org}::uuid, 'sandbox', 'tx-' || g, 'cashin', 'cashin', 'PIX', 'pending', 10.00, 'BRL', now() - (g || ' minutes')::interval, 'sync'
      from generate_series(1, 3000) g`);
    await opened.db.execute(sql`update transactions set status = 'confirmed' where organization_id = ${org}::uuid and transaction_id like 'tx-1%'`);
    await settle();
  }, patient(60_000));
  afterAll(async () => {
    await opened?.close();
  });

  it("vacuums and analyzes what changed, and then the planner knows the mirror's size", async () => {
    const before = await transactionsStats();
    expect(before.dead).toBeGreaterThan(1_000);
    expect(before.rows).toBeLessThan(0); // never analyzed
    expect(await plannedRows()).toBeLessThan(100);

    const done = await maintainTables(opened.db);
    expect(done).toContainEqual({ schema: "public", table: "transactions", work: "vacuum" });
    await settle();

    const after = await transactionsStats();
    expect(after.dead).toBe(0);
    expect(after.rows).toBe(3_000);
    expect(await plannedRows()).toBeGreaterThan(2_500);
    // Nothing past its threshold any more.
    expect((await maintainTables(opened.db)).filter((w) => w.table === "transactions")).toEqual([]);
  });
});

describe("a vacuum waits for a quiet moment", () => {
  it("waits until requests have left the database alone long enough, or until its limit under steady load", async () => {
    let quiet = 0;
    const ticking = setInterval(() => (quiet += 20), 20);
    try {
      const t0 = performance.now();
      await quietMoment(() => quiet, () => false, { quietMs: 200, pollMs: 10, maxMs: 5_000 });
      expect(performance.now() - t0).toBeGreaterThanOrEqual(150);
      // Never quiet: it goes ahead after its limit.
      const t1 = performance.now();
      await quietMoment(() => 0, () => false, { quietMs: 200, pollMs: 10, maxMs: 300 });
      expect(performance.now() - t1).toBeGreaterThanOrEqual(290);
      // Stopping ends the wait at once.
      const t2 = performance.now();
      await quietMoment(() => 0, () => true, { quietMs: 200, pollMs: 10, maxMs: 5_000 });
      expect(performance.now() - t2).toBeLessThan(100);
    } finally {
      clearInterval(ticking);
    }
  });

  it("on PGlite: while requests keep querying, the vacuum waits; it then runs as background work", async () => {
    const log = path.join(tmpdir(), `statements-${randomUUID()}.log`);
    process.env.DB_STATEMENT_LOG = log;
    const opened = await openDatabase({ schema, migrationsFolder: DASHBOARD_MIGRATIONS });
    delete process.env.DB_STATEMENT_LOG;
    try {
      const { organizationId } = await createOrganization(opened.db, "Busy", ["admin"]);
      await opened.db.execute(sql`
        insert into transactions (organization_id, environment, transaction_id, type, source, method, status, amount, currency, api_created_at, origin)
        select ${organizationId}::uuid, 'sandbox', 'busy-' || g, 'cashin', 'cashin', 'PIX', 'pending', 10.00, 'BRL', now(), 'sync' from generate_series(1, 400) g`);
      await opened.db.execute(sql`update transactions set status = 'confirmed' where organization_id = ${organizationId}::uuid`);
      await opened.db.execute(sql`select pg_stat_force_next_flush()`);
      await opened.db.execute(sql`select 1`);

      // A request's statement every 20 ms for 1.2 s.
      let busyUntil = 0;
      const busy = (async () => {
        const end = performance.now() + 1_200;
        while (performance.now() < end) {
          await opened.db.execute(sql`select count(*) from transactions`);
          await new Promise((r) => setTimeout(r, 20));
        }
        busyUntil = performance.now();
      })();
      await new Promise((r) => setTimeout(r, 100));
      let waited = 0;
      const done = await maintainTables(opened.db, inBackground, async () => {
        waited++;
        await quietMoment(opened.quietFor, () => false, { quietMs: 300, pollMs: 20, maxMs: patient(30_000) });
      });
      const finished = performance.now();
      await busy;
      expect(done).toContainEqual({ schema: "public", table: "transactions", work: "vacuum" });
      // A table's first analyze does not wait (the planner guesses its size until then): only the vacuum did.
      expect(done).toContainEqual({ schema: "public", table: "organizations", work: "analyze" });
      expect(waited).toBe(done.filter((w) => w.work === "vacuum").length);
      // Not before the requests had stopped and left it a quiet moment.
      expect(busyUntil).toBeGreaterThan(0);
      expect(finished - busyUntil).toBeGreaterThanOrEqual(250);
      // Every upkeep statement ran as background work.
      const upkeep = readFileSync(log, "utf8")
        .split("\n")
        .filter((l) => /\t(vacuum|analyze) /.test(l));
      expect(upkeep.some((l) => l.includes('vacuum (analyze) "public"."transactions"'))).toBe(true);
      for (const l of upkeep) expect(l.startsWith("bg\t")).toBe(true);
    } finally {
      await opened.close();
      rmSync(log, { force: true });
    }
  }, patient(60_000));
});
