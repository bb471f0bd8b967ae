/**
 * The provider's clock: deadlines the API sets are judged on it. The API context learns the offset
 * from the `timestamp` of the answers (here the sandbox's clock, moved forward) and keeps it in
 * PostgreSQL for every instance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { patient } from "@/test/support/patience";

for (const target of databaseTargets()) {
  describe(`provider clock [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    beforeAll(async () => {
      h = await startHarness(target);
      ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
    }, patient(60_000));
    afterAll(async () => {
      await ctx?.flush();
      await h?.dispose();
    });

    it("follows the sandbox's clock from its answers, and another instance reads the same", async () => {
      const org = await createOrganization(h.opened.db, "Clock org", ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(h.opened.db, ctx, org.organizationId, id, { userId, address: null });
      const t = { organizationId: org.organizationId, environment: "sandbox" as const };
      await ctx.call(t, { userId: null }, (c) => c.account.balance());
      expect(Math.abs((await ctx.providerNow(t)).getTime() - Date.now())).toBeLessThan(2_500);
      await h.control.advanceClock(2 * 3600);
      await ctx.call(t, { userId: null }, (c) => c.account.balance());
      const other = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
      for (const c of [ctx, other]) expect(Math.abs((await c.providerNow(t)).getTime() - (Date.now() + 2 * 3600_000))).toBeLessThan(2_500);
    });

    it("signs on the provider's clock: signed calls go through although that clock is hours from ours (beyond the 5-minute window)", async () => {
      const org = await createOrganization(h.opened.db, "Signing org", ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances: { BRL: 100 } });
      const recipient = await sandboxAccount(h, { activate: true, balances: { BRL: 0 } });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(h.opened.db, ctx, org.organizationId, id, { userId, address: null });
      const t = { organizationId: org.organizationId, environment: "sandbox" as const };
      // Known offset (from the last test's clock move, read in an answer): signed on it at once.
      await ctx.call(t, { userId: null }, (c) => c.account.balance());
      const first = await ctx.call(t, { userId: null }, (c) => c.transfers.create({ username: recipient.username, amount: 1, currency: "BRL", external_id: `sig-${id.slice(0, 8)}-1` }));
      expect(first.status).toBe("confirmed");
      // The provider's clock moves again: learnt from its next answer (the token's renewal, or an INVALID_TIMESTAMP refusal naming its time, then signed again).
      await h.control.advanceClock(3 * 3600);
      const second = await ctx.call(t, { userId: null }, (c) => c.transfers.create({ username: recipient.username, amount: 2, currency: "BRL", external_id: `sig-${id.slice(0, 8)}-2` }));
      expect(second.status).toBe("confirmed");
      const { balances } = await ctx.call(t, { userId: null }, (c) => c.account.balance());
      expect(String(balances.find((b) => b.currency === "BRL")!.available)).toBe("97");
    });
  });
}
