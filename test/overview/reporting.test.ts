/**
 * The Overview's total in a reporting currency: the decimal arithmetic with given rates, then the
 * whole path against a real sandbox over HTTP and a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): rates read through the API context's shared cache, one call per pair
 * and minute, and a rate that cannot be read (the rate budget spent) leaving its currency out.
 */
import { Money } from "@/lib/payments/money";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { ApiContext } from "@/lib/api-context/context";
import { activateCredential } from "@/lib/credentials/service";
import { rateFailureCode, readRateWith } from "@/lib/overview/rates";
import { reportingCurrencyFor, reportingTotal, type RateReader } from "@/lib/overview/reporting";
import { databaseTargets } from "../support/databases";
import { createOrganization, registerSandboxCredential, sandboxAccount, startHarness, type Harness } from "../support/connect";
import { patient } from "@/test/support/patience";

const AT = "2025-03-15T12:00:00.000Z";

/** A fixed rate table: what the API would answer, so the arithmetic can be checked to the digit. */
function table(rates: Record<string, string>): RateReader {
  return async (from, to) => {
    const rate = rates[`${from}>${to}`];
    if (!rate) throw Object.assign(new Error("no rate"), { name: "NO_RATE" });
    return { rate, at: AT, readAt: AT, cached: false };
  };
}

describe("reporting total: arithmetic", () => {
  it("converts each balance at its rate and adds up in decimals, rounding the total half up to the cent", async () => {
    const total = await reportingTotal(
      [
        { currency: "BRL", amount: "90071992547409.99" },
        { currency: "USDT", amount: "0.1" },
        { currency: "USDC", amount: "0.2" },
        { currency: "BTC", amount: "0.00012345" },
        { currency: "MXN", amount: "0" },
      ],
      "BRL",
      table({ "USDT>BRL": "5.0916", "USDC>BRL": "5.0916", "BTC>BRL": "331500.1234567891" }),
    );
    // 90071992547409.99 + 0.50916 + 1.01832 + 40.923690240740614395 = 90071992547452.441170240740614395
    expect(total).toMatchObject({ currency: "BRL", rateCurrency: "BRL", ratesAt: AT, notIncluded: [] });
    expect(total.total).toBe("90071992547452.44");
    expect(total.included).toEqual([
      { currency: "BRL", amount: "90071992547409.99", rate: "1", converted: "90071992547409.99", rateAt: null },
      { currency: "USDT", amount: "0.1", rate: "5.0916", converted: "0.50916", rateAt: AT },
      { currency: "USDC", amount: "0.2", rate: "5.0916", converted: "1.01832", rateAt: AT },
      { currency: "BTC", amount: "0.00012345", rate: "331500.1234567891", converted: "40.923690240740614395", rateAt: AT },
    ]);
    // A zero balance needs no rate and is neither included nor missing.
    expect(total.included.some((r) => r.currency === "MXN")).toBe(false);
  });

  it("rounds the total half to even on the exact decimal (1.015 → 1.02, where a float gives 1.01), the rate currency one for one", async () => {
    const read = table({});
    const usd = await reportingTotal([{ currency: "USDT", amount: "1.015" }], "USD", read);
    expect(usd).toMatchObject({ currency: "USD", rateCurrency: "USDT", total: "1.02", ratesAt: null, notIncluded: [] });
    expect((1.015).toFixed(2)).toBe("1.01");
    expect((await reportingTotal([{ currency: "USDT", amount: "1.025" }], "USDT", read)).total).toBe("1.02");
    expect((await reportingTotal([{ currency: "USDT", amount: "0.004999" }], "USDT", read)).total).toBe("0.00");
  });

  it("lists a currency whose rate cannot be read as not included, and totals the rest", async () => {
    const total = await reportingTotal(
      [
        { currency: "MXN", amount: "100.00" },
        { currency: "ETH", amount: "1.5" },
        { currency: "BRL", amount: "10" },
      ],
      "MXN",
      table({ "BRL>MXN": "3.5689" }),
      (e) => (e as Error).name,
    );
    expect(total.total).toBe("135.69");
    expect(total.notIncluded).toEqual([{ currency: "ETH", amount: "1.5", reason: "NO_RATE" }]);
    expect(total.included.map((r) => r.currency)).toEqual(["MXN", "BRL"]);
  });

  it("takes the reporting currency from ?in= when it is one, else from the member's language", () => {
    expect(reportingCurrencyFor(undefined, "en")).toBe("USD");
    expect(reportingCurrencyFor(undefined, "pt-BR")).toBe("BRL");
    expect(reportingCurrencyFor(undefined, "es-MX")).toBe("MXN");
    expect(reportingCurrencyFor("usdt", "pt-BR")).toBe("USDT");
    expect(reportingCurrencyFor("EUR", "es-MX")).toBe("MXN");
  });
});

