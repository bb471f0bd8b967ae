/**
 * Conversions (Convert) against a real sandbox over HTTP and a real database (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set): a quote executed moves both balances by exactly the answered
 * amounts; the same reference executes once whatever the retries (twice in a row, twice at once, after
 * a network fault that lost the answer); an expired quote (the sandbox's clock moved on) is quoted
 * again instead of executed; a refusal marks the conversion failed and moves nothing; a quote the
 * server did not seal is refused.
 */
import { and, eq } from "drizzle-orm";
import { Decimal } from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { readBalanceFor } from "@/lib/api-context/balance";
import { activateCredential } from "@/lib/credentials/service";
import { isPaymentApiError } from "@/lib/payment-api";
import { conversionAmount, conversionQuoteFormSchema } from "@/lib/conversions/form";
import { executeConversion, listConversions, quote, rate, type ConversionDeps } from "@/lib/conversions/service";
import { databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { patient } from "@/test/support/patience";

const QUOTE_KEY = "test-quote-key-0123456789abcdef0123456789abcdef";

describe("the Convert form's amount", () => {
  it("reads the member's way of writing it and keeps it exact", () => {
    const parse = (amount: string) => conversionQuoteFormSchema.safeParse({ base: "BRL", destination: "USDT", amount });
    expect(conversionAmount(parse("1.234,56").data!.amount)).toBe("1234.56"); // pt-BR
    expect(conversionAmount(parse("1,234.56").data!.amount)).toBe("1234.56"); // en, es-MX
    expect(conversionAmount(parse("0,1").data!.amount)).toBe("0.1");
    // ambiguous "1,234" reads as 1.234 (the comma last): refused for BRL's 2 places, never taken as 1234
    expect(parse("1,234").error?.issues[0]?.message).toBe("convert.errors.amountDecimals|places=2");
    expect(parse("10,555").error?.issues[0]?.message).toBe("convert.errors.amountDecimals|places=2");
    expect(parse("abc").error?.issues[0]?.message).toBe("convert.errors.amountInvalid");
    expect(parse("0").error?.issues[0]?.message).toBe("convert.errors.amountPositive");
    expect(conversionQuoteFormSchema.safeParse({ base: "BRL", destination: "BRL", amount: "1" }).error?.issues[0]?.message).toBe("convert.errors.sameCurrency");
    // ETH has 18 decimals, but a JSON number cannot carry 20 significant digits exactly
    expect(conversionQuoteFormSchema.safeParse({ base: "ETH", destination: "USDT", amount: "12.123456789012345678" }).error?.issues[0]?.message).toBe("convert.errors.amountPrecision");
  });
});

for (const target of databaseTargets()) {
  describe(`conversions [${target.name}]`, () => {
    let h: Harness;
    let ctx: ApiContext;
    const db = () => h.opened.db;
    const deps = (c: ApiContext = ctx): ConversionDeps => ({ db: db(), ctx: c, quoteKey: QUOTE_KEY });
    type Conn = { target: { organizationId: string; environment: "sandbox" }; userId: string };

    async function connected(name: string, balances: Record<string, number> = { BRL: 1000, USDT: 100 }): Promise<Conn> {
      const org = await createOrganization(db(), name, ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { activate: true, balances });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId, address: null });
      return { target: { organizationId: org.organizationId, environment: "sandbox" }, userId };
    }
    const balances = async (c: Conn) => {
      const read = await readBalanceFor(ctx, c.target, { userId: null }, { fresh: true });
      return (cur: string) => new Decimal(read.data.find((b) => b.currency === cur)?.available ?? "0");
    };
    const atSandbox = async (c: Conn, externalId: string) => (await ctx.call(c.target, { userId: null }, (cl) => cl.transactions.list({ external_id: externalId }))).items;
    const row = async (c: Conn, externalId: string) =>
      (
        await db()
          .select()
          .from(schema.conversions)
          .where(and(eq(schema.conversions.organizationId, c.target.organizationId), eq(schema.conversions.externalId, externalId)))
      )[0];
    const pair = { base: "BRL", destination: "USDT", amount: "100" };
    const exec = (c: Conn, externalId: string, q: Awaited<ReturnType<typeof quote>>["quote"], over: ApiContext = ctx) =>
      executeConversion(deps(over), c.target, c.userId, { externalId, base: q.base, destination: q.destination, amount: q.fromAmount, quote: q });

    beforeAll(async () => {
      h = await startHarness(target);
      ctx = new ApiContext({ db: h.opened.db, withLock: h.opened.withLock, keyring: h.keyring });
    }, patient(60_000));
    afterAll(async () => {
      await ctx?.flush();
      await h?.dispose();
    });

    it("reads the live rate, quotes, and executes: both balances move by exactly the answered amounts", async () => {
      const c = await connected("Convert org");
      const live = await rate(deps(), c.target, c.userId, pair);
      expect(new Decimal(live.rate).gt(0)).toBe(true);
      expect(Date.parse(live.at)).toBeGreaterThan(0);

      const before = await balances(c);
      const { quote: q, msLeft } = await quote(deps(), c.target, c.userId, { ...pair, amount: "100.5" });
      expect(msLeft).toBeGreaterThan(25_000);
      // The quote's 30 s, on the provider's clock as the dashboard estimates it: the sandbox shares this
      // machine's clock, so the estimate's offset (half a loaded round trip, CI saw −11 ms) is all it adds.
      expect(msLeft).toBeLessThanOrEqual(30_000 - (await deps().ctx.clockOffsetMs(c.target)));
      expect(q).toMatchObject({ base: "BRL", destination: "USDT", fromAmount: "100.5", fee: "0.2", spread: "0.5" });
      // to_amount = (amount − fee) × rate, rounded down to USDT's 6 places
      expect(new Decimal(q.toAmount).equals(new Decimal("100.3").times(q.rate).toDecimalPlaces(6, Decimal.ROUND_DOWN))).toBe(true);

      const r = await exec(c, "cv-exact-1", q);
      if (r.kind !== "done") throw new Error("expected the conversion to be executed");
      expect(r.replayed).toBe(false);
      expect(r.conversion).toMatchObject({ state: "done", externalId: "cv-exact-1", amountFrom: "100.5", amountTo: q.toAmount, rate: q.rate, fee: "0.2", status: "confirmed" });

      const after = await balances(c);
      expect(after("BRL").equals(before("BRL").minus("100.5"))).toBe(true);
      expect(after("USDT").equals(before("USDT").plus(q.toAmount))).toBe(true);
      // the result's balances are the balance read after the conversion
      expect(new Decimal(r.balances!.base!).equals(after("BRL"))).toBe(true);
      expect(new Decimal(r.balances!.destination!).equals(after("USDT"))).toBe(true);

      // the mirror has it as a conversion, with both sides (what the balance reconciliation reads)
      const [tx] = await db()
        .select()
        .from(schema.transactions)
        .where(and(eq(schema.transactions.organizationId, c.target.organizationId), eq(schema.transactions.transactionId, r.conversion.conversionId!)));
      expect(tx).toMatchObject({ type: "conversion", source: "conversion", status: "confirmed", currency: "BRL", amount: "100.5", externalId: "cv-exact-1" });
      expect(tx!.raw).toMatchObject({ counter_currency: "USDT", counter_amount: q.toAmount });
      const listed = await listConversions(db(), c.target);
      expect(listed.map((x) => x.externalId)).toEqual(["cv-exact-1"]);
    });

    it("the same reference executes once: twice in a row, and twice at the same moment", async () => {
      const c = await connected("Once org");
      const before = await balances(c);
      const { quote: q } = await quote(deps(), c.target, c.userId, pair);
      const first = await exec(c, "cv-twice", q);
      const again = await exec(c, "cv-twice", q); // a resubmit after a reload
      expect(first.kind === "done" && first.replayed).toBe(false);
      expect(again.kind === "done" && again.replayed).toBe(true);
      expect(again.kind === "done" && again.conversion.id).toBe(first.kind === "done" && first.conversion.id);
      expect(await atSandbox(c, "cv-twice")).toHaveLength(1);

      const { quote: q2 } = await quote(deps(), c.target, c.userId, { ...pair, amount: "50" });
      const both = await Promise.all([exec(c, "cv-double-click", q2), exec(c, "cv-double-click", q2)]);
      expect(both.every((r) => r.kind === "done")).toBe(true);
      expect(both.filter((r) => r.kind === "done" && !r.replayed)).toHaveLength(1); // audited once
      expect(await atSandbox(c, "cv-double-click")).toHaveLength(1);

      const after = await balances(c);
      expect(after("BRL").equals(before("BRL").minus(150))).toBe(true);
      expect(after("USDT").equals(before("USDT").plus(q.toAmount).plus(q2.toAmount))).toBe(true);
    });

    it("an expired quote (the provider's clock moved past expires_at) is quoted again, not executed", async () => {
      const c = await connected("Expiry org");
      const before = await balances(c);
      const { quote: old } = await quote(deps(), c.target, c.userId, pair);
      await h.control.advanceClock(31);
      const r = await exec(c, "cv-expired", old);
      if (r.kind !== "requoted") throw new Error("expected a new quote");
      expect(r.previous).toEqual(old);
      expect(Date.parse(r.quote.expiresAt)).toBeGreaterThan(Date.parse(old.expiresAt));
      expect(r.msLeft).toBeGreaterThan(25_000);
      expect(new Decimal(r.difference).equals(new Decimal(r.quote.toAmount).minus(old.toAmount))).toBe(true);
      // nothing was sent or written
      expect(await atSandbox(c, "cv-expired")).toHaveLength(0);
      expect(await row(c, "cv-expired")).toBeUndefined();
      const unchanged = await balances(c);
      expect(unchanged("BRL").equals(before("BRL"))).toBe(true);

      // the member confirms the new quote (a new reference): executed at the new quote's figures
      const done = await exec(c, "cv-requoted", r.quote);
      if (done.kind !== "done") throw new Error("expected the conversion to be executed");
      expect(done.conversion).toMatchObject({ amountTo: r.quote.toAmount, rate: r.quote.rate });
    });

    it("a refusal (more than the balance) marks it failed with the API's code and moves nothing", async () => {
      const c = await connected("Refusal org", { BRL: 1000 });
      const before = await balances(c);
      const { quote: q } = await quote(deps(), c.target, c.userId, { ...pair, amount: "5000" });
      const e = await exec(c, "cv-too-much", q).catch((x: unknown) => x);
      expect(isPaymentApiError(e) && e.code).toBe("INSUFFICIENT_BALANCE");
      expect(await row(c, "cv-too-much")).toMatchObject({ state: "failed", errorCode: "INSUFFICIENT_BALANCE", conversionId: null });
      expect(await atSandbox(c, "cv-too-much")).toHaveLength(0);
      const after = await balances(c);
      expect(after("BRL").equals(before("BRL"))).toBe(true);
      expect(after("USDT").equals(before("USDT"))).toBe(true);
      const [listed] = await listConversions(db(), c.target);
      expect(listed).toMatchObject({ state: "failed", errorCode: "INSUFFICIENT_BALANCE" });
    });

    it("a lost answer leaves it sending; the retry with the same reference executes once", async () => {
      const c = await connected("Lost answer org");
      const before = await balances(c);
      let dropped = 0;
      const lossy = new ApiContext({
        db: db(),
        withLock: h.opened.withLock,
        keyring: h.keyring,
        client: { maxRetries: 0 },
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          if (String(input).endsWith("/v2/conversions/new") && dropped === 0) {
            dropped++;
            throw new TypeError("fetch failed: socket hang up");
          }
          return res;
        },
      });
      const { quote: q } = await quote(deps(), c.target, c.userId, pair);
      const lost = await exec(c, "cv-lost", q, lossy).catch((e: unknown) => e);
      expect(isPaymentApiError(lost) && lost.code).toBe("CONNECTION_ERROR");
      expect(dropped).toBe(1);
      expect(await row(c, "cv-lost")).toMatchObject({ state: "sending", conversionId: null });
      expect(await atSandbox(c, "cv-lost")).toHaveLength(1); // the provider did convert

      const retried = await exec(c, "cv-lost", q);
      if (retried.kind !== "done") throw new Error("expected the conversion to be recorded");
      expect(retried.replayed).toBe(false); // this call recorded it: the one audit entry
      expect(retried.conversion).toMatchObject({ state: "done", amountTo: q.toAmount });
      expect(await atSandbox(c, "cv-lost")).toHaveLength(1);
      const after = await balances(c);
      expect(after("BRL").equals(before("BRL").minus(100))).toBe(true);
      expect(after("USDT").equals(before("USDT").plus(q.toAmount))).toBe(true);
      await lossy.flush();
    });

    it("a quote the server did not seal, or another organisation's, is refused before anything is sent", async () => {
      const c = await connected("Seal org");
      const other = await connected("Other seal org");
      const { quote: q } = await quote(deps(), c.target, c.userId, pair);
      await expect(exec(c, "cv-forged", { ...q, toAmount: new Decimal(q.toAmount).times(2).toFixed() })).rejects.toMatchObject({ code: "QUOTE_INVALID" });
      await expect(exec(c, "cv-forged", { ...q, expiresAt: new Date(Date.now() + 3600_000).toISOString() })).rejects.toMatchObject({ code: "QUOTE_INVALID" });
      await expect(exec(other, "cv-forged", q)).rejects.toMatchObject({ code: "QUOTE_INVALID" });
      expect(await atSandbox(c, "cv-forged")).toHaveLength(0);
      expect(await row(c, "cv-forged")).toBeUndefined();
    });
  });
}
