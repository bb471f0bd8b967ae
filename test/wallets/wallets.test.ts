/**
 * Fixed wallets against a real sandbox over HTTP and a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): creating one stores it (and audits it); a sandbox deposit travels as
 * webhooks through the intake and the worker into the mirror, under its wallet, live; the API's
 * refusals and a lost answer come back in the member's words; one organisation never sees or pays
 * into another's wallets.
 */
import { and, eq } from "drizzle-orm";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { processDue } from "@/lib/events/worker";
import { routeSandboxWebhooks } from "@/lib/events/sandbox-webhooks";
import { eventsSince, latestEventId } from "@/lib/events/live";
import { createTranslator, getMessages } from "@/lib/i18n";
import type { FetchLike } from "@/lib/payment-api";
import { describeWalletFailure } from "@/lib/wallets/failures";
import { createWallet, findWallet, listWallets, simulateWalletDeposit } from "@/lib/wallets/service";
import { databaseTargets } from "../support/databases";
import { closeWebhookHarness, openWebhookHarness, type Receiver } from "../support/receiver";
import { createOrganization, registerSandboxCredential, sandboxAccount, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";
import type { Scope } from "@/lib/db/scope";


const en = createTranslator(getMessages("en"), "en");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

// The databases' suites run side by side (each has its harness and sandbox; much of its time is waiting on webhooks), each suite's tests one after the other.
for (const target of databaseTargets()) {
  describe.concurrent(`fixed wallets [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let receiver: Receiver;
    const allow = ["127.0.0.1"];
    const db = () => h.opened.db;
    const deps = () => ({ db: db(), ctx });


    /**
     * An organisation connected to its own sandbox account, its webhooks routed to the receiver.
     * `permissions`: the credential's (a second credential of the account with only those).
     */
    async function connected(name: string, permissions?: ("can_cashin" | "can_cashout" | "can_transfer" | "can_convert")[]) {
      const org = await createOrganization(db(), name, ["admin"]);
      const actor = { userId: org.members[0]!.userId, address: "127.0.0.1" };
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 1000 } });
      let credential = acct.credential;
      if (permissions) {
        credential = (await h.control.createCredential({ username: acct.username, permissions })).credential;
        await h.control.activate(credential.client_id);
      }
      const { id } = await registerSandboxCredential(h, org.organizationId, actor.userId, credential);
      await activateCredential(db(), ctx, org.organizationId, id, actor);
      await routeSandboxWebhooks(db(), h.control, org.organizationId, credential.client_id, receiver.url);
      const t: Scope = { organizationId: org.organizationId, environment: "sandbox" };
      return { target: t, actor };
    }

    async function inbox(t: { organizationId: string }) {
      return db().select().from(schema.webhookInbox).where(eq(schema.webhookInbox.organizationId, t.organizationId)).orderBy(schema.webhookInbox.id);
    }

    async function waitForInbox(t: { organizationId: string }, n: number) {
      await eventually(async () => (await inbox(t)).length, (got) => got >= n, 15_000, `${n} deliveries`);
    }

    /** Runs the worker until nothing is due, moving retries forward. */
    async function drain() {
      for (let i = 0; i < 20; i++) {
        await db().update(schema.webhookInbox).set({ nextAttemptAt: new Date(0) }).where(eq(schema.webhookInbox.outcome, "received"));
        if ((await processDue({ db: db(), ctx })) === 0) return;
      }
    }

    async function walletRows(organizationId: string) {
      return db().select().from(schema.wallets).where(eq(schema.wallets.organizationId, organizationId));
    }

    async function audited(organizationId: string) {
      return db()
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.organizationId, organizationId), eq(schema.auditLog.action, "wallet.created")));
    }

    beforeAll(async () => void ({ h, ctx, receiver } = await openWebhookHarness(target, allow)));
    afterAll(() => closeWebhookHarness({ h, ctx, receiver }));

    it.sequential("creating a wallet stores it with who created it, audits it, and lists it; no other organisation or environment sees it", async () => {
      const { target: t, actor } = await connected("Org create");
      const brl = await createWallet(deps(), t, actor, { currency: "BRL", label: "  Store front  " });
      expect(brl).toMatchObject({ currency: "BRL", kind: "pix_key", chain: null, label: "Store front" });
      expect(brl.identifier).toMatch(UUID);
      const usdt = await createWallet(deps(), t, actor, { currency: "USDT", chain: "tron" });
      expect(usdt).toMatchObject({ currency: "USDT", kind: "address", chain: "tron", minConfirmations: 20, label: null });
      expect(usdt.identifier).toMatch(TRON_ADDRESS);
      const mxn = await createWallet(deps(), t, actor, { currency: "MXN" });
      expect(mxn).toMatchObject({ currency: "MXN", kind: "clabe" });
      expect(mxn.identifier).toMatch(/^\d{18}$/);

      const rows = await walletRows(t.organizationId);
      expect(rows).toHaveLength(3);
      const stored = rows.find((r) => r.walletId === brl.walletId)!;
      expect(stored).toMatchObject({ environment: "sandbox", currency: "BRL", pixKey: brl.identifier, address: null, clabe: null, createdBy: actor.userId, label: "Store front" });
      expect(stored.raw).toMatchObject({ wallet_id: brl.walletId, pix_key: brl.identifier });

      const log = await audited(t.organizationId);
      expect(log.map((a) => a.target).sort()).toEqual([brl.walletId, usdt.walletId, mxn.walletId].sort());
      expect(log.find((a) => a.target === usdt.walletId)).toMatchObject({ userId: actor.userId, address: "127.0.0.1", details: expect.objectContaining({ currency: "USDT", chain: "tron" }) });

      const list = await listWallets(db(), t);
      expect(list.total).toBe(3);
      expect(list.wallets.map((w) => w.walletId)).toEqual([mxn.walletId, usdt.walletId, brl.walletId]);
      expect(list.wallets[2]).toMatchObject({ depositCount: 0, confirmedCount: 0, received: "0", receivedNet: "0", lastDepositAt: null, deposits: [], createdBy: expect.any(String) });
      expect(list.others).toEqual([]);
      // Pages of the list.
      const second = await listWallets(db(), t, { page: 2, pageSize: 2 });
      expect(second).toMatchObject({ page: 2, pages: 2, total: 3 });
      expect(second.wallets.map((w) => w.walletId)).toEqual([brl.walletId]);

      const other = await connected("Org other");
      expect((await listWallets(db(), other.target)).total).toBe(0);
      expect(await findWallet(db(), other.target, brl.walletId)).toBeNull();
      expect((await listWallets(db(), { ...t, environment: "production" })).total).toBe(0);
      expect(await findWallet(db(), t, brl.walletId)).toMatchObject({ walletId: brl.walletId });
    });

    it.sequential("a sandbox deposit, delivered as webhooks through the intake and verified by the worker, appears under its wallet, with exact sums and a live event", async () => {
      const { target: t, actor } = await connected("Org deposit");
      const w = await createWallet(deps(), t, actor, { currency: "BRL" });
      const quiet = await createWallet(deps(), t, actor, { currency: "USDT", chain: "tron" });
      const after = await latestEventId(db(), t.organizationId);
      // 10.10 + 20.20 is 30.299999999999997 in binary floats; the sums must be exact.
      const d1 = await simulateWalletDeposit(db(), h.control, t, actor, { walletId: w.walletId, amount: "10,10" });
      const d2 = await simulateWalletDeposit(db(), h.control, t, actor, { walletId: w.walletId, amount: "20.20", payer: { name: "Ana Souza", document: "52998224725" } });
      expect(d1).toMatchObject({ amount: "10.1", currency: "BRL" });
      // Each deposit sends wallet_deposit, then cashin.confirmed.
      await waitForInbox(t, 4);
      await drain();

      const list = await listWallets(db(), t);
      const got = list.wallets.find((x) => x.walletId === w.walletId)!;
      expect(got.deposits.map((d) => d.transactionId).sort()).toEqual([d1.transactionId, d2.transactionId].sort());
      for (const d of got.deposits) {
        expect(d).toMatchObject({ status: "confirmed", reportedStatus: null, currency: "BRL" });
        expect(d.verifiedAt).not.toBeNull();
      }
      expect(got.deposits.find((d) => d.transactionId === d2.transactionId)).toMatchObject({ amount: "20.2", payerName: "Ana Souza", payerDocument: "52998224725" });
      expect(got).toMatchObject({ depositCount: 2, confirmedCount: 2, received: "30.3" });
      const fees = got.deposits.reduce((s, d) => s.plus(d.fee ?? 0), new Decimal(0));
      expect(new Decimal(got.received).minus(fees).eq(got.receivedNet)).toBe(true);
      expect(got.lastDepositAt).not.toBeNull();
      // The other wallet received nothing; nothing landed among unknown wallets.
      expect(list.wallets.find((x) => x.walletId === quiet.walletId)).toMatchObject({ depositCount: 0, deposits: [] });
      expect(list.others).toEqual([]);

      // The mirror rows carry the wallet, and the live stream named it (what refreshes the open page).
      const mirrored = await db().select().from(schema.transactions).where(eq(schema.transactions.organizationId, t.organizationId));
      expect(mirrored.map((r) => [r.transactionId, r.walletId, r.source]).sort()).toEqual(
        [
          [d1.transactionId, w.walletId, "wallet_deposit"],
          [d2.transactionId, w.walletId, "wallet_deposit"],
        ].sort(),
      );
      const live = await eventsSince(db(), t.organizationId, after);
      const named = live.filter((e) => e.kind === "transaction" && (e.payload as { walletId?: string }).walletId === w.walletId);
      expect([...new Set(named.map((e) => (e.payload as { transactionId: string }).transactionId))].sort()).toEqual([d1.transactionId, d2.transactionId].sort());
      // Every delivery (wallet_deposit and cashin.confirmed of each deposit) was verified and applied.
      const deliveries = await inbox(t);
      expect(deliveries.map((r) => r.event).sort()).toEqual(["cashin.confirmed", "cashin.confirmed", "wallet_deposit", "wallet_deposit"]);
      expect(deliveries.every((r) => r.outcome === "applied")).toBe(true);
    });

    it.sequential("shows a wallet's newest deposits only, and counts them all", async () => {
      const { target: t, actor } = await connected("Org many");
      const w = await createWallet(deps(), t, actor, { currency: "MXN" });
      const ids: string[] = [];
      for (const amount of ["1", "2", "3", "4", "5"]) ids.push((await simulateWalletDeposit(db(), h.control, t, actor, { walletId: w.walletId, amount })).transactionId);
      await waitForInbox(t, 10);
      await drain();
      const [got] = (await listWallets(db(), t, { depositsPerWallet: 3 })).wallets;
      expect(got).toMatchObject({ depositCount: 5, confirmedCount: 5, received: "15" });
      expect(got!.deposits).toHaveLength(3);
      const dates = got!.deposits.map((d) => d.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      const hidden = await db().select().from(schema.transactions).where(eq(schema.transactions.organizationId, t.organizationId));
      const shown = new Set(got!.deposits.map((d) => d.transactionId));
      for (const r of hidden.filter((x) => !shown.has(x.transactionId))) expect(r.apiCreatedAt!.toISOString() <= dates[dates.length - 1]!).toBe(true);
      expect(ids.every((id) => hidden.some((r) => r.transactionId === id && r.walletId === w.walletId))).toBe(true);
    });

    it.sequential("an API refusal becomes a clear error, and nothing is stored", async () => {
      const { target: t, actor } = await connected("Org no cash-in", ["can_cashout"]);
      const e = await createWallet(deps(), t, actor, { currency: "BRL" }).catch((x: unknown) => x);
      const f = describeWalletFailure(e, "sandbox")!;
      expect(f).toMatchObject({ code: "CREDENTIAL_PERMISSION_DENIED", key: "wallets.errors.permissionDenied", outcomeUnknown: false });
      expect(f.requestId).toEqual(expect.any(String));
      expect(en(f.key, f.vars)).toBe("This API credential is not allowed to create wallets: it needs the cash-in permission. Ask the provider to grant it.");
      expect(await walletRows(t.organizationId)).toEqual([]);
      expect(await audited(t.organizationId)).toEqual([]);
    });

    it.sequential("a network on a PIX wallet is refused by the API and lands under the network field", async () => {
      const { target: t, actor } = await connected("Org fiat chain");
      // The form never sends this; the API's own refusal is what is checked here.
      const e = await createWallet(deps(), t, actor, { currency: "BRL", chain: "tron" }).catch((x: unknown) => x);
      const f = describeWalletFailure(e, "sandbox")!;
      expect(f).toMatchObject({ code: "INVALID_VALUE", key: "wallets.errors.chainNotForFiat", field: "chain", outcomeUnknown: false });
      expect(en(f.key, f.vars)).toBe("PIX keys and CLABEs have no network: leave it empty.");
      // A coin on a network that does not carry it is refused before sending, as the API would (INVALID_CURRENCY).
      const local = describeWalletFailure(await createWallet(deps(), t, actor, { currency: "BTC", chain: "tron" }).catch((x: unknown) => x), "sandbox")!;
      expect(local).toMatchObject({ code: "INVALID_CURRENCY", key: "wallets.errors.chainNotForCurrency", field: "chain", outcomeUnknown: false });
      expect(await walletRows(t.organizationId)).toEqual([]);
    });

    it.sequential("past the wallet endpoint's rate budget, the member is told when to try again", async () => {
      const { target: t, actor } = await connected("Org budget");
      const small = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring, limitOverrides: { wallet: 1 }, budgetWaitMs: 0 });
      await createWallet({ db: db(), ctx: small }, t, actor, { currency: "BRL" });
      const f = describeWalletFailure(await createWallet({ db: db(), ctx: small }, t, actor, { currency: "BRL" }).catch((x: unknown) => x), "sandbox")!;
      expect(f).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", key: "wallets.errors.rateLimited", outcomeUnknown: false });
      expect(en(f.key, f.vars)).toMatch(/^Wallets can be created at most 30 times a minute\. Try again in \d+ seconds?\.$/);
      expect(await walletRows(t.organizationId)).toHaveLength(1);
      await small.flush();
    });

    it.sequential("a lost answer is an unknown outcome: sent once, nothing stored, said so; the wallet's deposits still surface", async () => {
      const { target: t, actor } = await connected("Org lost");
      let posts = 0;
      let lostId = "";
      // The request reaches the sandbox (the wallet is created there) and the connection drops before the answer is read.
      const cutAfterSending: FetchLike = async (input, init) => {
        const res = await globalThis.fetch(input, init);
        if (new URL(String(input)).pathname.endsWith("/v2/transactions/wallet")) {
          posts++;
          lostId = ((await res.json()) as { data: { wallet_id: string } }).data.wallet_id;
          throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } });
        }
        return res;
      };
      const cut = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring, fetch: cutAfterSending });
      const e = await createWallet({ db: db(), ctx: cut }, t, actor, { currency: "BRL" }).catch((x: unknown) => x);
      expect(posts).toBe(1); // never repeated: a second attempt could make a second wallet
      const f = describeWalletFailure(e, "sandbox")!;
      expect(f).toMatchObject({ code: "WALLET_OUTCOME_UNKNOWN", key: "wallets.errors.outcomeUnknown", outcomeUnknown: true });
      expect(en(f.key, f.vars)).toMatch(/may or may not exist.*two wallets/);
      expect(await walletRows(t.organizationId)).toEqual([]);
      expect(await audited(t.organizationId)).toEqual([]);

      // The wallet exists at the provider: a deposit to it is linked by its webhook and shown apart.
      const dep = await h.control.deposit(lostId, { amount: 42.5 });
      await waitForInbox(t, 2);
      await drain();
      const list = await listWallets(db(), t);
      expect(list.total).toBe(0);
      expect(list.others).toMatchObject([{ walletId: lostId, currency: "BRL", depositCount: 1, confirmedCount: 1, received: "42.5" }]);
      expect(list.others[0]!.deposits.map((d) => d.transactionId)).toEqual([dep.transaction_id]);

      // A connection that was never made proves nothing was created: a plain failure.
      const refused = new ApiContext({
        db: h.opened.db,
        withLock: h.opened.withLock,
        keyring: h.keyring,
        fetch: async (input, init) => {
          if (new URL(String(input)).pathname.endsWith("/v2/transactions/wallet")) throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
          return globalThis.fetch(input, init);
        },
      });
      const r = describeWalletFailure(await createWallet({ db: db(), ctx: refused }, t, actor, { currency: "BRL" }).catch((x: unknown) => x), "sandbox")!;
      expect(r).toMatchObject({ code: "CONNECTION_ERROR", key: "apiErrors.CONNECTION_ERROR", outcomeUnknown: false });
      await cut.flush();
      await refused.flush();
    });

    it.sequential("a simulated deposit is refused for another organisation's wallet, outside the sandbox, and for an amount the coin cannot carry", async () => {
      const a = await connected("Org A");
      const b = await connected("Org B");
      const w = await createWallet(deps(), a.target, a.actor, { currency: "USDT", chain: "tron" });
      const control = { deposit: vi.fn(h.control.deposit.bind(h.control)) };
      await expect(simulateWalletDeposit(db(), control, b.target, b.actor, { walletId: w.walletId, amount: "10" })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(simulateWalletDeposit(db(), control, { ...a.target, environment: "production" }, a.actor, { walletId: w.walletId, amount: "10" })).rejects.toMatchObject({ code: "NOT_SANDBOX" });
      await expect(simulateWalletDeposit(db(), control, a.target, a.actor, { walletId: w.walletId, amount: "1.1234567" })).rejects.toMatchObject({
        code: "AMOUNT",
        problem: { key: "wallets.errors.amountDecimals", vars: { places: 6, currency: "USDT" } },
      });
      await expect(simulateWalletDeposit(db(), control, a.target, a.actor, { walletId: w.walletId, amount: "0" })).rejects.toMatchObject({ code: "AMOUNT" });
      expect(control.deposit).not.toHaveBeenCalled();
      const ok = await simulateWalletDeposit(db(), control, a.target, a.actor, { walletId: w.walletId, amount: "12.345678" });
      expect(control.deposit).toHaveBeenCalledWith(w.walletId, { amount: 12.345678 });
      expect(ok).toMatchObject({ amount: "12.345678", currency: "USDT", transactionId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      // Only the simulation that happened is in the audit log, with who asked for it.
      const simulated = await db()
        .select()
        .from(schema.auditLog)
        .where(eq(schema.auditLog.action, "wallet.deposit_simulated"));
      expect(simulated.filter((x) => x.target === w.walletId)).toEqual([
        expect.objectContaining({ organizationId: a.target.organizationId, userId: a.actor.userId, details: { environment: "sandbox", transactionId: ok.transactionId, amount: "12.345678", currency: "USDT" } }),
      ]);
    });
  });
}
