/**
 * Payouts and transfers (Send) against a real sandbox over HTTP and a real database (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set): sent once whatever the retries (a double submit, a retry
 * after a network fault, a resubmit after a reload), confirmed or failed through the webhook path with
 * the balance restored, held by the approval policy until a second admin approves, and transfers to
 * oneself refused.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { readBalanceFor } from "@/lib/api-context/balance";
import { activateCredential } from "@/lib/credentials/service";
import { processDue } from "@/lib/events/worker";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { isPaymentApiError } from "@/lib/payment-api";
import { generateAddress } from "@/lib/payments/crypto-address";
import { payoutFormSchema, toPayoutPlan, toTransferPlan, transferFormSchema, type PayoutForm } from "@/lib/payouts/form";
import { approvePayout, getPayout, listPayouts, pendingApprovalCount, rejectPayout, requestPayout, setApprovalPolicy } from "@/lib/payouts/service";
import { databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";
import { patient } from "@/test/support/patience";

const pix = (externalId: string, over: Partial<PayoutForm> = {}) =>
  toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount: "12,50", externalId, keyType: "cpf", pixKey: "529.982.247-25", ...over }));

for (const target of databaseTargets()) {
  describe(`payouts [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    let base: string;
    const db = () => h.opened.db;

    async function connected(name: string, roles: schema.Role[] = ["admin"], balances: Record<string, number> = { BRL: 1000, USDT: 500 }) {
      const org = await createOrganization(db(), name, roles);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      // A second admin activates (an admin never activates their own credential when another could).
      await activateCredential(db(), ctx, org.organizationId, id, { userId: org.members[1]?.userId ?? userId, address: null });
      await routeSandboxWebhooks(db(), h.control, org.organizationId, acct.credential.client_id, "http://127.0.0.1:9/nowhere");
      return { target: { organizationId: org.organizationId, environment: "sandbox" as const }, userId, members: org.members, username: acct.username };
    }
    const deps = (c: ApiContext = ctx) => ({ db: db(), ctx: c, publicBaseUrl: base });

    async function drain(organizationId: string, n: number) {
      const delivered = async () => (await db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, organizationId))).length;
      await eventually(delivered, (got) => got >= n, 10_000, `${n} deliveries`);
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }
    const atSandbox = async (c: { target: { organizationId: string; environment: "sandbox" } }, externalId: string) =>
      (await ctx.call(c.target, { userId: null }, (cl) => cl.transactions.list({ external_id: externalId }))).items;
    const available = async (c: { target: { organizationId: string; environment: "sandbox" } }, currency: string) =>
      (await readBalanceFor(ctx, c.target, { userId: null }, { fresh: true })).data.find((b) => b.currency === currency)?.available;

    beforeAll(async () => {
      ({ h, ctx, receiver } = await openWebhookHarness(target));
      base = receiver.url;
    }, patient(60_000));
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    it("sends a PIX payout, shows it pending, then confirmed with its e2e id once the webhook is verified", async () => {
      const c = await connected("PIX payout org");
      const r = await requestPayout(deps(), c.target, c.userId, pix("po-pix-1"));
      expect(r).toMatchObject({ state: "sent", replayed: false });
      const sent = (await getPayout(db(), c.target, r.id))!;
      expect(sent).toMatchObject({ kind: "pix", amount: "12.5", currency: "BRL", status: "pending", recipient: { keyType: "cpf", key: "52998224725" } });
      const items = await atSandbox(c, "po-pix-1");
      expect(items).toHaveLength(1);
      expect(String(items[0]!.amount)).toBe("12.5");
      expect(await available(c, "BRL")).toBe("987.5");

      await h.control.simulate(sent.transactionId!, { event: "cashout.confirmed" });
      await drain(c.target.organizationId, 1);
      const done = (await getPayout(db(), c.target, r.id))!;
      expect(done.status).toBe("confirmed");
      expect(done.e2eId).toBeTruthy();
      expect(done.fee).toBe("0.5");
    });

    it("a crypto payout that fails carries its error code and the balance comes back", async () => {
      const c = await connected("Crypto payout org");
      const plan = toPayoutPlan(payoutFormSchema.parse({ kind: "crypto", amount: "25", externalId: "po-crypto-1", coin: "USDT", network: "arbitrum", address: generateAddress("arbitrum") }));
      const r = await requestPayout(deps(), c.target, c.userId, plan);
      expect(r.state).toBe("sent");
      expect(await available(c, "USDT")).toBe("475");
      const p = (await getPayout(db(), c.target, r.id))!;
      await h.control.simulate(p.transactionId!, { event: "cashout.failed", error_code: "BLOCKCHAIN_REVERT" });
      await drain(c.target.organizationId, 1);
      const failed = (await getPayout(db(), c.target, r.id))!;
      expect(failed).toMatchObject({ status: "failed", mirrorErrorCode: "BLOCKCHAIN_REVERT", network: "arbitrum" });
      expect(await available(c, "USDT")).toBe("500");
    });

    it("a double submit, a resubmit after a reload and a retry after a lost answer all pay once", async () => {
      const c = await connected("Once org");
      const [a, b] = await Promise.all([requestPayout(deps(), c.target, c.userId, pix("po-double")), requestPayout(deps(), c.target, c.userId, pix("po-double"))]);
      expect(a.id).toBe(b.id);
      // the reload: the same form (same reference) submitted again
      const again = await requestPayout(deps(), c.target, c.userId, pix("po-double"));
      expect(again).toMatchObject({ id: a.id, replayed: true, state: "sent" });
      expect(await atSandbox(c, "po-double")).toHaveLength(1);
      // another body under the same reference is refused, not sent
      await expect(requestPayout(deps(), c.target, c.userId, pix("po-double", { amount: "13" }))).rejects.toMatchObject({ code: "EXTERNAL_ID_USED" });

      // The network drops the answer of the cash-out (the API did make it): the payout stays "sending".
      let dropped = 0;
      const lossy = new ApiContext({
        db: db(),
        withLock: h.opened.withLock,
        keyring: h.keyring,
        client: { maxRetries: 0 },
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (String(input).endsWith("/v2/transactions/cashout") && dropped === 0) {
            dropped++;
            throw new TypeError("fetch failed: socket hang up");
          }
          return res;
        },
      });
      const lost = await requestPayout(deps(lossy), c.target, c.userId, pix("po-lost")).catch((e: unknown) => e);
      expect(isPaymentApiError(lost) && lost.code).toBe("CONNECTION_ERROR");
      expect(await atSandbox(c, "po-lost")).toHaveLength(1);
      const [row] = await db().select().from(schema.payouts).where(and(eq(schema.payouts.organizationId, c.target.organizationId), eq(schema.payouts.externalId, "po-lost")));
      expect(row!.state).toBe("sending");
      // the member retries (same reference, same body): the API answers the original; still one payout
      const retried = await requestPayout(deps(), c.target, c.userId, pix("po-lost"));
      expect(retried).toMatchObject({ id: row!.id, state: "sent" });
      expect(await atSandbox(c, "po-lost")).toHaveLength(1);
      expect(await available(c, "BRL")).toBe("975");
      await lossy.flush();
    });

    it("a payout above the threshold waits for a second admin; the requester cannot approve it", async () => {
      const c = await connected("Approval org", ["admin", "admin"]);
      const [requester, approver] = c.members.map((m) => m.userId) as [string, string];
      await setApprovalPolicy(db(), c.target.organizationId, requester, { mode: "above", thresholds: { BRL: "100" } });
      const small = await requestPayout(deps(), c.target, requester, pix("po-small", { amount: "100" }));
      expect(small.state).toBe("sent");
      const big = await requestPayout(deps(), c.target, requester, pix("po-big", { amount: "150" }));
      expect(big.state).toBe("awaiting_approval");
      expect(await atSandbox(c, "po-big")).toHaveLength(0);
      expect(await pendingApprovalCount(db(), c.target)).toBe(1);
      await expect(approvePayout(deps(), c.target, requester, big.id)).rejects.toMatchObject({ code: "OWN_REQUEST" });
      expect(await atSandbox(c, "po-big")).toHaveLength(0);
      expect(await approvePayout(deps(), c.target, approver, big.id)).toBe("sent");
      const items = await atSandbox(c, "po-big");
      expect(items).toHaveLength(1);
      expect(String(items[0]!.amount)).toBe("150");
      // approving twice sends nothing more
      await expect(approvePayout(deps(), c.target, approver, big.id)).rejects.toMatchObject({ code: "ALREADY_DECIDED" });
      expect(await pendingApprovalCount(db(), c.target)).toBe(0);

      const declined = await requestPayout(deps(), c.target, requester, pix("po-declined", { amount: "500" }));
      await rejectPayout(db(), c.target, approver, declined.id, "Not on the supplier list");
      expect((await getPayout(db(), c.target, declined.id))!).toMatchObject({ state: "rejected", rejectReason: "Not on the supplier list" });
      await expect(approvePayout(deps(), c.target, approver, declined.id)).rejects.toMatchObject({ code: "ALREADY_DECIDED" });
      expect(await atSandbox(c, "po-declined")).toHaveLength(0);
    });

    it("transfers to another account at once; to oneself is refused with SELF_TRANSFER_BLOCKED", async () => {
      const c = await connected("Transfer org");
      const other = await sandboxAccount(h, { activate: true, balances: { BRL: 0 } });
      const plan = (username: string, externalId: string) => toTransferPlan(transferFormSchema.parse({ username, currency: "BRL", amount: "40", externalId }));
      const self = await requestPayout(deps(), c.target, c.userId, plan(c.username, "tr-self")).catch((e: unknown) => e);
      expect(isPaymentApiError(self) && self.code).toBe("SELF_TRANSFER_BLOCKED");
      const [failed] = await db().select().from(schema.payouts).where(eq(schema.payouts.externalId, "tr-self"));
      expect(failed).toMatchObject({ state: "failed", errorCode: "SELF_TRANSFER_BLOCKED" });

      const r = await requestPayout(deps(), c.target, c.userId, plan(other.username, "tr-other"));
      expect(r.state).toBe("sent");
      const [view] = await listPayouts(db(), c.target, { limit: 1 });
      expect(view).toMatchObject({ kind: "transfer", status: "confirmed", direction: "sent", recipient: { username: other.username } });
      expect(await available(c, "BRL")).toBe("960");
    });

    it("beyond the transfer budget the member is told how long to wait, and nothing reaches the API", async () => {
      const c = await connected("Budget org");
      const other = await sandboxAccount(h, { activate: true, balances: { BRL: 0 } });
      const tight = new ApiContext({ db: db(), withLock: h.opened.withLock, keyring: h.keyring, budgetWaitMs: 0, limitOverrides: { transfer: 1 } });
      const plan = (externalId: string) => toTransferPlan(transferFormSchema.parse({ username: other.username, currency: "BRL", amount: "1", externalId }));
      expect((await requestPayout(deps(tight), c.target, c.userId, plan("tr-budget-1"))).state).toBe("sent");
      const e = await requestPayout(deps(tight), c.target, c.userId, plan("tr-budget-2")).catch((x: unknown) => x);
      expect(isPaymentApiError(e) && e.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(isPaymentApiError(e) && Number(e.details?.["retry_after_seconds"])).toBeGreaterThan(0);
      expect(await atSandbox(c, "tr-budget-2")).toHaveLength(0);
      await tight.flush();
    });
  });
}
