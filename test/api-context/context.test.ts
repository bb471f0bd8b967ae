/**
 * The organisation's API context against a real sandbox over HTTP and a real database (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set): credentials registered, tested, activated, rotated and
 * revoked; the shared token; the rate budget; the read cache; the request log; isolation between
 * organisations; a changed encryption key.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext, ApiContextError } from "@/lib/api-context/context";
import { createKeyring, hintOf, sealedWith } from "@/lib/security/sealing";
import { reencryptCredentials } from "@/lib/credentials/reencrypt";
import { activateCredential, CredentialChangeRefused, listCredentials, revokeCredential, testCredential } from "@/lib/credentials/service";
import { isPaymentApiError, PaymentApiError } from "@/lib/payment-api";
import { databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { eventually } from "../support/eventually";

for (const target of databaseTargets()) {
  describe(`organisation API context [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    beforeAll(async () => {
      h = await startHarness(target);
      ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
    });
    afterAll(async () => {
      await ctx?.flush();
      await h?.dispose();
    });

    const db = () => h.opened.db;
    const log = async (organizationId: string) => {
      await ctx.flush();
      return db().select().from(schema.apiRequestLog).where(eq(schema.apiRequestLog.organizationId, organizationId));
    };

    it("registers a credential pending, masked, with its secrets sealed; a pending one fails its test in the API's words, then passes once activated", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org pending", ["admin", "operator"]);
      const [, operator] = members;
      const acct = await sandboxAccount(h, { activate: false });
      const { id } = await registerSandboxCredential(h, organizationId, operator!.userId, acct.credential);

      const [dto] = await listCredentials(db(), organizationId);
      expect(dto).toMatchObject({ id, status: "pending", clientId: acct.credential.client_id, createdBy: { id: operator!.userId } });
      expect(acct.credential.client_secret.endsWith(dto!.clientSecretHint)).toBe(true);
      expect(JSON.stringify(dto)).not.toContain(acct.credential.client_secret);
      expect(JSON.stringify(dto)).not.toContain(acct.credential.signing_key);
      const [row] = await db().select().from(schema.apiCredentials).where(eq(schema.apiCredentials.id, id));
      expect(row!.clientSecretCiphertext).not.toContain(acct.credential.client_secret);
      expect(row!.signingKeyCiphertext).not.toContain(acct.credential.signing_key);

      const actor = { userId: members[0]!.userId, address: null };
      const failed = await testCredential(db(), ctx, organizationId, id, actor);
      expect(failed).toMatchObject({ ok: false, code: "CREDENTIAL_PENDING_ADMIN_ACTIVATION", status: 403 });
      // Nothing to activate in the dashboard while the provider refuses it.
      await expect(activateCredential(db(), ctx, organizationId, id, actor)).rejects.toMatchObject({ code: "CONNECTION_FAILED" });

      await h.control.activate(acct.credential.client_id);
      expect(await testCredential(db(), ctx, organizationId, id, actor)).toMatchObject({ ok: true });
      await activateCredential(db(), ctx, organizationId, id, actor);
      const balance = await ctx.call({ organizationId, environment: "sandbox" }, { userId: actor.userId }, (c) => c.account.balance());
      expect(balance.balances.find((b) => b.currency === "BRL")?.available.toFixed(2)).toBe("1000.00");
      const [audit] = await db()
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.organizationId, organizationId), eq(schema.auditLog.action, "credential.activated")));
      expect(audit).toMatchObject({ userId: actor.userId, target: id });
    });

    it("refuses activation by the admin who registered it when the organisation has two admins", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org four eyes", ["admin", "admin"]);
      const [first, second] = members;
      const acct = await sandboxAccount(h);
      const { id } = await registerSandboxCredential(h, organizationId, first!.userId, acct.credential);
      await expect(activateCredential(db(), ctx, organizationId, id, { userId: first!.userId, address: null })).rejects.toMatchObject({ code: "SELF_ACTIVATION" });
      await activateCredential(db(), ctx, organizationId, id, { userId: second!.userId, address: null });
      expect((await listCredentials(db(), organizationId))[0]).toMatchObject({ status: "active", activatedBy: { id: second!.userId } });
    });

    it("a sole admin may activate what they registered", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org sole admin", ["admin"]);
      const acct = await sandboxAccount(h);
      const { id } = await registerSandboxCredential(h, organizationId, members[0]!.userId, acct.credential);
      await activateCredential(db(), ctx, organizationId, id, { userId: members[0]!.userId, address: null });
    });

    it("rotates without a failed call in between, and revocation is immediate", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org rotation", ["admin"]);
      const actor = { userId: members[0]!.userId, address: null };
      const acct = await sandboxAccount(h, { balances: { BRL: 50 } });
      const first = await registerSandboxCredential(h, organizationId, actor.userId, acct.credential, "First");
      await activateCredential(db(), ctx, organizationId, first.id, actor);
      // A second credential of the same account, then rotate while reads keep going.
      const second = await h.control.createCredential({ username: acct.username });
      await h.control.activate(second.credential.client_id);
      const next = await registerSandboxCredential(h, organizationId, actor.userId, second.credential, "Second");

      const target = { organizationId, environment: "sandbox" as const };
      let stop = false;
      const failures: unknown[] = [];
      let reads = 0;
      const reader = (async () => {
        while (!stop) {
          try {
            await ctx.call(target, { userId: null }, (c) => c.account.balance());
            reads++;
          } catch (e) {
            failures.push(e);
          }
        }
      })();
      await eventually(() => reads, (n) => n >= 2, 10_000, "reads before the switch");
      const { replaced } = await activateCredential(db(), ctx, organizationId, next.id, actor);
      const readsAtSwitch = reads;
      await eventually(() => reads, (n) => n >= readsAtSwitch + 2, 10_000, "reads after the switch");
      stop = true;
      await reader;
      expect(replaced).toBe(first.id);
      expect(failures).toEqual([]);
      expect(reads).toBeGreaterThan(2);
      expect((await ctx.credential(target)).id).toBe(next.id);
      const statuses = Object.fromEntries((await listCredentials(db(), organizationId)).map((c) => [c.name, c.status]));
      expect(statuses).toEqual({ First: "retired", Second: "active" });

      await revokeCredential(db(), ctx, organizationId, next.id, actor);
      await expect(ctx.call(target, { userId: null }, (c) => c.account.balance())).rejects.toMatchObject({ code: "NO_ACTIVE_CREDENTIAL" });
      await expect(ctx.call({ organizationId, credentialId: next.id }, { userId: null }, (c) => c.account.balance())).rejects.toMatchObject({ code: "CREDENTIAL_REVOKED" });
      const [row] = await db().select().from(schema.apiCredentials).where(eq(schema.apiCredentials.id, next.id));
      expect(row).toMatchObject({ status: "revoked", clientSecretCiphertext: null, signingKeyCiphertext: null });
      expect(await db().select().from(schema.apiTokens).where(eq(schema.apiTokens.credentialId, next.id))).toEqual([]);
    });

    it("never lets one organisation use another's credential by id", async () => {
      const a = await createOrganization(db(), "Org A", ["admin"]);
      const b = await createOrganization(db(), "Org B", ["admin"]);
      const acct = await sandboxAccount(h);
      const { id } = await registerSandboxCredential(h, a.organizationId, a.members[0]!.userId, acct.credential);
      const bActor = { userId: b.members[0]!.userId, address: null };
      await expect(ctx.call({ organizationId: b.organizationId, credentialId: id }, bActor, (c) => c.account.balance())).rejects.toMatchObject({ code: "CREDENTIAL_NOT_FOUND" });
      await expect(testCredential(db(), ctx, b.organizationId, id, bActor)).rejects.toBeInstanceOf(CredentialChangeRefused);
      await expect(activateCredential(db(), ctx, b.organizationId, id, bActor)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(revokeCredential(db(), ctx, b.organizationId, id, bActor)).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect((await listCredentials(db(), a.organizationId))[0]!.status).toBe("pending");
      expect(await listCredentials(db(), b.organizationId)).toEqual([]);
    });

    it("shares one token between contexts (instances), caches reads with when they were read, and logs every call without secrets", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org token", ["admin"]);
      const actor = { userId: members[0]!.userId, address: null };
      const acct = await sandboxAccount(h);
      const { id } = await registerSandboxCredential(h, organizationId, actor.userId, acct.credential);
      await activateCredential(db(), ctx, organizationId, id, actor);
      const other = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
      const target = { organizationId, environment: "sandbox" as const };
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? ctx : other).call(target, { userId: actor.userId }, (c) => c.account.profile())),
      );
      await other.flush();
      const rows = await log(organizationId);
      // One token for the twenty calls (activation's test used a token of its own, not the shared one).
      const tokens = rows.filter((r) => r.path === "/v2/oauth/token");
      expect(tokens.length).toBe(2);
      expect(rows.filter((r) => r.path === "/v2/account/info/profile" && r.status === 200).length).toBe(20);
      expect(rows.every((r) => r.userId === actor.userId)).toBe(true);
      const profile = rows.find((r) => r.path === "/v2/account/info/profile")!;
      expect(profile.requestId).toMatch(/\S+/);
      expect(profile.latencyMs).toBeGreaterThanOrEqual(0);
      const dump = JSON.stringify(rows);
      expect(dump).not.toContain(acct.credential.client_secret);
      expect(dump).not.toContain(acct.credential.signing_key);
      expect(dump).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT

      const first = await ctx.read(target, { userId: null }, "balance", 60_000, async (c) => (await c.account.balance()).balances.length);
      const second = await other.read(target, { userId: null }, "balance", 60_000, async () => {
        throw new Error("should be served from the shared cache");
      });
      expect(first.cached).toBe(false);
      expect(second).toMatchObject({ cached: true, readAt: first.readAt, data: first.data });
      const fresh = await ctx.read(target, { userId: null }, "balance", 60_000, async (c) => (await c.account.balance()).balances.length, { fresh: true });
      expect(fresh.cached).toBe(false);
      expect(Date.parse(fresh.readAt)).toBeGreaterThanOrEqual(Date.parse(first.readAt));
    });

    it("holds calls to the budget: beyond it the member is told when to try again, and the API never answers 429", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org budget", ["admin"]);
      const actor = { userId: members[0]!.userId, address: null };
      const acct = await sandboxAccount(h);
      const { id } = await registerSandboxCredential(h, organizationId, actor.userId, acct.credential);
      await activateCredential(db(), ctx, organizationId, id, actor);
      const small = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring, limitOverrides: { fees: 5 }, budgetWaitMs: 200 });
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => small.call({ organizationId, environment: "sandbox" }, { userId: actor.userId }, (c) => c.account.fees())),
      );
      const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as PaymentApiError);
      expect(results.filter((r) => r.status === "fulfilled").length).toBe(5);
      expect(refused.length).toBe(3);
      for (const e of refused) {
        expect(isPaymentApiError(e)).toBe(true);
        expect(e).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", status: 429, details: { source: "dashboard_budget" } });
        expect(Number(e.details?.["retry_after_seconds"])).toBeGreaterThan(50);
      }
      await small.flush();
      const rows = (await log(organizationId)).filter((r) => r.path === "/v2/account/fees");
      expect(rows.filter((r) => r.local).length).toBe(3);
      expect(rows.filter((r) => !r.local && r.status === 429).length).toBe(0);
    });

    it("says so in its own words when the encryption key changed, and when nothing is connected", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org key", ["admin"]);
      const actor = { userId: members[0]!.userId, address: null };
      const target = { organizationId, environment: "sandbox" as const };
      await expect(ctx.call(target, { userId: null }, (c) => c.account.balance())).rejects.toEqual(expect.objectContaining({ code: "NO_ACTIVE_CREDENTIAL" }));
      const acct = await sandboxAccount(h);
      const { id } = await registerSandboxCredential(h, organizationId, actor.userId, acct.credential);
      await activateCredential(db(), ctx, organizationId, id, actor);
      const rekeyed = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: createKeyring(randomBytes(32).toString("base64")) });
      const error = await rekeyed.call(target, { userId: null }, (c) => c.account.balance()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiContextError);
      expect(error).toMatchObject({ code: "CREDENTIAL_UNREADABLE" });
      expect(String((error as Error).message)).not.toContain(acct.credential.client_secret);
    });

    it("rotates the encryption key: the old key as a previous key still opens, re-encryption moves everything to the new one", async () => {
      const { organizationId, members } = await createOrganization(db(), "Org rekey", ["admin"]);
      const actor = { userId: members[0]!.userId, address: null };
      const target = { organizationId, environment: "sandbox" as const };
      const acct = await sandboxAccount(h);
      const { id } = await registerSandboxCredential(h, organizationId, actor.userId, acct.credential);
      await activateCredential(db(), ctx, organizationId, id, actor);
      const balance = await ctx.call(target, { userId: null }, (c) => c.account.balance());
      const oldKey = h.keyring.current.key.toString("base64");
      const newKey = randomBytes(32).toString("base64");
      const both = createKeyring(newKey, oldKey);
      const during = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: both });
      expect(await during.call(target, { userId: null }, (c) => c.account.balance())).toEqual(balance);
      const report = await reencryptCredentials(db(), both);
      expect(report.credentials).toBeGreaterThanOrEqual(1);
      const [row] = await db().select().from(schema.apiCredentials).where(eq(schema.apiCredentials.id, id));
      expect(sealedWith(row!.clientSecretCiphertext!)).toBe(both.current.id);
      expect(row!.clientSecretHint).toBe(hintOf(acct.credential.client_secret));
      const after = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: createKeyring(newKey) });
      expect(await after.call(target, { userId: null }, (c) => c.account.balance())).toEqual(balance);
      expect((await reencryptCredentials(db(), both)).credentials).toBe(0);
      await Promise.all([during.flush(), after.flush()]);
    });
  });
}
