/**
 * The API context keeps an organisation's credential and its shared reads in process
 * (lib/db/shared-cache.ts) and takes rate slots a few at a time (rate-budget.ts), against a real
 * sandbox and a real database: two instances (on PostgreSQL each with its own pool and LISTEN
 * connection; on PGlite, which one process owns, two contexts over it). What one instance changes
 * counts at once on the other: a revocation refuses the next call, a rotation moves the next call
 * to the new credential, an expired read is read again from the API; nothing is kept while the
 * LISTEN connection is lost; and batched slots never let the instances together past a limit.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { SharedCache } from "@/lib/db/shared-cache";
import { ApiContext, type ApiContextOptions } from "@/lib/api-context/context";
import { rowsOf } from "@/lib/api-context/rate-budget";
import { activateCredential, revokeCredential } from "@/lib/credentials/service";
import { readBalanceFor } from "@/lib/api-context/balance";
import { databaseTargets, DASHBOARD_MIGRATIONS } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";
import { patient } from "@/test/support/patience";

for (const target of databaseTargets()) {
  describe(`credentials and reads kept in process, rate slots in batches [${target.name}]`, () => {
    let h: Harness;
    /** the second instance's database: its own pool and LISTEN on PostgreSQL, the same PGlite otherwise */
    let other: OpenedDatabase<typeof schema>;
    const caches: SharedCache[] = [];
    const contexts: ApiContext[] = [];

    beforeAll(async () => {
      h = await startHarness(target);
      other = h.databaseUrl ? await openDatabase({ url: h.databaseUrl, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 4 }) : h.opened;
    }, patient(60_000));
    afterAll(async () => {
      for (const c of contexts) await c.flush();
      for (const c of caches) await c.close();
      if (other !== h?.opened) await other?.close();
      await h?.dispose();
    });

    /** An instance: its database, a cache listening on it, a context with both. */
    const instance = async (opened: OpenedDatabase<typeof schema>, opts: Partial<ApiContextOptions> = {}) => {
      const cache = new SharedCache(opened.listen);
      await cache.start();
      caches.push(cache);
      const ctx = new ApiContext({ db: opened.db, withLock: opened.withLock, keyring: h.keyring, cache, rateBatches: true, ...opts });
      contexts.push(ctx);
      return ctx;
    };

    /** An organisation with an active sandbox credential, and its admin. */
    const connected = async (name: string) => {
      const { organizationId, members } = await createOrganization(h.opened.db, name, ["admin"]);
      const actor = { userId: members[0]!.userId, address: null };
      const acct = await sandboxAccount(h, { balances: { BRL: 500 } });
      const { id } = await registerSandboxCredential(h, organizationId, actor.userId, acct.credential, `${name} credential`);
      const setup = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
      await activateCredential(h.opened.db, setup, organizationId, id, actor);
      await setup.flush();
      return { organizationId, actor, credentialId: id, target: { organizationId, environment: "sandbox" as const } };
    };

    /** Changes a row without its triggers: what only a cache that does not read would miss. */
    const unheard = async (statement: ReturnType<typeof sql>) => {
      await h.opened.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(statement);
      });
    };

    it("keeps the credential in process; another instance's revocation refuses a member's next call at once, and its reads once told", async () => {
      const { organizationId, actor, credentialId, target } = await connected("Revoked elsewhere");
      const a = await instance(h.opened);
      const b = await instance(other);
      const member = { userId: actor.userId };
      await a.call(target, { userId: null }, (c) => c.account.balance());
      await b.call(target, { userId: null }, (c) => c.account.balance());

      // Kept: a rename nobody is told of is not seen by the instance that holds the credential.
      await unheard(sql`update api_credentials set name = 'Renamed unheard' where id = ${credentialId}`);
      expect((await a.credential(target)).name).toBe("Revoked elsewhere credential");
      await unheard(sql`update api_credentials set name = 'Revoked elsewhere credential' where id = ${credentialId}`);

      await revokeCredential(other.db, b, organizationId, credentialId, actor);
      // A member's call (what moves money) reads the credential itself: refused at once, told or not.
      await expect(a.call(target, member, (c) => c.account.balance())).rejects.toMatchObject({ code: "NO_ACTIVE_CREDENTIAL" });
      // The revoking instance refuses at once; the other as soon as the database's notification reaches it.
      await expect(b.call(target, { userId: null }, (c) => c.account.balance())).rejects.toMatchObject({ code: "NO_ACTIVE_CREDENTIAL" });
      await eventually(
        () => a.call(target, { userId: null }, (c) => c.account.balance()).then(() => "called", (e: { code?: string }) => e.code),
        (outcome) => outcome === "NO_ACTIVE_CREDENTIAL",
        1_000,
        "the other instance told of the revocation",
        1,
      );
    });

    it("a rotation on one instance moves the other's next call to the new credential", async () => {
      const { organizationId, actor, target } = await connected("Rotated elsewhere");
      const a = await instance(h.opened);
      const b = await instance(other);
      const first = await a.credential(target);
      const acct = await sandboxAccount(h, { balances: { BRL: 10 } });
      const { id: second } = await registerSandboxCredential(h, organizationId, actor.userId, acct.credential, "Second credential");
      await activateCredential(other.db, b, organizationId, second, actor);
      expect((await a.credential(target)).id).toBe(second);
      expect(first.id).not.toBe(second);
      const balance = await a.call(target, { userId: null }, (c) => c.account.balance());
      expect(balance.balances.find((x) => x.currency === "BRL")?.available.toFixed()).toBe("10");
    });

    it("keeps the team's shared read in process until any instance expires it (a webhook moved the balance)", async () => {
      const { credentialId, target } = await connected("Read kept");
      const a = await instance(h.opened);
      const b = await instance(other);
      expect((await readBalanceFor(a, target, { userId: null })).cached).toBe(false);
      const kept = await readBalanceFor(b, target, { userId: null });
      expect(kept.cached).toBe(true);

      // Kept: the table's row changed unheard, the instance still answers from its copy.
      await unheard(sql`update api_read_cache set data = '[]'::jsonb where credential_id = ${credentialId}`);
      expect(await readBalanceFor(b, target, { userId: null })).toMatchObject({ cached: true, readAt: kept.readAt, data: kept.data });
      expect(kept.data.length).toBeGreaterThan(0);

      await a.invalidate(credentialId, "balance");
      // This instance reads the API again at once; the other as soon as the notification reaches it.
      const fresh = await readBalanceFor(a, target, { userId: null });
      expect(fresh.cached).toBe(false);
      const told = await eventually(
        () => readBalanceFor(b, target, { userId: null }),
        (r) => r.readAt !== kept.readAt,
        1_000,
        "the other instance told the read expired",
        1,
      );
      expect(told).toMatchObject({ readAt: fresh.readAt, data: fresh.data });
    });

    // PostgreSQL only: PGlite has no LISTEN connection to lose.
    if (target.url) it("keeps nothing while its LISTEN connection is lost, and drops what it kept", async () => {
      const { credentialId, target } = await connected("Listen lost");
      const a = await instance(other);
      await a.credential(target);
      await unheard(sql`update api_credentials set name = 'Renamed while kept' where id = ${credentialId}`);
      expect((await a.credential(target)).name).toBe("Listen lost credential");

      const dbName = new URL(h.databaseUrl!).pathname.slice(1);
      await h.opened.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and query = 'LISTEN dashboard_cache'`);
      // Whatever changed while nobody listened is read again.
      await eventually(
        async () => (await a.credential(target)).name,
        (name) => name === "Renamed while kept",
        10_000,
        "the credential read again after the LISTEN connection was lost",
      );
      // Back: kept again, and told again.
      await eventually(
        async () => rowsOf<{ n: number }>(await h.opened.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = ${dbName} and query = 'LISTEN dashboard_cache'`))[0]!.n,
        (n) => n >= 1,
        10_000,
        "the LISTEN connection back",
      );
      await h.opened.db.update(schema.apiCredentials).set({ name: "Renamed and heard" }).where(eq(schema.apiCredentials.id, credentialId));
      await eventually(
        async () => (await a.credential(target)).name,
        (name) => name === "Renamed and heard",
        5_000,
        "the rename heard",
      );
    }, patient(30_000));

    it("two instances taking slots in batches never send more than the limit together, and give back what they did not use", async () => {
      const { organizationId, credentialId, target } = await connected("Batched slots");
      // The activation's test call counted (and logged): from an empty bucket and log.
      await h.opened.db.delete(schema.apiRequestLog).where(eq(schema.apiRequestLog.organizationId, organizationId));
      await h.opened.db.delete(schema.apiRateSlots).where(like(schema.apiRateSlots.bucket, `cred:${credentialId}:%`));
      const limit = 100; // batches of up to 5; below the sandbox's own 120 a minute
      const opts = { limitOverrides: { balance: limit }, budgetWaitMs: 0 };
      const a = await instance(h.opened, opts);
      const b = await instance(other, opts);
      const call = (ctx: ApiContext) => ctx.call(target, { userId: null }, (c) => c.account.balance()).then(
        () => "sent",
        (e: { code?: string; message?: string }) => e.code ?? `error: ${e.message}`,
      );
      const outcomes = await Promise.all(Array.from({ length: 130 }, (_, i) => call(i % 2 ? a : b)));
      await a.flush();
      await b.flush();
      const rows = await h.opened.db
        .select()
        .from(schema.apiRequestLog)
        .where(and(eq(schema.apiRequestLog.organizationId, organizationId), eq(schema.apiRequestLog.path, "/v2/account/balance")));
      const sent = rows.filter((r) => !r.local);
      expect(sent.length).toBeLessThanOrEqual(limit);
      expect(sent.length).toBeGreaterThanOrEqual(limit - 10); // batches held by one instance may leave a few unused at the end
      expect(sent.every((r) => r.status === 200)).toBe(true);
      expect({ sent: outcomes.filter((o) => o === "sent").length, other: [...new Set(outcomes.filter((o) => o !== "sent"))] }).toEqual({ sent: sent.length, other: ["RATE_LIMIT_EXCEEDED"] });
      // Every batch ends within a quarter second; what it did not use is given back.
      const bucket = `cred:${credentialId}:balance`;
      await eventually(
        async () => rowsOf<{ n: number }>(await h.opened.db.execute(sql`select coalesce(sum(calls), 0)::int as n from api_rate_slots where bucket = ${bucket}`))[0]!.n,
        (n) => n === sent.length,
        5_000,
        "the slots counted equal to the calls sent",
      );
    }, patient(60_000));
  });
}
