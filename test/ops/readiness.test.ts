/**
 * Readiness's other reasons (the end-to-end test, operations.test.ts, stops the database): a
 * migration this build has and the database has not, the worker stopped, a database not yet open;
 * the sandbox's own probes; and a stopping events worker handing back the deliveries it had claimed
 * but not begun, so that another instance takes them at once instead of after the lease.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { createKeyring } from "@/lib/security/sealing";
import { endpointFor, receiveWebhook } from "@/lib/events/intake";
import { processDue } from "@/lib/events/worker";
import { checkReadiness, latestMigration } from "@/lib/observability/readiness";
import { createSandbox, type RunningSandbox } from "@/sandbox/server";
import { DASHBOARD_MIGRATIONS } from "../support/databases";
import { createOrganization } from "../support/connect";

describe("readiness and a stopping worker (PGlite)", () => {
  let opened: OpenedDatabase<typeof schema>;
  let sandbox: RunningSandbox;
  const newest = latestMigration(DASHBOARD_MIGRATIONS);
  const query = (text: string) => opened.db.execute(sql.raw(text));
  const worker = { name: "events worker", running: true };

  beforeAll(async () => {
    opened = await openDatabase({ schema, migrationsFolder: DASHBOARD_MIGRATIONS });
    sandbox = await createSandbox({ port: 0, host: "127.0.0.1", adminToken: randomBytes(24).toString("hex"), tickMs: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
    await opened?.close();
  });

  it("is ready with the database answering, every migration applied and the worker running", async () => {
    expect(await checkReadiness({ query, latestMigration: newest, worker })).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", "events worker": "ok" } });
  });

  it("says why it is not: a newer migration than the database's, the worker stopped, the database not open, shutting down", async () => {
    const behind = await checkReadiness({ query, latestMigration: newest + 1, worker });
    expect(behind).toMatchObject({ ready: false, reason: "migrations are not applied: this build has a newer one than the database", checks: { database: "ok", migrations: "behind" } });
    const stopped = await checkReadiness({ query, latestMigration: newest, worker: { ...worker, running: false } });
    expect(stopped).toMatchObject({ ready: false, reason: "the events worker is not running", checks: { "events worker": "stopped" } });
    const closed = await checkReadiness({ query: null, latestMigration: newest, worker });
    expect(closed).toMatchObject({ ready: false, reason: "the database is not open yet" });
    const leaving = await checkReadiness({ query, latestMigration: newest, worker, shuttingDown: true });
    expect(leaving).toMatchObject({ ready: false, reason: "shutting down: finishing the requests in flight" });
    // A database that hangs is a reason too, within the timeout (never a probe that hangs with it).
    const hanging = await checkReadiness({ query: () => new Promise(() => undefined), latestMigration: newest, worker, timeoutMs: 50 });
    expect(hanging).toMatchObject({ ready: false, reason: "the database does not answer (TIMEOUT)" });
  });

  it("the sandbox answers /healthz and /readyz without a token", async () => {
    const health = await fetch(`${sandbox.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${sandbox.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready", checks: { database: "ok", migrations: "ok", "webhook dispatcher": "ok" } }]);
  });

  it("a stopping worker hands back the deliveries it claimed and had not begun", async () => {
    const { organizationId } = await createOrganization(opened.db, "Readiness org", ["admin"]);
    const { token } = await endpointFor(opened.db, organizationId, "sandbox");
    for (let i = 0; i < 3; i++) {
      const body = JSON.stringify({ event: "cashin.confirmed", transaction_id: `tx-stop-${i}`, status: "confirmed" });
      expect((await receiveWebhook(opened.db, { token, address: "127.0.0.1", headers: new Headers(), body }, ["127.0.0.1"])).status).toBe(200);
    }
    const ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring: createKeyring(randomBytes(32).toString("base64")) });
    // Stopping from the start: the pass claims the three (a lease of 30 s, one attempt each), begins none.
    expect(await processDue({ db: opened.db, ctx }, 10, undefined, () => true)).toBe(3);
    const rows = await opened.db.execute(sql`select outcome, attempts, next_attempt_at <= now() as due from webhook_inbox where organization_id = ${organizationId} order by id`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { outcome: "received", attempts: 0, due: true },
      { outcome: "received", attempts: 0, due: true },
      { outcome: "received", attempts: 0, due: true },
    ]);
  });
});