for (const target of databaseTargets()) {
  describe(`reporting total through the API context [${target.name}]`, () => {
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
    const db = () => h.opened.db;

    async function connected(name: string, balances: Record<string, number | string>) {
      const org = await createOrganization(db(), name, ["admin"]);
      const userId = org.members[0]!.userId;
      const acct = await sandboxAccount(h, { balances: balances as Record<string, number> });
      const { id } = await registerSandboxCredential(h, org.organizationId, userId, acct.credential);
      await activateCredential(db(), ctx, org.organizationId, id, { userId, address: null });
      return { target: { organizationId: org.organizationId, environment: "sandbox" as const }, caller: { userId } };
    }

    async function balances(c: ApiContext, t: { organizationId: string; environment: "sandbox" }) {
      const b = await c.call(t, { userId: null }, (client) => client.account.balance());
      return b.balances.map((x) => ({ currency: x.currency, amount: x.available.toFixed() }));
    }

    async function rateCalls(organizationId: string) {
      await ctx.flush();
      const l = schema.apiRequestLog;
      return db()
        .select()
        .from(l)
        .where(and(eq(l.organizationId, organizationId), eq(l.path, "/v2/conversions/rate")));
    }

    it("converts the sandbox's balances at the sandbox's rates, exactly, and reads each rate once a minute", async () => {
      const { target: t, caller } = await connected("Org total", { BRL: "1234.56", USDT: "10.5", BTC: "0.00012345" });
      const read: RateReader = (from, to) => readRateWith(ctx, t, caller, from, to);
      const total = await reportingTotal(await balances(ctx, t), "BRL", read, rateFailureCode);

      expect(total.notIncluded).toEqual([]);
      const byCurrency = Object.fromEntries(total.included.map((r) => [r.currency, r]));
      expect(byCurrency.BRL).toMatchObject({ amount: "1234.56", rate: "1", converted: "1234.56" });
      // The sandbox's USDT/BRL is about 5.10 (±1 % drift and spread); BTC/BRL about 331,500.
      expect(Number(byCurrency.USDT!.rate)).toBeGreaterThan(5.0);
      expect(Number(byCurrency.USDT!.rate)).toBeLessThan(5.2);
      expect(Number(byCurrency.BTC!.rate)).toBeGreaterThan(325_000);
      expect(Number(byCurrency.BTC!.rate)).toBeLessThan(338_000);
      for (const r of total.included) expect(r.converted).toBe(new Money(r.amount).times(r.rate).toFixed());
      const sum = total.included.reduce((s, r) => s.plus(r.converted), new Money(0));
      expect(total.total).toBe(sum.toFixed(2));
      expect(Date.parse(total.ratesAt!)).not.toBeNaN();
      expect(await rateCalls(t.organizationId)).toHaveLength(2);

      // Within the minute every member gets the shared reading: no new call, the same figures.
      const again = await reportingTotal(await balances(ctx, t), "BRL", read, rateFailureCode);
      expect(again.total).toBe(total.total);
      expect((await read("USDT", "BRL")).cached).toBe(true);
      expect(await rateCalls(t.organizationId)).toHaveLength(2);
    });

    it("leaves out a currency whose rate cannot be read (the rate budget is spent, or the API quotes no such coin)", async () => {
      const { target: t, caller } = await connected("Org missing rate", { MXN: "500", BTC: "0.01", USDT: "3" });
      // One conversion-rate call a minute, and no waiting: the second pair is refused by the budget.
      const tight = new ApiContext({ db: db(), withLock: h.opened.withLock, keyring: h.keyring, limitOverrides: { "conversion-rate": 1 }, budgetWaitMs: 0 });
      const read: RateReader = (from, to) => readRateWith(tight, t, caller, from, to);
      const btc = await read("BTC", "MXN");
      const listed = [...(await balances(tight, t)), { currency: "POL", amount: "2" }];
      const total = await reportingTotal(listed, "MXN", read, rateFailureCode);
      await tight.flush();

      expect(total.included.map((r) => r.currency).sort()).toEqual(["BTC", "MXN"]);
      expect(total.included.find((r) => r.currency === "BTC")).toMatchObject({ rate: btc.rate, converted: new Money("0.01").times(btc.rate).toFixed() });
      expect(total.total).toBe(new Money("500").plus(new Money("0.01").times(btc.rate)).toFixed(2));
      const missing = Object.fromEntries(total.notIncluded.map((r) => [r.currency, r]));
      expect(missing.USDT).toEqual({ currency: "USDT", amount: "3", reason: "RATE_LIMIT_EXCEEDED" });
      expect(missing.POL).toMatchObject({ currency: "POL", amount: "2" });
      expect(missing.POL!.reason).not.toBe("UNAVAILABLE");
      // The coin the API does not list never reached it; the refused pair is logged as held back.
      const calls = await rateCalls(t.organizationId);
      expect(calls.filter((c) => !c.local)).toHaveLength(1);
      expect(calls.filter((c) => c.local && c.status === 429)).toHaveLength(1);
    });
  });
}
