/**
 * The infraction mirror (PIX MED) against a real sandbox over HTTP and a real database (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set): chargeback webhooks through the intake and the
 * worker's read-back, replies, resolution, the sync, deadlines, threshold alerts and isolation.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { endpointFor, receiveWebhook } from "@/lib/events/intake";
import { processDue } from "@/lib/events/worker";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { eventsSince } from "@/lib/events/live";
import {
  applyApiInfraction,
  dueSoonCount,
  effectiveDeadline,
  getInfraction,
  getInternalDeadlineHours,
  listInfractions,
  recordCrossedThresholds,
  refreshInfraction,
  setAssignee,
  setInternalDeadlineHours,
  syncInfractions,
} from "@/lib/infractions/mirror";
import { databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";

type T = { organizationId: string; environment: "sandbox" };
const HOUR = 3_600_000;

for (const target of databaseTargets()) {
  describe(`infraction mirror [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    const allow = ["127.0.0.1"];
    const db = () => h.opened.db;


    async function connected(name: string) {
      const org = await createOrganization(db(), name, ["admin", "operator"]);
      const actor = { userId: org.members[0]!.userId, address: null };
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 1000 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, actor.userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, actor);
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, receiver.url);
      const t: T = { organizationId: org.organizationId, environment: "sandbox" };
      const { token } = await endpointFor(db(), org.organizationId, "sandbox");
      return { target: t, token, admin: org.members[0]!.userId, operator: org.members[1]!.userId };
    }

    async function inbox(t: T) {
      return db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, t.organizationId)).orderBy(schema.webhookInbox.id);
    }

    async function waitForEvent(t: T, event: string, n = 1) {
      await eventually(async () => (await inbox(t)).filter((r) => r.event === event).length, (got) => got >= n, 10_000, `${n} ${event} deliveries`);
    }

    async function drain() {
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }

    /** A confirmed PIX charge (its webhook processed). */
    async function confirmedCharge(t: T, amount = 40) {
      const c = await ctx.call(t, { userId: null }, (x) => x.cashin.create({ amount, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } }));
      await h.control.simulate(c.transaction_id, { event: "cashin.confirmed" });
      return c.transaction_id;
    }

    beforeAll(async () => void ({ h, ctx, receiver } = await openWebhookHarness(target, allow)));
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    let main: Awaited<ReturnType<typeof connected>>;
    let first: string; // opened, replied, resolved lost
    let second: string; // stays open

    it("chargeback.opened through the intake and the worker puts the infraction in the mirror, read back from the API", async () => {
      main = await connected("MED org");
      const tx = await confirmedCharge(main.target);
      const before = Date.now();
      const opened = await h.control.openInfraction({ transaction_id: tx, type: "REFUND_REQUEST", reason: "payer says not authorised" });
      first = opened.infraction_id;
      await waitForEvent(main.target, "chargeback.opened");
      await drain();
      const row = await getInfraction(db(), main.target, first);
      expect(row).toMatchObject({ infractionId: first, type: "REFUND_REQUEST", status: "open", transactionId: tx, amount: "40", currency: "BRL", reason: "payer says not authorised" });
      expect(row!.deadlineAt!.getTime()).toBeGreaterThan(before + 7 * 24 * HOUR - HOUR);
      expect(row!.deadlineAt!.getTime()).toBeLessThan(Date.now() + 7 * 24 * HOUR + HOUR);
      expect(row!.effectiveDeadlineAt!.getTime()).toBe(row!.deadlineAt!.getTime());
      expect(row!.debtor).toMatchObject({ name: "Ana Souza" });
      expect(row!.creditor).toBeTruthy();
      expect(row!.replies).toEqual([]);
      expect(row!.verifiedAt).not.toBeNull();
      const delivery = (await inbox(main.target)).find((r) => r.event === "chargeback.opened")!;
      expect(delivery).toMatchObject({ outcome: "applied", verification: expect.objectContaining({ result: "confirmed", apiStatus: "open" }) });
      const live = await eventsSince(db(), main.target.organizationId, 0);
      expect(live.some((e) => e.kind === "infraction" && (e.payload as { infractionId?: string; status?: string }).infractionId === first && (e.payload as { status?: string }).status === "open")).toBe(true);
    });

    it("a reply shows as responded, with the reply, after a refresh", async () => {
      const r = await ctx.call(main.target, { userId: null }, (c) => c.infractions.reply({ id: first, message: "Delivered; receipt attached." }));
      expect(r.status).toBe("responded");
      const { status } = await refreshInfraction({ db: db(), ctx }, main.target, first);
      expect(status).toBe("responded");
      const row = await getInfraction(db(), main.target, first);
      expect(row!.status).toBe("responded");
      expect(row!.replies).toEqual([expect.objectContaining({ reply_id: r.reply_id, message: "Delivered; receipt attached." })]);
    });

    it("chargeback.lost makes it resolved with outcome lost; a stale list item never moves it back", async () => {
      await setAssignee(db(), main.target, first, main.operator);
      await h.control.resolveInfraction(first, "lost");
      await waitForEvent(main.target, "chargeback.lost");
      await drain();
      const row = await getInfraction(db(), main.target, first);
      expect(row).toMatchObject({ status: "resolved", outcome: "lost", assigneeId: main.operator });
      expect(row!.resolvedAt).not.toBeNull();
      expect(row!.replies).toHaveLength(1);
      // A stale page saying open: ignored (status, outcome and replies kept).
      const r = await applyApiInfraction(db(), main.target, { infraction_id: first, type: "REFUND_REQUEST", status: "open" }, "sync");
      expect(r.status).toBe("resolved");
      expect(await getInfraction(db(), main.target, first)).toMatchObject({ status: "resolved", outcome: "lost", assigneeId: main.operator });
      // Replayed: a duplicate, nothing more.
      const lost = (await inbox(main.target)).find((x) => x.event === "chargeback.lost")!;
      const again = await receiveWebhook(db(), { token: main.token, address: "127.0.0.1", headers: new Headers(), body: lost.body }, allow);
      expect(again.status).toBe(200);
      await drain();
      expect((await inbox(main.target)).filter((x) => x.event === "chargeback.lost").map((x) => x.outcome)).toEqual(["applied", "duplicate"]);
    });

    it("a second infraction on the same transaction is mirrored too (keyed by infraction, not transaction)", async () => {
      const tx = (await getInfraction(db(), main.target, first))!.transactionId!;
      const opened = await h.control.openInfraction({ transaction_id: tx, type: "FRAUD", amount: 10 });
      second = opened.infraction_id;
      await waitForEvent(main.target, "chargeback.opened", 2);
      await drain();
      expect(await getInfraction(db(), main.target, second)).toMatchObject({ status: "open", type: "FRAUD", amount: "10" });
    });

    it("syncInfractions fills an empty mirror and keeps the assignee", async () => {
      await setAssignee(db(), main.target, second, main.admin);
      await db()
        .delete(schema.infractions)
        .where(and(eq(schema.infractions.organizationId, main.target.organizationId), eq(schema.infractions.infractionId, first)));
      const r = await syncInfractions({ db: db(), ctx }, main.target);
      expect(r).toMatchObject({ pages: 1, infractions: 2 });
      expect(await getInfraction(db(), main.target, first)).toMatchObject({ status: "resolved", outcome: "lost", assigneeId: null });
      expect(await getInfraction(db(), main.target, second)).toMatchObject({ status: "open", assigneeId: main.admin });

      const all = await listInfractions(db(), main.target, { userId: main.admin });
      expect(all.map((x) => x.infractionId)).toEqual([second, first]); // unresolved first
      expect(all.map((x) => x.payerName)).toEqual(["Ana Souza", "Ana Souza"]); // who paid the disputed charge
      expect((await listInfractions(db(), main.target, { status: "resolved", userId: null })).map((x) => x.infractionId)).toEqual([first]);
      expect((await listInfractions(db(), main.target, { type: "FRAUD", userId: null })).map((x) => x.infractionId)).toEqual([second]);
      expect((await listInfractions(db(), main.target, { assignee: "me", userId: main.admin })).map((x) => x.infractionId)).toEqual([second]);
      expect((await listInfractions(db(), main.target, { assignee: "me", userId: main.operator })).map((x) => x.infractionId)).toEqual([]);
      expect((await listInfractions(db(), main.target, { assignee: "none", userId: main.admin })).map((x) => x.infractionId)).toEqual([first]);
      expect((await listInfractions(db(), main.target, { assignee: main.admin, userId: null })).map((x) => x.infractionId)).toEqual([second]);
    });

    it("the internal deadline moves the effective deadline and the due-soon count", async () => {
      const deadline = (await getInfraction(db(), main.target, second))!.deadlineAt!;
      expect(effectiveDeadline(deadline, 24)!.getTime()).toBe(deadline.getTime() - 24 * HOUR);
      expect(effectiveDeadline(null, 24)).toBeNull();
      expect(await getInternalDeadlineHours(db(), main.target.organizationId)).toBe(0);
      const at = (h: number) => new Date(deadline.getTime() - h * HOUR);
      // 60 h before the API's deadline: not due within 48 h by the API's deadline…
      expect(await dueSoonCount(db(), main.target, at(60))).toBe(0);
      expect(await dueSoonCount(db(), main.target, at(30))).toBe(1);
      // …but with an internal deadline 24 h earlier, it is due in 36 h.
      await setInternalDeadlineHours(db(), main.target.organizationId, 24, main.admin);
      expect(await dueSoonCount(db(), main.target, at(60))).toBe(1);
      expect(await dueSoonCount(db(), main.target, at(80))).toBe(0);
      expect(await dueSoonCount(db(), main.target, at(60), 24)).toBe(0);
      // Internal deadline passed, the API's not: still counted; the API's passed: no longer.
      expect(await dueSoonCount(db(), main.target, at(10))).toBe(1);
      expect(await dueSoonCount(db(), main.target, at(-1))).toBe(0);
      const row = await getInfraction(db(), main.target, second);
      expect(row!.effectiveDeadlineAt!.getTime()).toBe(deadline.getTime() - 24 * HOUR);
      await expect(setInternalDeadlineHours(db(), main.target.organizationId, 200, main.admin)).rejects.toThrow(RangeError);
      await expect(setInternalDeadlineHours(db(), main.target.organizationId, 1.5, main.admin)).rejects.toThrow(RangeError);
    });

    it("records each crossed threshold once, against the effective deadline, for unresolved infractions only", async () => {
      const deadline = (await getInfraction(db(), main.target, second))!.deadlineAt!;
      const at = (h: number) => new Date(deadline.getTime() - h * HOUR);
      // internal 24 h (previous case): effective deadline = deadline − 24 h
      expect(await recordCrossedThresholds(db(), main.target, at(100))).toEqual([]);
      const a = await recordCrossedThresholds(db(), main.target, at(60)); // 36 h before the effective deadline
      expect(a.map((x) => [x.infractionId, x.threshold])).toEqual([[second, "48h"]]);
      expect(await recordCrossedThresholds(db(), main.target, at(60))).toEqual([]);
      const b = await recordCrossedThresholds(db(), main.target, at(29)); // 5 h before
      expect(b.map((x) => x.threshold).sort()).toEqual(["24h", "6h"]);
      expect(await recordCrossedThresholds(db(), main.target, at(29))).toEqual([]);
      expect(await recordCrossedThresholds(db(), main.target, at(0))).toEqual([]);
      const rows = await db().select().from(schema.infractionAlerts).where(eq(schema.infractionAlerts.organizationId, main.target.organizationId));
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.infractionId === second)).toBe(true); // the resolved one has none
    });

    it("a read-back refused by the rate budget goes back to the inbox without counting as an attempt", async () => {
      const small = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring, limitOverrides: { "infractions-detail": 1 } });
      const tx = (await getInfraction(db(), main.target, second))!.transactionId!;
      for (const event of ["refund_responded", "chargeback.won"]) {
        const a = await receiveWebhook(db(), { token: main.token, address: "127.0.0.1", headers: new Headers(), body: JSON.stringify({ event, infraction_id: second, transaction_id: `${tx}-${event}` }) }, allow);
        expect(a.status).toBe(200);
      }
      const before = Date.now();
      await processDue({ db: db(), ctx: small });
      const rows = (await inbox(main.target)).filter((r) => r.event === "refund_responded" || r.event === "chargeback.won");
      const waiting = rows.filter((r) => (r.verification as { result?: string } | null)?.result === "waiting_for_rate_budget");
      expect(waiting.length).toBeGreaterThanOrEqual(1);
      for (const r of waiting) {
        expect(r).toMatchObject({ outcome: "received", attempts: 0 });
        expect(r.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 55_000);
      }
      await small.flush();
      // The infraction is still open at the API: the claims are not believed (contradicted after retries).
      await drain();
      expect((await inbox(main.target)).filter((r) => r.event === "refund_responded" || r.event === "chargeback.won").map((r) => r.outcome)).toEqual(["contradicted", "contradicted"]);
      expect((await getInfraction(db(), main.target, second))!.status).toBe("open");
    });

    it("another organisation sees nothing of it", async () => {
      const other = await connected("Other org");
      expect(await listInfractions(db(), other.target, { userId: other.admin })).toEqual([]);
      expect(await getInfraction(db(), other.target, second)).toBeNull();
      const deadline = (await getInfraction(db(), main.target, second))!.deadlineAt!;
      expect(await dueSoonCount(db(), other.target, new Date(deadline.getTime() - 10 * HOUR))).toBe(0);
      expect(await recordCrossedThresholds(db(), other.target, deadline)).toEqual([]);
      expect(await setAssignee(db(), other.target, second, other.admin)).toBe(false);
      // Nor can a member of another organisation be assigned here.
      expect(await setAssignee(db(), main.target, second, other.admin)).toBe(false);
      expect((await getInfraction(db(), main.target, second))!.assigneeId).toBe(main.admin);
      // Its own sync finds none (the API scopes by credential), and its detail read is refused.
      expect(await syncInfractions({ db: db(), ctx }, other.target)).toMatchObject({ infractions: 0 });
      await expect(refreshInfraction({ db: db(), ctx }, other.target, second)).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await listInfractions(db(), other.target, { userId: other.admin })).toEqual([]);
    });
  });
}
