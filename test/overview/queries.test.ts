/**
 * The Overview's SQL over the transaction mirror, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
 * daily cash-in/cash-out activity (zero days, day boundaries in the member's time zone, completed sums
 * and counts, failed/expired/cancelled counts, one currency, exact NUMERIC sums), the currencies by
 * activity, the latest rows and the open reconciliation findings. Rows are written into the mirror
 * table as the sync would leave them.
 */
import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { dailyActivity, latestRows, openFindings, volumeCurrencies } from "@/lib/overview/queries";
import { describeEachDatabase } from "../support/databases";
import type { Db, Scope } from "@/lib/db/scope";

type Row = {
  at: string;
  amount: string;
  currency?: string;
  type?: string;
  status?: string;
  source?: string;
  method?: string;
};

async function organization(db: Db, name: string): Promise<string> {
  const [org] = await db.insert(schema.organizations).values({ name }).returning();
  return org!.id;
}

async function mirror(db: Db, target: Scope, rows: Row[]): Promise<string[]> {
  const ids = rows.map(() => randomBytes(16).toString("hex"));
  await db.insert(schema.transactions).values(
    rows.map((r, i) => ({
      organizationId: target.organizationId,
      environment: target.environment,
      transactionId: ids[i]!,
      type: r.type ?? "cashin",
      source: r.source ?? r.type ?? "cashin",
      method: r.method ?? "PIX",
      status: r.status ?? "confirmed",
      amount: r.amount,
      fee: "0",
      amountNet: r.amount,
      currency: r.currency ?? "BRL",
      apiCreatedAt: new Date(r.at),
      origin: "sync",
    })),
  );
  return ids;
}

/** The days of a result that have volume, as { day: [cashin, cashout] }. */
const nonZero = (days: { day: string; cashin: string; cashout: string }[]) =>
  Object.fromEntries(days.filter((d) => d.cashin !== "0" || d.cashout !== "0").map((d) => [d.day, [d.cashin, d.cashout]]));

