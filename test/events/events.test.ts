/**
 * Webhook intake, the worker and the mirror against a real sandbox over HTTP and a real database
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). The sandbox delivers to a small HTTP
 * receiver that calls the same intake function as the route handler, with the socket's address.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { endpointFor, intakeUrl, receiveWebhook } from "@/lib/events/intake";
import { BudgetHints, processDue } from "@/lib/events/worker";
import { applyApiTransaction } from "@/lib/events/mirror";
import { syncTransactions } from "@/lib/events/sync";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { eventsSince } from "@/lib/events/live";
import { databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";


for (const target of databaseTargets()) {
  describe(`webhook intake and the mirror [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    const allow = ["127.0.0.1"];
    const db = () => h.opened.db;


    /** An organisation connected to its own sandbox account, its webhooks routed to the receiver. */
    async function connected(name: string) {
      const org = await createOrganization(db(), name, ["admin"]);
      const actor = { userId: org.members[0]!.userId, address: null };
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 1000 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, actor.userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, actor);
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, receiver.url);
      const t = { organizationId: org.organizationId, environment: "sandbox" as const };
      const { token } = await endpointFor(db(), org.organizationId, "sandbox");
      return { target: t, token, url: intakeUrl(receiver.url, token) };
    }

    async function charge(t: { organizationId: string; environment: "sandbox" }) {
      return ctx.call(t, { userId: null }, (c) => c.cashin.create({ amount: 12.34, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } }));
    }

    async function inbox(t: { organizationId: string }) {
      return db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, t.organizationId)).orderBy(schema.webhookInbox.id);
    }

    async function mirrorRow(t: { organizationId: string }, transactionId: string) {
      const [row] = await db()
        .select()
        .from(schema.transactions)
        .where(and(eq(schema.transactions.organizationId, t.organizationId), eq(schema.transactions.transactionId, transactionId)));
      return row;
    }

    /** Runs the worker until nothing is due, moving retries forward (they wait a second or two). */
    async function drain() {
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }

    async function waitForInbox(t: { organizationId: string }, n: number) {
      await eventually(async () => (await inbox(t)).length, (got) => got >= n, 10_000, `${n} deliveries`);
    }

    beforeAll(async () => void ({ h, ctx, receiver } = await openWebhookHarness(target, allow)));
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    it("stores a delivery from the sandbox, reads it back, and shows the charge paid and verified", async () => {
      const { target: t } = await connected("Org paid");
      const c = await charge(t);
      await syncTransactions({ db: db(), ctx }, t);
      expect((await mirrorRow(t, c.transaction_id))?.status).toBe("pending");
      await h.control.simulate(c.transaction_id, { event: "cashin.confirmed" });
      await waitForInbox(t, 1);
      const [stored] = await inbox(t);
      expect(stored).toMatchObject({ outcome: "received", event: "cashin.confirmed", objectId: c.transaction_id, sourceAddress: "127.0.0.1" });
      await drain();
      const row = await mirrorRow(t, c.transaction_id);
      expect(row).toMatchObject({ status: "confirmed", reportedStatus: null, webhookEvent: "cashin.confirmed" });
      expect(row!.verifiedAt).not.toBeNull();
      expect(row!.amount).toBe("12.34");
      expect((await inbox(t))[0]).toMatchObject({ outcome: "applied", verification: expect.objectContaining({ result: "confirmed", apiStatus: "confirmed" }) });
      const live = await eventsSince(db(), t.organizationId, 0);
      expect(live.some((e) => e.kind === "transaction" && (e.payload as { verified?: boolean; status?: string }).status === "confirmed")).toBe(true);
    });

    it("a sync that finds the mirror current writes no row and wakes no open page; a change does both", async () => {
      const { target: t } = await connected("Org quiet sync");
      const c = await charge(t);
      const first = await syncTransactions({ db: db(), ctx }, t);
      expect(first).toMatchObject({ transactions: 1, changed: 1 });
      const written = (await mirrorRow(t, c.transaction_id))!;
      const liveAfterFirst = await eventsSince(db(), t.organizationId, 0);
      expect(liveAfterFirst.filter((e) => (e.payload as { synced?: boolean }).synced)).toHaveLength(1);

      // Nothing moved at the API: the same row, untouched (its update time too), and no live event.
      const again = await syncTransactions({ db: db(), ctx }, t);
      expect(again).toMatchObject({ transactions: 1, changed: 0, findings: 0 });
      expect((await mirrorRow(t, c.transaction_id))!.updatedAt).toEqual(written.updatedAt);
      expect(await eventsSince(db(), t.organizationId, liveAfterFirst.at(-1)!.id)).toEqual([]);

      // A webhook's claim awaiting its read-back is settled by the sync although the API's answer is the same.
      await db().update(schema.transactions).set({ reportedStatus: "confirmed", reportedAt: new Date() }).where(and(eq(schema.transactions.organizationId, t.organizationId), eq(schema.transactions.transactionId, c.transaction_id)));
      expect(await syncTransactions({ db: db(), ctx }, t)).toMatchObject({ changed: 1 });
      expect(await mirrorRow(t, c.transaction_id)).toMatchObject({ status: "pending", reportedStatus: null });

      // The payer pays: the next sync writes the new status and tells the open pages.
      await h.control.simulate(c.transaction_id, { event: "cashin.confirmed" });
      const before = (await eventsSince(db(), t.organizationId, 0)).at(-1)!.id;
      expect(await syncTransactions({ db: db(), ctx }, t)).toMatchObject({ changed: 1 });
      expect(await mirrorRow(t, c.transaction_id)).toMatchObject({ status: "confirmed" });
      expect((await eventsSince(db(), t.organizationId, before)).some((e) => e.kind === "transaction" && (e.payload as { synced?: boolean }).synced)).toBe(true);
    });

    it("a burst larger than the list budget waits for the budget's window, without counting the wait as an attempt", async () => {
      const c = await connected("Budget burst");
      // A context whose list budget is two calls a minute: the third read-back finds it spent.
      const small = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring, limitOverrides: { "transactions-list": 2 } });
      const ids = await Promise.all([1, 2, 3, 4].map(() => charge(c.target).then((x) => x.transaction_id)));
      for (const id of ids) {
        const a = await receiveWebhook(db(), { token: c.token, address: "127.0.0.1", headers: new Headers(), body: JSON.stringify({ event: "cashin.expired", transaction_id: id, status: "expired" }) }, allow);
        expect(a.status).toBe(200);
      }
      const before = Date.now();
      await processDue({ db: db(), ctx: small });
      const rows = (await inbox(c.target)).filter((r) => r.event === "cashin.expired");
      const waiting = rows.filter((r) => (r.verification as { result?: string } | null)?.result === "waiting_for_rate_budget");
      expect(waiting.length).toBeGreaterThanOrEqual(2);
      for (const r of waiting) {
        expect(r.outcome).toBe("received");
        expect(r.attempts).toBe(0);
        expect(r.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 55_000);
      }
      await small.flush();
    });

    it("once the budget is known spent, a further burst waits without asking it again: duplicates recorded, rows shown as reported", async () => {
      const c = await connected("Budget hint");
      const small = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring, limitOverrides: { "transactions-list": 1 } });
      const [first, second] = await Promise.all([1, 2].map(() => charge(c.target).then((x) => x.transaction_id)));
      // The mirror knows the second charge (as the dashboard that created it would); no list call is spent on it.
      await applyApiTransaction(db(), c.target, { transaction_id: second!, status: "pending", amount: 12.34, currency: "BRL" } as never, "dashboard");
      const deliver = async (id: string) =>
        expect((await receiveWebhook(db(), { token: c.token, address: "127.0.0.1", headers: new Headers(), body: JSON.stringify({ event: "cashin.expired", transaction_id: id, status: "expired" }) }, allow)).status).toBe(200);
      // The sandbox's own delivery for the first: read back with the budget's one call, applied.
      await h.control.simulate(first!, { event: "cashin.expired" });
      await waitForInbox(c.target, 1);
      const hints = new BudgetHints();
      await processDue({ db: db(), ctx: small }, 50, hints);
      expect((await inbox(c.target)).find((r) => r.objectId === first)?.outcome).toBe("applied");
      // The budget (one read-back a minute) is spent: the next delivery learns it from the budget, once.
      await deliver(second!);
      await processDue({ db: db(), ctx: small }, 50, hints);
      await small.flush();
      const refusals = async () =>
        (await db().select().from(schema.apiRequestLog).where(and(eq(schema.apiRequestLog.organizationId, c.target.organizationId), eq(schema.apiRequestLog.status, 429)))).length;
      expect(await refusals()).toBe(1);
      // A replay of the applied event and a new one for the pending charge: neither asks the budget.
      await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
      await deliver(first!);
      await deliver(second!);
      await processDue({ db: db(), ctx: small }, 50, hints);
      await small.flush();
      expect(await refusals()).toBe(1);
      const rows = (await inbox(c.target)).map((r) => ({ objectId: r.objectId, outcome: r.outcome, attempts: r.attempts, result: (r.verification as { result?: string } | null)?.result }));
      expect(rows).toEqual([
        { objectId: first, outcome: "applied", attempts: 1, result: "confirmed" },
        { objectId: second, outcome: "received", attempts: 0, result: "waiting_for_rate_budget" },
        { objectId: first, outcome: "duplicate", attempts: 1, result: undefined },
        { objectId: second, outcome: "received", attempts: 0, result: "waiting_for_rate_budget" },
      ]);
      expect(await mirrorRow(c.target, second!)).toMatchObject({ status: "pending", reportedStatus: "expired" });
      const live = await eventsSince(db(), c.target.organizationId, 0);
      expect(live.some((e) => e.kind === "transaction" && (e.payload as { transactionId?: string; verified?: boolean }).transactionId === second && (e.payload as { verified?: boolean }).verified === false)).toBe(true);
    });

    it("stores every delivery of a concurrent burst, each answered with its own row", async () => {
      const { target: t, token } = await connected("Org burst");
      const ids = Array.from({ length: 60 }, (_, i) => `${i.toString(16).padStart(2, "0")}${"e".repeat(30)}`);
      const answers = await Promise.all(
        ids.map((id) => receiveWebhook(db(), { token, address: "127.0.0.1", headers: new Headers(), body: JSON.stringify({ event: "cashin.confirmed", transaction_id: id }) }, allow)),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(new Set(answers.map((a) => a.inboxId)).size).toBe(ids.length);
      const stored = new Map((await inbox(t)).map((r) => [r.id, r.objectId]));
      answers.forEach((a, i) => expect(stored.get(a.inboxId!)).toBe(ids[i]));
    });

    it("counts the same event delivered five times at once exactly once", async () => {
      const { target: t, token } = await connected("Org dup");
      const c = await charge(t);
      await h.control.simulate(c.transaction_id, { event: "cashin.confirmed" });
      await waitForInbox(t, 1);
      const body = (await inbox(t))[0]!.body;
      await Promise.all(
        Array.from({ length: 5 }, () => receiveWebhook(db(), { token, address: "127.0.0.1", headers: new Headers({ "x-service-event": "cashin.confirmed" }), body }, allow)),
      );
      await drain();
      const outcomes = (await inbox(t)).map((r) => r.outcome).sort();
      expect(outcomes).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate", "duplicate"]);
      const applied = await db().select().from(schema.webhookApplied).where(eq(schema.webhookApplied.organizationId, t.organizationId));
      expect(applied).toHaveLength(1);
    });

    it("refuses a sender outside WEBHOOK_SOURCE_IPS with 403 and logs it; refuses bodies that are not JSON or carry no id", async () => {
      const { target: t, token } = await connected("Org refuse");
      const headers = new Headers();
      const forged = JSON.stringify({ event: "cashin.confirmed", transaction_id: "a".repeat(32) });
      expect((await receiveWebhook(db(), { token, address: "127.0.0.2", headers, body: forged }, allow)).status).toBe(403);
      expect((await receiveWebhook(db(), { token, address: "127.0.0.1", headers, body: "not json" }, allow)).status).toBe(400);
      expect((await receiveWebhook(db(), { token, address: "127.0.0.1", headers, body: '{"event":"cashin.confirmed"}' }, allow)).status).toBe(400);
      expect((await receiveWebhook(db(), { token, address: "127.0.0.1", headers, body: null, tooLarge: true }, allow)).status).toBe(413);
      expect((await receiveWebhook(db(), { token: "x".repeat(43), address: "127.0.0.1", headers, body: forged }, allow)).status).toBe(404);
      const rows = await inbox(t);
      expect(rows.map((r) => [r.outcome, r.reason])).toEqual([
        ["refused", "source_address_not_allowed"],
        ["refused", "not_json"],
        ["refused", "no_object_id"],
        ["refused", "body_too_large"],
      ]);
      expect(rows[0]!.sourceAddress).toBe("127.0.0.2");
    });

    it("does not believe a forged cashin.confirmed from an allowed address: the API says pending, nothing changes", async () => {
      const { target: t, token } = await connected("Org forged");
      const c = await charge(t);
      await syncTransactions({ db: db(), ctx }, t);
      const forged = JSON.stringify({ event: "cashin.confirmed", transaction_id: c.transaction_id, status: "confirmed", amount: 12.34, currency: "BRL" });
      expect((await receiveWebhook(db(), { token, address: "127.0.0.1", headers: new Headers(), body: forged }, allow)).status).toBe(200);
      await processDue({ db: db(), ctx });
      // Until the read-back is settled the row says "reported, verifying", never paid.
      expect(await mirrorRow(t, c.transaction_id)).toMatchObject({ status: "pending", reportedStatus: "confirmed" });
      await drain();
      expect(await mirrorRow(t, c.transaction_id)).toMatchObject({ status: "pending", reportedStatus: null, webhookEvent: null });
      expect((await inbox(t))[0]).toMatchObject({ outcome: "contradicted", reason: "api_says_pending" });
      const findings = await db().select().from(schema.reconciliationFindings).where(eq(schema.reconciliationFindings.organizationId, t.organizationId));
      expect(findings.map((f) => [f.kind, f.transactionId, f.status])).toEqual([["contradicted_webhook", c.transaction_id, "open"]]);
    });

    it("accepts an unknown event, stores it and flags it", async () => {
      const { target: t, token } = await connected("Org unknown");
      const body = JSON.stringify({ event: "something.new", transaction_id: "b".repeat(32) });
      expect((await receiveWebhook(db(), { token, address: "127.0.0.1", headers: new Headers(), body }, allow)).status).toBe(200);
      await drain();
      expect((await inbox(t))[0]).toMatchObject({ outcome: "unknown_event", event: "something.new" });
    });

    it("never moves a transaction back: a late pending after confirmed, a late confirmed after refunded", async () => {
      const t = { organizationId: (await createOrganization(db(), "Org order", ["admin"])).organizationId, environment: "sandbox" as const };
      const base = { transaction_id: "c".repeat(32), amount: null, amount_net: null, fee: null } as never as Parameters<typeof applyApiTransaction>[2];
      await applyApiTransaction(db(), t, { ...base, status: "confirmed" }, "webhook", { event: "cashin.confirmed" });
      await applyApiTransaction(db(), t, { ...base, status: "pending" }, "sync");
      expect((await mirrorRow(t, "c".repeat(32)))?.status).toBe("confirmed");
      await applyApiTransaction(db(), t, { ...base, status: "refunded" }, "sync");
      await applyApiTransaction(db(), t, { ...base, status: "confirmed" }, "sync");
      expect((await mirrorRow(t, "c".repeat(32)))?.status).toBe("refunded");
    });

    it("reports in Reconciliation a final transaction whose webhook never came", async () => {
      const { target: t } = await connected("Org missed");
      await h.control.setPostbackUrl((await db().select().from(schema.apiCredentials).where(eq(schema.apiCredentials.organizationId, t.organizationId)))[0]!.clientId, null);
      const c = await charge(t);
      await h.control.simulate(c.transaction_id, { event: "cashin.confirmed" });
      const first = await syncTransactions({ db: db(), ctx }, t, { reconcile: { webhookGraceMs: 0 } });
      expect(first.findings).toBe(1);
      const findings = await db().select().from(schema.reconciliationFindings).where(eq(schema.reconciliationFindings.organizationId, t.organizationId));
      expect(findings.map((f) => [f.kind, f.transactionId])).toEqual([["missed_webhook", c.transaction_id]]);
    });
  });
}
