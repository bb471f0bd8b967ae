/**
 * A member's session and access kept in process (lib/auth/sessions.ts, migration 0018), against the
 * real database: two instances (on PostgreSQL each with its own pool and LISTEN connection; on
 * PGlite, which one process owns, two caches over it). A kept session is read once, yet every change
 * that decides what a request may do counts on the other instance as soon as the database tells it:
 * a sign-out, a role changed, a removal, the organisation's idle time; and a session kept is still
 * judged at each request's own time (idle, expired).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { frozen, SharedCache } from "@/lib/db/shared-cache";
import { checkSessionWithAccess, createSession, revokeSession, SESSION_LIFETIME_MS } from "@/lib/auth/sessions";
import type { Keep } from "@/lib/pages/kept";
import { createScratchDatabase, databaseTargets, DASHBOARD_MIGRATIONS } from "../support/databases";
import { createOrganization } from "../support/connect";
import { eventually } from "../support/eventually";
import { patient } from "@/test/support/patience";

for (const target of databaseTargets()) {
  describe(`sessions kept in process [${target.name}]`, () => {
    let a: OpenedDatabase<typeof schema>;
    let b: OpenedDatabase<typeof schema>;
    let drop: (() => Promise<void>) | undefined;
    const caches: SharedCache[] = [];

    beforeAll(async () => {
      let url: string | undefined;
      if (target.url) ({ url, drop } = await createScratchDatabase(target.url, "dash_test"));
      a = await openDatabase({ url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 4 });
      b = url ? await openDatabase({ url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 4 }) : a;
    }, patient(60_000));
    afterAll(async () => {
      for (const c of caches) await c.close();
      if (b !== a) await b?.close();
      await a?.close();
      await drop?.();
    });

    /** An instance's check of a session, as lib/auth/authorize.ts makes it; `loads` counts its statements. */
    const instance = async (opened: OpenedDatabase<typeof schema>) => {
      const cache = new SharedCache(opened.listen);
      await cache.start();
      caches.push(cache);
      const counter = { loads: 0 };
      const keep: Keep = (key, tags, load, opts) =>
        cache.get(
          key,
          tags,
          async () => {
            counter.loads++;
            return frozen(await load());
          },
          opts,
        );
      const check = (sessionId: string, userId: string, now = new Date()) => checkSessionWithAccess(opened.db, sessionId, now, { keep, userId });
      return { check, counter };
    };

    it("reads a session once while nothing changes, and judges it at each request's time", async () => {
      const { members } = await createOrganization(a.db, "Kept", ["operator"]);
      const user = members[0]!.userId;
      const t0 = new Date();
      const id = await createSession(a.db, { userId: user, twoFactor: false, userAgent: null, address: null }, t0);
      const one = await instance(a);
      for (let i = 0; i < 5; i++) expect(await one.check(id, user, new Date(t0.getTime() + i * 1_000))).toMatchObject({ ok: true, access: { role: "operator" } });
      expect(one.counter.loads).toBe(1);
      // Kept, the session still ends on time: 31 minutes without use, and past its 12 hours.
      expect(await one.check(id, user, new Date(t0.getTime() + 31 * 60_000))).toEqual({ ok: false, reason: "idle" });
      expect(await one.check(id, user, new Date(t0.getTime() + SESSION_LIFETIME_MS))).toEqual({ ok: false, reason: "expired" });
      // A cookie naming another member does not get this session's access.
      expect(await one.check(id, members[0]!.userId.replace(/.$/, (c) => (c === "0" ? "1" : "0")))).toEqual({ ok: false, reason: "missing" });
    });

    it("a sign-out, a role changed, the idle time and a removal on one instance count on the other once told", async () => {
      const { organizationId: org, members } = await createOrganization(a.db, "Two instances", ["admin", "operator"]);
      const user = members[1]!.userId;
      const id = await createSession(a.db, { userId: user, twoFactor: false, userAgent: null, address: null });
      const other = await createSession(a.db, { userId: user, twoFactor: false, userAgent: null, address: null });
      const one = await instance(a);
      const two = await instance(b);
      expect(await one.check(id, user)).toMatchObject({ ok: true, access: { role: "operator" } });
      expect(await two.check(id, user)).toMatchObject({ ok: true, access: { role: "operator" } });
      expect(await two.check(other, user)).toMatchObject({ ok: true });

      // The role, changed by instance one: instance two's next request acts with the new one.
      await a.db.update(schema.memberships).set({ role: "viewer" }).where(eq(schema.memberships.userId, user));
      await eventually(() => two.check(id, user), (r) => r.ok && "role" in r.access && r.access.role === "viewer", 10_000, "the other instance told of the role");
      expect(await one.check(id, user)).toMatchObject({ ok: true, access: { role: "viewer" } });

      // The organisation's idle time, shortened to 5 minutes: a session unused for 6 is refused.
      // (Probed at the real time: a probe six minutes ahead would mark the session used then.)
      const loads = two.counter.loads;
      await a.db.update(schema.organizations).set({ sessionIdleMinutes: 5 }).where(eq(schema.organizations.id, org));
      await eventually(async () => (await two.check(id, user), two.counter.loads), (n) => n > loads, 10_000, "the other instance told of the idle time");
      expect(await two.check(id, user, new Date(Date.now() + 6 * 60_000))).toEqual({ ok: false, reason: "idle" });

      // A sign-out on instance one: refused there at once, on instance two once told; the member's other session lives on.
      await revokeSession(a.db, id, "sign_out");
      expect(await one.check(id, user)).toEqual({ ok: false, reason: "revoked" });
      await eventually(() => two.check(id, user), (r) => !r.ok, 10_000, "the other instance told of the sign-out");
      expect(await two.check(id, user)).toEqual({ ok: false, reason: "revoked" });
      expect(await two.check(other, user)).toMatchObject({ ok: true });

      // Removed from the organisation: no access left, on both.
      await a.db.delete(schema.memberships).where(eq(schema.memberships.userId, user));
      await eventually(() => two.check(other, user), (r) => r.ok && !("role" in r.access), 10_000, "the other instance told of the removal");
      expect(await one.check(other, user)).toMatchObject({ ok: true, access: { userId: user, memberships: [] } });
    });
  });
}