describeEachDatabase("Overview: daily volume from the mirror", (db) => {
  const now = new Date("2025-03-15T12:00:00Z");

  it("returns every day of the period, today included, with zero for days without volume", async () => {
    const target = { organizationId: await organization(db(), "Zero days"), environment: "sandbox" as const };
    await mirror(db(), target, [{ at: "2025-03-12T15:00:00Z", amount: "10.50" }]);
    for (const days of [7, 30, 90]) {
      const out = await dailyActivity(db(), target, { currency: "BRL", days, timeZone: "UTC", now });
      expect(out).toHaveLength(days);
      expect(out[out.length - 1]!.day).toBe("2025-03-15");
      expect(out[0]!.day).toBe(new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10));
      expect(out.filter((d) => d.cashin === "0" && d.cashout === "0" && d.completed === 0 && d.unsuccessful === 0)).toHaveLength(days - 1);
      expect(out.find((d) => d.day === "2025-03-12")).toEqual({ day: "2025-03-12", cashin: "10.50", cashout: "0", completed: 1, unsuccessful: 0 });
    }
    const empty = await dailyActivity(db(), target, { currency: "MXN", days: 7, timeZone: "UTC", now });
    expect(empty.map((d) => d.day)).toEqual(["2025-03-09", "2025-03-10", "2025-03-11", "2025-03-12", "2025-03-13", "2025-03-14", "2025-03-15"]);
    expect(empty.every((d) => d.cashin === "0" && d.cashout === "0")).toBe(true);
  });

  it("groups by the calendar day of the member's market time zone, period edges included", async () => {
    const target = { organizationId: await organization(db(), "Time zones"), environment: "sandbox" as const };
    await mirror(db(), target, [
      // 02:30 UTC on the 10th is still the 9th in São Paulo (UTC−3) and in Mexico City (UTC−6).
      { at: "2025-03-10T02:30:00Z", amount: "1.00" },
      // 05:59 UTC on the 12th: the 12th in São Paulo, still the 11th in Mexico City.
      { at: "2025-03-12T05:59:59Z", amount: "2.00" },
      // The first instant of the 7-day period in UTC; the 8th, outside it, in São Paulo.
      { at: "2025-03-09T00:00:00Z", amount: "4.00" },
      // Just before the UTC period: outside in UTC (and in both other zones).
      { at: "2025-03-08T23:59:59.999Z", amount: "8.00" },
      // 01:00 UTC on the 16th: tomorrow in UTC (outside), the 15th (today) in São Paulo and Mexico City.
      { at: "2025-03-16T01:00:00Z", amount: "16.00" },
    ]);
    const volume = (timeZone: string) => dailyActivity(db(), target, { currency: "BRL", days: 7, timeZone, now });

    expect(nonZero(await volume("UTC"))).toEqual({
      "2025-03-09": ["4.00", "0"],
      "2025-03-10": ["1.00", "0"],
      "2025-03-12": ["2.00", "0"],
    });
    expect(nonZero(await volume("America/Sao_Paulo"))).toEqual({
      "2025-03-09": ["1.00", "0"],
      "2025-03-12": ["2.00", "0"],
      "2025-03-15": ["16.00", "0"],
    });
    expect(nonZero(await volume("America/Mexico_City"))).toEqual({
      "2025-03-09": ["1.00", "0"],
      "2025-03-11": ["2.00", "0"],
      "2025-03-15": ["16.00", "0"],
    });
    // "Today" is the member's today: at 01:00 UTC on the 16th it is still the 15th in São Paulo.
    const late = await dailyActivity(db(), target, { currency: "BRL", days: 7, timeZone: "America/Sao_Paulo", now: new Date("2025-03-16T01:00:00Z") });
    expect(late[late.length - 1]!.day).toBe("2025-03-15");
  });

  it("adds up completed cash-ins and cash-outs only, of one currency, exactly to the cent, and counts the failed, expired and cancelled", async () => {
    const target = { organizationId: await organization(db(), "Sums"), environment: "sandbox" as const };
    const day = "2025-03-14T12:00:00Z";
    await mirror(db(), target, [
      // 0.1 + 0.2 is 0.30000000000000004 in binary floats; NUMERIC says 0.30.
      { at: day, amount: "0.10" },
      { at: day, amount: "0.20" },
      // Beyond 2^53 cents: a float would lose the last cent.
      { at: day, amount: "90071992547409.99", type: "cashout", source: "cashout" },
      { at: day, amount: "0.01", type: "cashout", source: "cashout" },
      // Not completed, not cash-in/out, or another currency: left out of the sums (three of them
      // count as unsuccessful; pending and refunded as neither).
      { at: day, amount: "1000", status: "pending" },
      { at: day, amount: "1000", status: "failed", type: "cashout", source: "cashout" },
      { at: day, amount: "1000", status: "refunded" },
      { at: day, amount: "1000", status: "expired" },
      { at: day, amount: "1000", status: "cancelled" },
      { at: day, amount: "1000", type: "conversion", source: "conversion", method: "CONVERSION" },
      { at: day, amount: "77.77", currency: "MXN", method: "SPEI" },
      { at: day, amount: "0.00012345", currency: "BTC", method: "CRYPTO" },
      { at: day, amount: "0.00000001", currency: "BTC", method: "CRYPTO" },
    ]);
    // Another organisation and the other environment of this one never count.
    const other = { organizationId: await organization(db(), "Other"), environment: "sandbox" as const };
    await mirror(db(), other, [{ at: day, amount: "500.00" }]);
    await mirror(db(), { ...target, environment: "production" }, [{ at: day, amount: "600.00" }]);

    const brl = await dailyActivity(db(), target, { currency: "BRL", days: 7, timeZone: "UTC", now });
    expect(brl.find((d) => d.day === "2025-03-14")).toEqual({ day: "2025-03-14", cashin: "0.30", cashout: "90071992547410.00", completed: 4, unsuccessful: 3 });
    expect(nonZero(brl)).toEqual({ "2025-03-14": ["0.30", "90071992547410.00"] });
    expect(nonZero(await dailyActivity(db(), target, { currency: "MXN", days: 7, timeZone: "UTC", now }))).toEqual({ "2025-03-14": ["77.77", "0"] });
    expect(nonZero(await dailyActivity(db(), target, { currency: "BTC", days: 7, timeZone: "UTC", now }))).toEqual({ "2025-03-14": ["0.00012346", "0"] });
    expect(nonZero(await dailyActivity(db(), { ...target, environment: "production" }, { currency: "BRL", days: 7, timeZone: "UTC", now }))).toEqual({
      "2025-03-14": ["600.00", "0"],
    });
  });

  it("lists the currencies with the most confirmed cash-ins and cash-outs of the period first", async () => {
    const target = { organizationId: await organization(db(), "Currencies"), environment: "sandbox" as const };
    await mirror(db(), target, [
      { at: "2025-03-14T12:00:00Z", amount: "1", currency: "MXN", method: "SPEI" },
      { at: "2025-03-13T12:00:00Z", amount: "1", currency: "MXN", method: "SPEI" },
      { at: "2025-03-14T12:00:00Z", amount: "100000", currency: "BRL" },
      // Old, pending or a conversion: present in the mirror, no activity counted.
      { at: "2025-01-01T12:00:00Z", amount: "5", currency: "USDT", method: "CRYPTO" },
      { at: "2025-03-14T12:00:00Z", amount: "5", currency: "USDT", method: "CRYPTO", status: "pending" },
      { at: "2025-03-14T12:00:00Z", amount: "5", currency: "ETH", type: "conversion", source: "conversion" },
    ]);
    expect(await volumeCurrencies(db(), target, { days: 7, now })).toEqual([
      { currency: "MXN", confirmed: 2 },
      { currency: "BRL", confirmed: 1 },
      { currency: "ETH", confirmed: 0 },
      { currency: "USDT", confirmed: 0 },
    ]);
    expect((await volumeCurrencies(db(), target, { days: 90, now }))[2]).toEqual({ currency: "USDT", confirmed: 1 });
  });
});

