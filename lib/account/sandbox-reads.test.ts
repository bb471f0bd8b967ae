/**
 * The Account page's data end to end, without mocks: profile, limits and fees read from a real
 * sandbox over HTTP through the organisation's API context (shared cache in a real database:
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set), normalised; and the mirror's used amounts,
 * after a sync, equal to the API's own count.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { syncTransactions } from "@/lib/events/sync";
import { databaseTargets } from "@/test/support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "@/test/support/connect";
import { ACCOUNT_READS, type AccountReadKey } from "./reads";
import { normalizeFees, normalizeLimits, normalizeProfile } from "./normalize";
import { attachUsage, mirrorUsage } from "./usage";
import { patient } from "@/test/support/patience";

for (const target of databaseTargets()) {
  describe(`account reads against the sandbox [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    let t: { organizationId: string; environment: "sandbox" };
    let username = "";

    const read = (key: AccountReadKey) => ctx.read(t, { userId: null }, key, 60_000, ACCOUNT_READS[key]);

    beforeAll(async () => {
      h = await startHarness(target);
      ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
      const org = await createOrganization(h.opened.db, "Account reads", ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { balances: { BRL: 1000, USDT: 100 } });
      username = acct.username;
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(h.opened.db, ctx, org.organizationId, id, { userId, address: null });
      t = { organizationId: org.organizationId, environment: "sandbox" };
    }, patient(60_000));
    afterAll(async () => {
      await ctx?.flush();
      await h?.dispose();
    });

    it("shows the profile as the sandbox answers it, fresh then from the shared cache", async () => {
      const first = await read("profile");
      expect(first.cached).toBe(false);
      const profile = normalizeProfile(first.data);
      expect(profile.fields).toMatchObject({ username, kycLevel: "2", kycStatus: "approved", status: "active" });
      expect(profile.extra).toEqual([]);
      const again = await read("profile");
      expect(again.cached).toBe(true);
      expect(again.readAt).toBe(first.readAt);
      expect(normalizeProfile(again.data)).toEqual(profile);
    });

    it("shows the fees per operation, method and currency, amounts exact", async () => {
      const { entries, meta } = normalizeFees((await read("fees")).data);
      expect(meta).toEqual([]);
      const find = (operation: string, method: string | null, currency: string) => entries.find((e) => e.operation === operation && e.method === method && e.currency === currency);
      expect(find("cashin", "PIX", "BRL")).toMatchObject({ percentage: "1.5", fixed: "0", minimum: "0.1" });
      expect(find("cashout", "PIX", "BRL")).toMatchObject({ percentage: "0", fixed: "0.5", minimum: "0" });
      expect(find("cashout", "CRYPTO", "BTC")).toMatchObject({ fixed: "0.00005" });
      expect(find("conversion", null, "USDT")).toMatchObject({ percentage: "0.2" });
      expect(entries.every((e) => e.extra.length === 0)).toBe(true);
    });

    it("counts in the mirror what the API counts against each limit, after a sync", async () => {
      // a charge (pending), two payouts (one pending, one failed: it stops counting), a conversion
      await ctx.call(t, { userId: null }, (c) => c.cashin.create({ amount: 12.34, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } }));
      await ctx.call(t, { userId: null }, (c) => c.cashout.create({ amount: 20.1, currency: "BRL", key: "52998224725", key_type: "cpf" }));
      const failed = await ctx.call(t, { userId: null }, (c) => c.cashout.create({ amount: 5.55, currency: "BRL", key: "52998224725", key_type: "cpf" }));
      await h.control.simulate(failed.transaction_id, { event: "cashout.failed" });
      await ctx.call(t, { userId: null }, (c) => c.conversions.create({ base_currency: "USDT", destination_currency: "BRL", amount: 10 }));
      await syncTransactions({ db: h.opened.db, ctx }, t);

      const limits = normalizeLimits((await ctx.read(t, { userId: null }, "limits", 60_000, ACCOUNT_READS.limits, { fresh: true })).data);
      expect(limits.meta).toEqual([]);
      const usage = await mirrorUsage(h.opened.db, t);
      const lines = attachUsage(limits.entries, usage.rows);
      const line = (operation: string, currency: string) => lines.find((l) => l.operation === operation && l.currency === currency)!;

      expect(line("cashout", "BRL")).toMatchObject({ perOperationMin: "1", perOperationMax: "100000", dailyMax: "1000000", monthlyMax: "10000000" });
      expect(line("cashout", "BRL").mirror).toEqual({ today: "20.1", month: "20.1" });
      expect(line("cashin", "BRL").mirror).toEqual({ today: "12.34", month: "12.34" });
      expect(line("conversion", "USDT").mirror).toEqual({ today: "10", month: "10" });
      expect(line("transfer", "BRL").mirror).toEqual({ today: "0", month: "0" });
      // the API's own counts agree with the mirror's, limit by limit
      for (const l of lines) {
        if (!l.mirror) continue;
        expect({ key: `${l.operation} ${l.currency}`, today: l.dailyUsed, month: l.monthlyUsed }).toEqual({ key: `${l.operation} ${l.currency}`, today: l.mirror.today, month: l.mirror.month });
      }
    });
  });
}
