/**
 * Balance reconciliation against a real sandbox and a real database: every kind of movement the
 * sandbox makes (a charge paid, a payout settled, a conversion, a MED infraction lost) is explained
 * by the mirror; money the mirror does not know of is reported once two checks agree, clears
 * itself when the mirror learns it, and is re-baselined when an admin accepts it.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import type { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { processDue } from "@/lib/events/worker";
import { syncTransactions } from "@/lib/events/sync";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { balanceFindingKey, checkBalances, splitShares } from "@/lib/events/balances";
import { resolveFinding } from "@/lib/events/admin";
import { syncInfractions } from "@/lib/infractions/mirror";
import { databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";

describe("split shares", () => {
  it("takes percentages of amount_net rounded down and fixed amounts, in order, never more than amount_net", () => {
    expect(splitShares("98.50", "BRL", [{ username: "a", percentage: 10 }]).toFixed()).toBe("9.85");
    expect(splitShares("10.01", "BRL", [{ username: "a", percentage: 33 }]).toFixed()).toBe("3.3");
    expect(splitShares("10", "BRL", [{ username: "a", type: "fixed", amount: 7 }, { username: "b", type: "fixed", amount: 7 }]).toFixed()).toBe("10");
  });
});

for (const target of databaseTargets()) {
  describe(`balance reconciliation [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    const db = () => h.opened.db;

    beforeAll(async () => void ({ h, ctx, receiver } = await openWebhookHarness(target)));
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    async function drain() {
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }

    /** What the dashboard does after a sync: mirror (and infractions) up to date, then the check. */
    async function syncAndCheck(t: { organizationId: string; environment: "sandbox" }) {
      await drain();
      await syncTransactions({ db: db(), ctx }, t);
      await syncInfractions({ db: db(), ctx }, t);
      return checkBalances({ db: db(), ctx }, t);
    }

    async function openBalanceFindings(t: { organizationId: string }) {
      const f = schema.reconciliationFindings;
      return db()
        .select()
        .from(f)
        .where(and(eq(f.organizationId, t.organizationId), eq(f.kind, "unexplained_balance"), eq(f.status, "open")));
    }

    it("explains payments, payouts, conversions and a lost infraction; reports money the mirror does not know of", async () => {
      const org = await createOrganization(db(), "Balances", ["admin"]);
      const actor = { userId: org.members[0]!.userId, address: null };
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 1000 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, actor.userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, actor);
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, receiver.url);
      const t = { organizationId: org.organizationId, environment: "sandbox" as const };

      // The first check sets the baseline.
      expect(await syncAndCheck(t)).toEqual({ checked: true, opened: 0, unexplained: {} });
      const call = <T>(fn: Parameters<ApiContext["call"]>[2]) => ctx.call(t, { userId: null }, fn) as Promise<T>;

      // A charge paid, another disputed and lost, a payout settled, a conversion.
      const paid = await call<{ transaction_id: string }>((c) => c.cashin.create({ amount: 123.45, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } }));
      await h.control.simulate(paid.transaction_id, { event: "cashin.confirmed" });
      const disputed = await call<{ transaction_id: string }>((c) => c.cashin.create({ amount: 50, currency: "BRL", payer: { name: "Bruno Lima", document: "52998224725" } }));
      await h.control.simulate(disputed.transaction_id, { event: "cashin.confirmed" });
      const infraction = await h.control.openInfraction({ transaction_id: disputed.transaction_id, type: "FRAUD", amount: 20 });
      await h.control.resolveInfraction(infraction.infraction_id, "lost");
      const payout = await call<{ transaction_id: string }>((c) => c.cashout.create({ amount: 100, currency: "BRL", key: "ana@example.com", key_type: "email" }));
      await h.control.simulate(payout.transaction_id, { event: "cashout.confirmed" });
      await call((c) => c.conversions.create({ amount: 200, base_currency: "BRL", destination_currency: "USDT" }));
      expect(await syncAndCheck(t)).toEqual({ checked: true, opened: 0, unexplained: {} });

      // The mirror forgets the paid charge (as if it never learned of it): the API's BRL moved by its net more.
      const tx = schema.transactions;
      const [row] = await db().select().from(tx).where(and(eq(tx.organizationId, t.organizationId), eq(tx.transactionId, paid.transaction_id)));
      const forget = () => db().delete(tx).where(and(eq(tx.organizationId, t.organizationId), eq(tx.transactionId, paid.transaction_id)));
      await forget();
      const first = await checkBalances({ db: db(), ctx }, t);
      expect(first).toEqual({ checked: true, opened: 0, unexplained: { BRL: row!.amountNet } });
      // Seen twice: reported.
      expect(await checkBalances({ db: db(), ctx }, t)).toMatchObject({ opened: 1 });
      const [finding] = await openBalanceFindings(t);
      expect(finding).toMatchObject({ transactionId: balanceFindingKey("BRL"), details: expect.objectContaining({ currency: "BRL", amount: row!.amountNet }) });

      // A delivery waiting for the worker: no verdict meanwhile.
      await h.control.simulate((await call<{ transaction_id: string }>((c) => c.cashin.create({ amount: 5, currency: "BRL", payer: { name: "C", document: "52998224725" } }))).transaction_id, { event: "cashin.confirmed" });
      const waiting = async () => (await db().select().from(schema.webhookInbox).where(and(eq(schema.webhookInbox.organizationId, t.organizationId), eq(schema.webhookInbox.outcome, "received")))).length;
      await eventually(waiting, (n) => n > 0, 10_000, "the delivery to be stored");
      expect(await checkBalances({ db: db(), ctx }, t)).toEqual({ checked: false, reason: "busy" });

      // The sync brings the charge back: the finding clears itself.
      await syncAndCheck(t);
      expect(await openBalanceFindings(t)).toHaveLength(0);

      // Forgotten again, reported again, then accepted by an admin: the currency starts again.
      await forget();
      await checkBalances({ db: db(), ctx }, t);
      await checkBalances({ db: db(), ctx }, t);
      const [again] = await openBalanceFindings(t);
      await resolveFinding(db(), t.organizationId, again!.id, "checked with the provider", actor);
      expect(await checkBalances({ db: db(), ctx }, t)).toEqual({ checked: true, opened: 0, unexplained: {} });
      expect(await checkBalances({ db: db(), ctx }, t)).toEqual({ checked: true, opened: 0, unexplained: {} });
      const audit = await db().select().from(schema.auditLog).where(and(eq(schema.auditLog.organizationId, t.organizationId), eq(schema.auditLog.action, "reconciliation.resolved")));
      expect(audit).toHaveLength(1);
    });
  });
}