describeEachDatabase("Overview: latest transactions and open findings", (db) => {
  it("returns the newest rows of the organisation and environment, newest first, with what the list shows", async () => {
    const target = { organizationId: await organization(db(), "Latest"), environment: "sandbox" as const };
    const rows = Array.from({ length: 10 }, (_, i) => ({ at: new Date(Date.UTC(2025, 2, 1 + i, 12)).toISOString(), amount: `${i + 1}.00` }));
    const ids = await mirror(db(), target, rows);
    await mirror(db(), { ...target, environment: "production" }, [{ at: "2025-04-01T00:00:00Z", amount: "9.99" }]);
    const latest = await latestRows(db(), target, 8);
    expect(latest.map((r) => r.transactionId)).toEqual(ids.slice(2).reverse());
    expect(latest[0]).toEqual({
      transactionId: ids[9],
      type: "cashin",
      source: "cashin",
      method: "PIX",
      status: "confirmed",
      reportedStatus: null,
      amount: "10.00",
      currency: "BRL",
      counterparty: null,
      description: null,
      createdAt: "2025-03-10T12:00:00.000Z",
    });
  });

  it("names who paid or was paid, as the Transactions list does: the payer of money in, a transfer's recipient, else the description", async () => {
    const target = { organizationId: await organization(db(), "Latest people"), environment: "sandbox" as const };
    const [paid, sent, described] = await mirror(db(), target, [
      { at: "2025-03-01T12:00:00Z", amount: "10.00" },
      { at: "2025-03-02T12:00:00Z", amount: "20.00", type: "cashout", source: "internal_transfer" },
      { at: "2025-03-03T12:00:00Z", amount: "30.00", type: "cashout", method: "SPEI", currency: "MXN" },
    ]);
    const t = schema.transactions;
    await db().update(t).set({ payerName: "Ana Souza", payerDocument: "52998224725" }).where(eq(t.transactionId, paid!));
    await db().update(t).set({ raw: { from_user: "demo", to_user: "loja-centro" } }).where(eq(t.transactionId, sent!));
    await db().update(t).set({ description: "Aluguel de março" }).where(eq(t.transactionId, described!));
    const latest = new Map((await latestRows(db(), target, 8)).map((r) => [r.transactionId, r]));
    expect(latest.get(paid!)).toMatchObject({ counterparty: "Ana Souza", description: null });
    expect(latest.get(sent!)).toMatchObject({ counterparty: "@loja-centro", description: null });
    expect(latest.get(described!)).toMatchObject({ counterparty: null, description: "Aluguel de março" });
  });

  it("counts the open findings of the environment only", async () => {
    const target = { organizationId: await organization(db(), "Findings"), environment: "sandbox" as const };
    expect(await openFindings(db(), target)).toEqual({ count: 0, checkedAt: null });
    const f = (kind: schema.FindingKind, extra: Partial<typeof schema.reconciliationFindings.$inferInsert> = {}) => ({
      organizationId: target.organizationId,
      environment: "sandbox" as const,
      kind,
      transactionId: randomBytes(16).toString("hex"),
      details: {},
      ...extra,
    });
    await db()
      .insert(schema.reconciliationFindings)
      .values([
        f("missed_webhook", { checkedAt: new Date("2025-03-15T10:00:00Z") }),
        f("stuck_pending", { checkedAt: new Date("2025-03-15T11:00:00Z") }),
        f("contradicted_webhook", { status: "resolved", resolvedAt: new Date(), resolution: "checked" }),
        f("missed_webhook", { environment: "production" }),
      ]);
    expect(await openFindings(db(), target)).toEqual({ count: 2, checkedAt: "2025-03-15T11:00:00.000Z" });
    expect((await openFindings(db(), { ...target, environment: "production" })).count).toBe(1);
  });
});

