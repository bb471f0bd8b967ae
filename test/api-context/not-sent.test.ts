/**
 * Each writer when nothing reached the API (issue 25: charges and payouts used to treat a request the
 * client refused before sending as an unknown outcome, and stayed "sending"). The credential's base
 * URL is pointed at a port nothing listens on: the connection is refused (ECONNREFUSED), and after
 * three in a row the credential's breaker is open (CIRCUIT_OPEN), both "not sent". Then the URL is
 * put back and the member sends the same forms again: each exists once at the sandbox. Against a real
 * sandbox over HTTP and a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { describeFailure } from "@/lib/api-context/describe";
import { callOutcome } from "@/lib/api-context/outcome";
import { activateCredential } from "@/lib/credentials/service";
import { chargeFormSchema } from "@/lib/charges/form";
import { createCharge } from "@/lib/charges/service";
import { executeConversion, quote } from "@/lib/conversions/service";
import { createTranslator, getMessages } from "@/lib/i18n";
import { isPaymentApiError, type PaymentApiError } from "@/lib/payment-api";
import { createBatch, runBatches } from "@/lib/payouts/bulk";
import { payoutFormSchema, toPayoutPlan } from "@/lib/payouts/form";
import { requestPayout } from "@/lib/payouts/service";
import { describeWalletFailure } from "@/lib/wallets/failures";
import { createWallet } from "@/lib/wallets/service";
import { databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { patient } from "@/test/support/patience";

const en = createTranslator(getMessages("en"), "en");
const QUOTE_KEY = "not-sent-quote-key-0123456789abcdef0123456789abcdef";
const fast = { sleep: async () => undefined };

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const failure = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => {
      throw new Error("expected a failure");
    },
    (x: unknown) => x,
  );
  if (!isPaymentApiError(e)) throw e;
  return e as PaymentApiError;
};

for (const target of databaseTargets()) {
  describe(`nothing sent [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let nowhere: string;
    const db = () => h.opened.db;

    beforeAll(async () => {
      h = await startHarness(target);
      ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
      nowhere = `http://127.0.0.1:${await closedPort()}`;
    }, patient(60_000));
    afterAll(async () => {
      await ctx?.flush();
      await h?.dispose();
    });

    /**
     * An organisation connected to the sandbox (its token already in hand), and `down()`: its
     * credential pointed nowhere, with another instance's context (a breaker of its own) to call
     * through; `up()` puts the sandbox back.
     */
    async function connected(name: string) {
      const org = await createOrganization(db(), name, ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 1000, USDT: 100 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId, address: null });
      const t = { organizationId: org.organizationId, environment: "sandbox" as const };
      await ctx.call(t, { userId }, (c) => c.account.balance());
      const down = new ApiContext({ db: db(), withLock: h.opened.withLock, keyring: h.keyring, client: fast });
      const point = (baseUrl: string) => db().update(schema.apiCredentials).set({ baseUrl }).where(eq(schema.apiCredentials.id, id));
      return {
        t,
        userId,
        down: async () => (await point(nowhere), down),
        up: async () => {
          await point(h.sandbox.url);
          await down.flush();
        },
        atSandbox: async (externalId: string) => (await ctx.call(t, { userId: null }, (c) => c.transactions.list({ external_id: externalId }))).items,
      };
    }

    it("charges: a refused connection or an open breaker fails the charge (never 'sending'); the same form later makes one", async () => {
      const c = await connected("Not sent charges");
      const form = (externalId: string) => chargeFormSchema.parse({ method: "PIX", amount: "15,00", externalId, payer: { name: "Ana Souza", document: "529.982.247-25" } });
      const deps = (x: ApiContext) => ({ db: db(), ctx: x, publicBaseUrl: "http://127.0.0.1:9" });
      const state = async (externalId: string) =>
        (await db().select().from(schema.charges).where(and(eq(schema.charges.organizationId, c.t.organizationId), eq(schema.charges.externalId, externalId))))[0]!;

      const down = await c.down();
      const refused = await failure(createCharge(deps(down), c.t, c.userId, form("ns-ch-1")));
      expect(refused).toMatchObject({ code: "CONNECTION_ERROR", details: { errno: "ECONNREFUSED" } });
      expect(callOutcome(refused)).toBe("not-sent");
      expect(await state("ns-ch-1")).toMatchObject({ state: "failed", errorCode: "CONNECTION_ERROR" });
      // Three refusals in a row opened the breaker: the next charge is not even attempted.
      const open = await failure(createCharge(deps(down), c.t, c.userId, form("ns-ch-2")));
      expect(open).toMatchObject({ code: "CIRCUIT_OPEN", local: true });
      expect(await state("ns-ch-2")).toMatchObject({ state: "failed", errorCode: "CIRCUIT_OPEN" });
      await c.up();

      for (const ref of ["ns-ch-1", "ns-ch-2"]) {
        await createCharge(deps(ctx), c.t, c.userId, form(ref));
        expect((await state(ref)).state).toBe("created");
        expect(await c.atSandbox(ref)).toHaveLength(1);
      }
    });

    it("payouts: not sent puts the payout back in the queue; the member's same form later pays once", async () => {
      const c = await connected("Not sent payouts");
      const plan = (externalId: string) => toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount: "20", externalId, keyType: "cpf", pixKey: "529.982.247-25" }));
      const deps = (x: ApiContext) => ({ db: db(), ctx: x, publicBaseUrl: "http://127.0.0.1:9" });
      const state = async (externalId: string) =>
        (await db().select().from(schema.payouts).where(and(eq(schema.payouts.organizationId, c.t.organizationId), eq(schema.payouts.externalId, externalId))))[0]!.state;

      const down = await c.down();
      expect(callOutcome(await failure(requestPayout(deps(down), c.t, c.userId, plan("ns-po-1"))))).toBe("not-sent");
      expect(await state("ns-po-1")).toBe("queued");
      const open = await failure(requestPayout(deps(down), c.t, c.userId, plan("ns-po-2")));
      expect(open.code).toBe("CIRCUIT_OPEN");
      expect(await state("ns-po-2")).toBe("queued");
      // In the member's words: not answering, nothing sent.
      const d = describeFailure(open, "Sandbox")!;
      expect(en(d.key, d.vars)).toMatch(/^The payment provider is not answering, so nothing was sent to it\./);
      await c.up();

      for (const ref of ["ns-po-1", "ns-po-2"]) {
        expect(await requestPayout(deps(ctx), c.t, c.userId, plan(ref))).toMatchObject({ state: "sent", replayed: true });
        expect(await c.atSandbox(ref)).toHaveLength(1);
      }
    });

    it("conversions: not sent fails the conversion; executed again while the quote holds, it converts once", async () => {
      const c = await connected("Not sent conversions");
      const deps = (x: ApiContext) => ({ db: db(), ctx: x, quoteKey: QUOTE_KEY });
      const { quote: q } = await quote(deps(ctx), c.t, c.userId, { base: "BRL", destination: "USDT", amount: "100" });
      const input = { externalId: "ns-cv-1", base: q.base, destination: q.destination, amount: q.fromAmount, quote: q };
      const row = async () =>
        (await db().select().from(schema.conversions).where(and(eq(schema.conversions.organizationId, c.t.organizationId), eq(schema.conversions.externalId, "ns-cv-1"))))[0]!;

      const down = await c.down();
      const e = await failure(executeConversion(deps(down), c.t, c.userId, input));
      expect(callOutcome(e)).toBe("not-sent");
      expect(await row()).toMatchObject({ state: "failed" });
      await c.up();

      expect(await executeConversion(deps(ctx), c.t, c.userId, input)).toMatchObject({ kind: "done", replayed: false, conversion: { state: "done" } });
      expect(await c.atSandbox("ns-cv-1")).toHaveLength(1);
    });

    it("wallets: a refused connection and an open breaker are plain failures ('nothing created'), never 'we don't know'", async () => {
      const c = await connected("Not sent wallets");
      const actor = { userId: c.userId, address: null };
      const down = await c.down();
      const seen: { code: string; outcomeUnknown: boolean; text: string }[] = [];
      for (let i = 0; i < 4; i++) {
        const e = await failure(createWallet({ db: db(), ctx: down }, c.t, actor, { currency: "BRL" }));
        const f = describeWalletFailure(e, "Sandbox")!;
        seen.push({ code: f.code, outcomeUnknown: f.outcomeUnknown, text: en(f.key, f.vars) });
      }
      expect(seen.map((s) => `${s.code}:${s.outcomeUnknown}`)).toEqual(["CONNECTION_ERROR:false", "CONNECTION_ERROR:false", "CONNECTION_ERROR:false", "CIRCUIT_OPEN:false"]);
      expect(seen[3]!.text).toMatch(/nothing was sent to it/);
      expect(await db().select().from(schema.wallets).where(eq(schema.wallets.organizationId, c.t.organizationId))).toEqual([]);
      await c.up();
    });

    it("bulk payouts: rows not sent go back to the queue and the batch pauses, no row failed; the next pass sends each once", async () => {
      const c = await connected("Not sent bulk");
      const deps = (x: ApiContext) => ({ db: db(), ctx: x, publicBaseUrl: "http://127.0.0.1:9" });
      const text = ["type,amount,pix_key_type,pix_key", "pix,1.10,cpf,529.982.247-25", "pix,2.20,cpf,529.982.247-25", "pix,3.30,cpf,529.982.247-25"].join("\n");
      const created = await createBatch(deps(ctx), c.t, c.userId, { fileName: null, text, token: "not-sent" });
      const rows = () => db().select().from(schema.payouts).where(eq(schema.payouts.batchId, created.id)).orderBy(schema.payouts.rowNumber);

      const down = await c.down();
      await runBatches(deps(down), { owner: "runner-down", concurrency: 1 });
      expect((await rows()).map((r) => r.state)).toEqual(["queued", "queued", "queued"]);
      const [batch] = await db().select().from(schema.payoutBatches).where(eq(schema.payoutBatches.id, created.id));
      expect(batch).toMatchObject({ state: "sending", leaseOwner: null });
      await c.up();

      // A later pass (after the pause) sends every row, once.
      const later = () => new Date(Date.now() + 60_000);
      await runBatches(deps(ctx), { owner: "runner-up", now: later });
      const sent = await rows();
      expect(sent.map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
      for (const r of sent) expect(await c.atSandbox(r.externalId)).toHaveLength(1);
    });
  });
}
