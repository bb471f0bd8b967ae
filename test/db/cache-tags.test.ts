/**
 * What each change tells the instances (migrations 0016 and 0017, lib/pages/kept.ts): a charge
 * created writes a pending transaction, which tells `mirror:` but not `settled:`, so what reads only
 * settled rows stays kept; the transaction confirmed tells both. The sync state, the findings, the
 * charges, the conversions, the approval policy, a member's saved views and names each have their own
 * tag; a member's sessions, row and memberships tell `member:<user>` (migration 0018). Against the real database: the triggers send them, the LISTEN connection hears them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { CACHE_CHANNEL } from "@/lib/db/shared-cache";
import { createScratchDatabase, databaseTargets, DASHBOARD_MIGRATIONS } from "../support/databases";
import { createOrganization } from "../support/connect";
import { patient } from "@/test/support/patience";

for (const target of databaseTargets()) {
  describe(`the tags a change tells [${target.name}]`, () => {
    let opened: OpenedDatabase<typeof schema>;
    let drop: (() => Promise<void>) | undefined;
    let stop: (() => Promise<void>) | undefined;
    const heard: string[] = [];
    /** Marks sent by `told`, waiting to come back on the connection that fills `heard`. */
    const waiting = new Map<string, () => void>();

    beforeAll(async () => {
      let url: string | undefined;
      if (target.url) ({ url, drop } = await createScratchDatabase(target.url, "dash_test"));
      opened = await openDatabase({ url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 4 });
      stop = await opened.listen(CACHE_CHANNEL, (payload) => {
        heard.push(payload);
        waiting.get(payload)?.();
      });
    }, patient(60_000));
    afterAll(async () => {
      await stop?.();
      await opened?.close();
      await drop?.();
    });

    /**
     * What the statements in `change` told, once every notification committed before has come back:
     * a mark sent after them arrives after them on the same connection (PostgreSQL delivers one
     * session's notifications in commit order). The mark must come back on the connection that fills
     * `heard`: another listening connection hearing it says nothing about this one (CI, loaded, heard
     * the mark on a second connection before this one had the change's tags). A mark before the change
     * too: what earlier statements told is not the change's.
     */
    const settled = async () => {
      const mark = `caught-up:${randomUUID()}`;
      const back = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the mark did not come back in 10 s`)), 10_000);
        waiting.set(mark, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await opened.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${mark})`);
      await back.finally(() => waiting.delete(mark));
    };
    const told = async (change: () => Promise<unknown>) => {
      // What the set-up before told (an organisation and its members) is heard first, not counted.
      await settled();
      const from = heard.length;
      await change();
      await settled();
      return heard.slice(from).filter((p) => !p.startsWith("caught-up:"));
    };

    it("a pending transaction written tells the mirror, not what reads settled rows; confirmed, it tells both", async () => {
      const { organizationId: org } = await createOrganization(opened.db, "Tags", ["admin"]);
      const id = `tx_${randomBytes(6).toString("hex")}`;
      const t = schema.transactions;
      const row = { organizationId: org, environment: "sandbox" as const, transactionId: id, type: "cashin", status: "pending", amount: "10.00", currency: "BRL", origin: "dashboard" };
      // The organisation's first BRL transaction also tells its currencies (migration 0019); the next ones do not.
      // A cash-in never tells `outgoing:` (Send's and Convert's lists).
      expect((await told(() => opened.db.insert(t).values(row))).sort()).toEqual([`currencies:${org}`, `mirror:${org}`]);
      const second = `tx_${randomBytes(6).toString("hex")}`;
      expect(await told(() => opened.db.insert(t).values({ ...row, transactionId: second }))).toEqual([`mirror:${org}`]);
      expect((await told(() => opened.db.insert(t).values({ ...row, transactionId: `tx_${randomBytes(6).toString("hex")}`, currency: "USDT" }))).sort()).toEqual([`currencies:${org}`, `mirror:${org}`]);
      // The same currency in the other environment is new there.
      expect((await told(() => opened.db.insert(t).values({ ...row, transactionId: `tx_${randomBytes(6).toString("hex")}`, environment: "production" }))).sort()).toEqual([`currencies:${org}`, `mirror:${org}`]);
      expect(await told(() => opened.db.update(t).set({ amount: "11.00" }).where(eq(t.transactionId, id)))).toEqual([`mirror:${org}`]);
      expect((await told(() => opened.db.update(t).set({ currency: "MXN" }).where(eq(t.transactionId, second)))).sort()).toEqual([`currencies:${org}`, `mirror:${org}`]);
      expect((await told(() => opened.db.delete(t).where(eq(t.transactionId, second)))).sort()).toEqual([`currencies:${org}`, `mirror:${org}`]);
      expect(await told(() => opened.db.update(t).set({ status: "confirmed" }).where(eq(t.transactionId, id)))).toEqual(expect.arrayContaining([`mirror:${org}`, `settled:${org}`]));
      // Once settled, any change of it (a refund) is told to both.
      expect(await told(() => opened.db.update(t).set({ status: "refunded" }).where(eq(t.transactionId, id)))).toEqual(expect.arrayContaining([`mirror:${org}`, `settled:${org}`]));
      expect(await told(() => opened.db.delete(t).where(eq(t.transactionId, id)))).toEqual(expect.arrayContaining([`mirror:${org}`, `settled:${org}`, `currencies:${org}`]));
    });

    it("a payout's or a conversion's transaction tells `outgoing:`, a cash-in does not", async () => {
      const { organizationId: org } = await createOrganization(opened.db, "Outgoing", ["admin"]);
      const t = schema.transactions;
      const row = { organizationId: org, environment: "sandbox" as const, type: "cashin", status: "pending", amount: "10.00", currency: "BRL", origin: "dashboard" };
      const cashin = `tx_${randomBytes(6).toString("hex")}`;
      await opened.db.insert(t).values({ ...row, transactionId: cashin });
      expect(await told(() => opened.db.update(t).set({ amount: "12.00" }).where(eq(t.transactionId, cashin)))).toEqual([`mirror:${org}`]);
      const cashout = `tx_${randomBytes(6).toString("hex")}`;
      expect(await told(() => opened.db.insert(t).values({ ...row, transactionId: cashout, type: "cashout" }))).toEqual([`mirror:${org}`, `outgoing:${org}`]);
      expect(await told(() => opened.db.update(t).set({ e2eId: "E123" }).where(eq(t.transactionId, cashout)))).toEqual([`mirror:${org}`, `outgoing:${org}`]);
      // A row whose type the provider has not said yet counts as outgoing.
      expect(await told(() => opened.db.insert(t).values({ ...row, transactionId: `tx_${randomBytes(6).toString("hex")}`, type: null }))).toEqual([`mirror:${org}`, `outgoing:${org}`]);
      expect(await told(() => opened.db.insert(t).values({ ...row, transactionId: `tx_${randomBytes(6).toString("hex")}`, type: "conversion" }))).toEqual([`mirror:${org}`, `outgoing:${org}`]);
      // (A row gone may take a currency with it: `currencies:` too.)
      expect((await told(() => opened.db.delete(t).where(eq(t.transactionId, cashout)))).sort()).toEqual([`currencies:${org}`, `mirror:${org}`, `outgoing:${org}`]);
    });

    it("the sync state, the findings, the policy, the saved views and a member's name each tell their own tag", async () => {
      const { organizationId: org, members } = await createOrganization(opened.db, "Own tags", ["admin"]);
      const user = members[0]!.userId;
      expect(await told(() => opened.db.insert(schema.syncState).values({ organizationId: org, environment: "sandbox", lastSyncAt: new Date() }))).toEqual([`sync:${org}`]);
      expect(
        await told(() => opened.db.insert(schema.reconciliationFindings).values({ organizationId: org, environment: "sandbox", kind: "missed_webhook", transactionId: "tx_f", details: {} })),
      ).toEqual([`findings:${org}`]);
      expect(await told(() => opened.db.insert(schema.approvalPolicies).values({ organizationId: org, mode: "none", thresholds: {} }))).toEqual([`policy:${org}`]);
      expect(await told(() => opened.db.insert(schema.savedViews).values({ organizationId: org, userId: user, page: "transactions", name: "Mine", query: "status=confirmed" }))).toEqual([`views:${user}`]);
      // A member's name tells the lists that name people, and the member's own kept session (migration 0018).
      expect(await told(() => opened.db.update(schema.users).set({ name: "Renamed" }).where(eq(schema.users.id, user)))).toEqual([`member:${user}`, "users:"]);
      // A member's other columns (the language) tell only their own session, not the lists.
      expect(await told(() => opened.db.update(schema.users).set({ locale: "es-MX" }).where(eq(schema.users.id, user)))).toEqual([`member:${user}`]);
      // Their memberships and sessions, and any organisation's row, tell the kept sessions.
      expect(await told(() => opened.db.update(schema.memberships).set({ role: "viewer" }).where(eq(schema.memberships.userId, user)))).toEqual([`member:${user}`]);
      expect(await told(() => opened.db.insert(schema.sessions).values({ userId: user, expiresAt: new Date(Date.now() + 60_000) }))).toEqual([`member:${user}`]);
      expect(await told(() => opened.db.update(schema.organizations).set({ sessionIdleMinutes: 15 }).where(eq(schema.organizations.id, org)))).toEqual(["orgs:"]);
    });
  });
}
