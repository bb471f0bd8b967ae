/**
 * A provider that hangs (issue 25: "/account took 94 s, a payout 96 s, with the sandbox stopped"):
 * a real sandbox in its own process, stopped with SIGSTOP (connections are accepted and requests
 * taken, nothing answers), against the dashboard's API context and a real database (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set), with the product's own deadlines.
 *
 * - A page's read answers within its deadline with "the payment provider is not answering"; the
 *   next read costs no timeout (the breaker is open), the last known balance is there with its time;
 *   once the provider resumes, the half-open probe lets reads through again.
 * - A payout is refused within 20 s, in words, left "sending" (it may have been made); a second one
 *   while the breaker is open is not sent at all and waits in the queue. When the provider resumes,
 *   the member sends both again: each exists once at the sandbox, and the balance moved by exactly
 *   their amounts.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { openDatabase, type OpenedDatabase } from "@/lib/db/driver";
import { createKeyring, type Keyring } from "@/lib/security/sealing";
import { activateCredential, registerCredential } from "@/lib/credentials/service";
import { ApiContext, CALL_DEADLINES, type ApiTarget } from "@/lib/api-context/context";
import { readBalanceFor } from "@/lib/api-context/balance";
import { describeFailure } from "@/lib/api-context/describe";
import { callOutcome } from "@/lib/api-context/outcome";
import { createTranslator, getMessages } from "@/lib/i18n";
import { isPaymentApiError } from "@/lib/payment-api";
import { Money } from "@/lib/payments/money";
import { payoutFormSchema, toPayoutPlan } from "@/lib/payouts/form";
import { requestPayout } from "@/lib/payouts/service";
import { createOrganization } from "../support/connect";
import { createScratchDatabase, DASHBOARD_MIGRATIONS, databaseTargets } from "../support/databases";
import { startSandboxProcess, type SandboxProcess } from "../support/sandbox-process";
import { patient } from "@/test/support/patience";

const en = createTranslator(getMessages("en"), "en");
const words = (e: unknown) => {
  const d = describeFailure(e, "Sandbox");
  return d ? en(d.key, d.vars) : null;
};
const elapsed = async <T>(p: Promise<T>) => {
  const t0 = performance.now();
  const value = await p.then(
    (v) => v as unknown,
    (e: unknown) => e,
  );
  return { value, ms: performance.now() - t0 };
};
const pix = (externalId: string, amount: string) => toPayoutPlan(payoutFormSchema.parse({ kind: "pix", amount, externalId, keyType: "cpf", pixKey: "529.982.247-25" }));

// The databases' suites run side by side (each has its own database and sandbox process; their time
// is mostly waiting on deadlines and the breaker's cool-down), each suite's tests one after the other
// (they stop and resume the same sandbox).
for (const target of databaseTargets()) {
  describe.concurrent(`a provider that hangs [${target.name}]`, () => {
    let opened: OpenedDatabase<typeof schema>;
    let drop: (() => Promise<void>) | undefined;
    let keyring: Keyring;
    let sandbox: SandboxProcess;
    const contexts: ApiContext[] = [];

    beforeAll(async () => {
      let url: string | undefined;
      if (target.url) ({ url, drop } = await createScratchDatabase(target.url, "dash_test"));
      opened = await openDatabase({ url, schema, migrationsFolder: DASHBOARD_MIGRATIONS, poolMax: 8 });
      keyring = createKeyring(randomBytes(32).toString("base64"));
      sandbox = await startSandboxProcess();
    }, patient(90_000));
    afterAll(async () => {
      for (const c of contexts) await c.flush();
      await sandbox?.close();
      await opened?.close();
      await drop?.();
    });

    /** An organisation connected to the sandbox process, and a context of its own (its breakers are fresh). */
    async function connected(name: string) {
      const db = opened.db;
      const org = await createOrganization(db, name, ["admin"]);
      const userId = org.members[0]!.userId;
      const username = `hang_${randomBytes(4).toString("hex")}`;
      const acct = await sandbox.control.createAccount({ username, balances: { BRL: 1000 } });
      await sandbox.control.activate(acct.credential.client_id);
      const actor = { userId, address: "127.0.0.1" };
      const { id } = await registerCredential(db, keyring, org.organizationId, actor, {
        name: "Hanging sandbox",
        environment: "sandbox",
        baseUrl: sandbox.url,
        clientId: acct.credential.client_id,
        clientSecret: acct.credential.client_secret,
        signingKey: acct.credential.signing_key,
      });
      const ctx = new ApiContext({ db, withLock: opened.withLock, keyring });
      contexts.push(ctx);
      await activateCredential(db, ctx, org.organizationId, id, actor);
      const t: ApiTarget & { environment: "sandbox" } = { organizationId: org.organizationId, environment: "sandbox" };
      return { ctx, t, userId, credentialId: id };
    }

    it.sequential("a page's read answers within its deadline saying so; the next costs no timeout; the last known balance stays; reads work again once it resumes", async () => {
      const { ctx, t, userId, credentialId } = await connected("Hanging reads");
      const first = await readBalanceFor(ctx, t, { userId }, { fresh: true });
      expect(first.data.find((b) => b.currency === "BRL")?.available).toBe("1000");

      sandbox.stop();
      try {
        const one = await elapsed(readBalanceFor(ctx, t, { userId }, { fresh: true }));
        expect(isPaymentApiError(one.value) && one.value.code).toBe("TIMEOUT");
        expect(one.ms).toBeGreaterThan(CALL_DEADLINES.page.deadlineMs! - 500);
        expect(one.ms).toBeLessThan(CALL_DEADLINES.page.deadlineMs! + 1_500);
        expect(words(one.value)).toMatch(/^The payment provider is not answering\. What the dashboard keeps still works/);
        expect(await ctx.providerStatus(t)).toMatchObject({ answering: false, since: expect.any(String) });

        // The breaker is open: the next read is refused before anything is sent, at once.
        const two = await elapsed(readBalanceFor(ctx, t, { userId }, { fresh: true }));
        expect(isPaymentApiError(two.value) && two.value.code).toBe("CIRCUIT_OPEN");
        // A quarter of the page's 4 s deadline at most: nothing waits on the provider (a bound in
        // milliseconds is a bound on the machine's load: the payout's below once took 563 ms).
        expect(two.ms).toBeLessThan(CALL_DEADLINES.page.deadlineMs! / 4);
        expect(callOutcome(two.value)).toBe("not-sent");
        expect(words(two.value)).toMatch(/^The payment provider is not answering, so nothing was sent to it\. The dashboard tries it again by itself within \d+ seconds?\./);

        // What the page shows meanwhile: the last balance read, with its time.
        expect(await ctx.lastKnown(t, "balance")).toMatchObject({ data: first.data, readAt: first.readAt, stale: true });
        await ctx.flush();
        const logged = await opened.db.select().from(schema.apiRequestLog).where(and(eq(schema.apiRequestLog.credentialId, credentialId), eq(schema.apiRequestLog.errorCode, "CIRCUIT_OPEN")));
        expect(logged).toMatchObject([{ local: true, status: 0, path: "/v2/account/balance" }]);
      } finally {
        sandbox.resume();
      }

      // After the cool-down the next read is the probe; the provider answers, the breaker closes.
      const status = await ctx.providerStatus(t);
      await new Promise((r) => setTimeout(r, status.answering ? 0 : status.retryInSeconds * 1000 + 100));
      const back = await readBalanceFor(ctx, t, { userId }, { fresh: true });
      expect(back.data).toEqual(first.data);
      expect(back.stale).toBeUndefined();
      expect(await ctx.providerStatus(t)).toEqual({ answering: true });
    }, patient(60_000));

    it.sequential("a payout is refused within 20 s in words and cannot pay twice; one sent while the breaker is open waits unsent; both go once when it resumes", async () => {
      const { ctx, t, userId } = await connected("Hanging payouts");
      const deps = { db: opened.db, ctx, publicBaseUrl: "http://127.0.0.1:9" };
      const row = async (externalId: string) =>
        (await opened.db.select().from(schema.payouts).where(and(eq(schema.payouts.organizationId, t.organizationId), eq(schema.payouts.externalId, externalId))))[0]!;
      await readBalanceFor(ctx, t, { userId }, { fresh: true }); // the token is in hand: what hangs is the payout itself

      sandbox.stop();
      try {
        const one = await elapsed(requestPayout(deps, t, userId, pix("hang-po-1", "12,50")));
        expect(isPaymentApiError(one.value) && one.value.code).toBe("TIMEOUT");
        expect(one.ms).toBeLessThan(20_000);
        // It may have reached the provider: "sending", and the Send page says so in words.
        expect(callOutcome(one.value)).toBe("unknown");
        expect(await ctx.providerStatus(t)).toMatchObject({ answering: false }); // the retry was not sent
        expect(en("send.errors.unknownOutcome")).toMatch(/may have been made: send it again unchanged \(it will not pay twice\)/);
        expect((await row("hang-po-1")).state).toBe("sending");

        const two = await elapsed(requestPayout(deps, t, userId, pix("hang-po-2", "7,25")));
        expect(isPaymentApiError(two.value) && two.value.code).toBe("CIRCUIT_OPEN");
        // At once: nothing waits on the provider (one attempt would wait the action's 10 s timeout).
        // What it takes is the payout's own rows in the database: ≈ 0.1 s, 563 ms seen with both
        // cores saturated (journeys, two builds), so the bound is a fifth of one attempt, not 500 ms.
        expect(two.ms).toBeLessThan(2_000);
        expect(callOutcome(two.value)).toBe("not-sent");
        expect(words(two.value)).toMatch(/nothing was sent to it/);
        expect((await row("hang-po-2")).state).toBe("queued");
      } finally {
        sandbox.resume();
      }

      const status = await ctx.providerStatus(t);
      await new Promise((r) => setTimeout(r, status.answering ? 0 : status.retryInSeconds * 1000 + 100));
      // The member sends both again, unchanged.
      expect(await requestPayout(deps, t, userId, pix("hang-po-1", "12,50"))).toMatchObject({ state: "sent", replayed: true });
      expect(await requestPayout(deps, t, userId, pix("hang-po-2", "7,25"))).toMatchObject({ state: "sent", replayed: true });
      const at = async (externalId: string) => (await ctx.call(t, { userId: null }, (c) => c.transactions.list({ external_id: externalId }))).items;
      expect(await at("hang-po-1")).toHaveLength(1);
      expect(await at("hang-po-2")).toHaveLength(1);
      const after = (await readBalanceFor(ctx, t, { userId: null }, { fresh: true })).data.find((b) => b.currency === "BRL")!.available;
      expect(after).toBe(new Money("1000").minus("12.50").minus("7.25").toFixed());
    }, patient(90_000));
  });
}
