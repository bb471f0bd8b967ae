/**
 * The used amounts of the Account page, summed by the database itself (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) over rows of the transaction mirror, and put beside the limits.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { describeEachDatabase } from "@/test/support/databases";
import { anyPositive, attachUsage, barPercent, mirrorUsage, usageWindow, usedPercent } from "./usage";
import type { LimitEntry } from "./normalize";

const NOW = new Date("2026-03-15T12:00:00Z");

type Row = { type: string | null; source?: string | null; status: string; amount: string | null; currency: string | null; at: string; environment?: "sandbox" | "production"; org?: string };

describeEachDatabase("used amounts from the transaction mirror", (db) => {
  let org = "";
  let other = "";

  async function insert(rows: Row[]) {
    await db()
      .insert(schema.transactions)
      .values(
        rows.map((r) => ({
          organizationId: r.org ?? org,
          environment: r.environment ?? "sandbox",
          transactionId: randomBytes(12).toString("hex"),
          type: r.type,
          source: r.source ?? r.type,
          status: r.status,
          amount: r.amount,
          currency: r.currency,
          apiCreatedAt: new Date(r.at),
          origin: "sync",
        })),
      );
  }

  beforeAll(async () => {
    const [a, b] = await db().insert(schema.organizations).values([{ name: "Usage Org" }, { name: "Other Org" }]).returning();
    org = a!.id;
    other = b!.id;
    const today = "2026-03-15T09:30:00Z";
    await insert([
      // cash-outs today: confirmed and pending count; failed, cancelled and expired do not
      { type: "cashout", status: "confirmed", amount: "0.1", currency: "BRL", at: today },
      { type: "cashout", status: "pending", amount: "0.2", currency: "BRL", at: today },
      { type: "cashout", status: "confirmed", amount: "100.00", currency: "brl", at: "2026-03-15T00:00:00Z" },
      { type: "cashout", status: "failed", amount: "1000", currency: "BRL", at: today },
      { type: "cashout", status: "cancelled", amount: "1000", currency: "BRL", at: today },
      { type: "cashout", status: "expired", amount: "1000", currency: "BRL", at: today },
      // earlier this month (still counting when refunded, as the API counts it), and last month
      { type: "cashout", status: "refunded", amount: "50.05", currency: "BRL", at: "2026-03-14T23:59:59.999Z" },
      { type: "cashout", status: "confirmed", amount: "7", currency: "BRL", at: "2026-03-01T00:00:00Z" },
      { type: "cashout", status: "confirmed", amount: "999", currency: "BRL", at: "2026-02-28T23:59:59.999Z" },
      // transfers: sent ones count as "transfer", received ones against nothing
      { type: "cashout", source: "internal_transfer", status: "confirmed", amount: "5", currency: "BRL", at: today },
      { type: "cashin", source: "internal_transfer", status: "confirmed", amount: "500", currency: "BRL", at: today },
      // charges count as cash-in; wallet deposits do not
      { type: "cashin", source: "cashin", status: "pending", amount: "10.50", currency: "BRL", at: today },
      { type: "cashin", source: null, status: "confirmed", amount: "1", currency: "BRL", at: today },
      { type: "cashin", source: "wallet_deposit", status: "confirmed", amount: "300", currency: "BRL", at: today },
      // conversions in their base currency; exact beyond a double's precision
      { type: "conversion", status: "confirmed", amount: "90071992547409.99", currency: "USDT", at: "2026-03-10T10:00:00Z" },
      { type: "conversion", status: "confirmed", amount: "0.000001", currency: "USDT", at: today },
      { type: null, source: "conversion", status: "confirmed", amount: "0.01", currency: "USDT", at: "2026-03-02T10:00:00Z" },
      // rows that cannot count: no amount, no currency, no known type
      { type: "cashout", status: "confirmed", amount: null, currency: "BRL", at: today },
      { type: "cashout", status: "confirmed", amount: "3", currency: null, at: today },
      { type: null, source: null, status: "confirmed", amount: "3", currency: "BRL", at: today },
      // another environment, another organisation
      { type: "cashout", status: "confirmed", amount: "400", currency: "BRL", at: today, environment: "production" },
      { type: "cashout", status: "confirmed", amount: "400", currency: "BRL", at: today, org: other },
    ]);
  });

  it("sums in NUMERIC what counts today and this month (UTC), per operation and currency", async () => {
    const { window, rows } = await mirrorUsage(db(), { organizationId: org, environment: "sandbox" }, NOW);
    expect(window).toEqual({
      dayStart: "2026-03-15T00:00:00.000Z",
      dayEnd: "2026-03-16T00:00:00.000Z",
      monthStart: "2026-03-01T00:00:00.000Z",
      monthEnd: "2026-04-01T00:00:00.000Z",
    });
    expect(rows).toEqual([
      { operation: "cashin", currency: "BRL", today: "11.5", month: "11.5" },
      // 0.1 + 0.2 + 100 exactly (a float would say 100.30000000000001)
      { operation: "cashout", currency: "BRL", today: "100.3", month: "157.35" },
      { operation: "transfer", currency: "BRL", today: "5", month: "5" },
      { operation: "conversion", currency: "USDT", today: "0.000001", month: "90071992547410.000001" },
    ]);
  });

  it("keeps environments and organisations apart", async () => {
    expect((await mirrorUsage(db(), { organizationId: org, environment: "production" }, NOW)).rows).toEqual([
      { operation: "cashout", currency: "BRL", today: "400", month: "400" },
    ]);
    expect((await mirrorUsage(db(), { organizationId: other, environment: "sandbox" }, NOW)).rows).toEqual([
      { operation: "cashout", currency: "BRL", today: "400", month: "400" },
    ]);
  });

  it("starts a new day and a new month at 00:00 UTC", async () => {
    const nextDay = await mirrorUsage(db(), { organizationId: org, environment: "sandbox" }, new Date("2026-03-16T00:00:00Z"));
    expect(nextDay.rows.find((r) => r.operation === "cashout")).toEqual({ operation: "cashout", currency: "BRL", today: "0", month: "157.35" });
    const nextMonth = await mirrorUsage(db(), { organizationId: org, environment: "sandbox" }, new Date("2026-04-01T00:00:00Z"));
    expect(nextMonth.rows).toEqual([]);
    const lastMonth = await mirrorUsage(db(), { organizationId: org, environment: "sandbox" }, new Date("2026-02-28T12:00:00Z"));
    expect(lastMonth.rows).toEqual([{ operation: "cashout", currency: "BRL", today: "999", month: "999" }]);
  });
});

const entry = (o: Partial<LimitEntry>): LimitEntry => ({
  currency: null,
  operation: null,
  method: null,
  perOperationMin: null,
  perOperationMax: null,
  dailyMax: null,
  dailyUsed: null,
  monthlyMax: null,
  monthlyUsed: null,
  extra: [],
  ...o,
});

describe("limits with what was used", () => {
  const usage = [
    { operation: "cashout", currency: "BRL", today: "100.3", month: "157.35" },
    { operation: "transfer", currency: "BRL", today: "0", month: "0" },
    { operation: "conversion", currency: "USDT", today: "1", month: "2" },
  ];

  it("matches by operation and currency, says 0 where nothing was used, and leaves per-method limits alone", () => {
    const lines = attachUsage(
      [
        entry({ currency: "BRL", operation: "cashout", dailyMax: "1000" }),
        entry({ currency: "brl", operation: "cashin", dailyMax: "1000" }),
        entry({ currency: "BRL", operation: "cashout", method: "PIX", dailyMax: "500" }),
        entry({ currency: "MXN", dailyMax: "500" }),
      ],
      usage,
    );
    expect(lines.map((l) => l.mirror)).toEqual([{ today: "100.3", month: "157.35" }, { today: "0", month: "0" }, null, null, { today: "1", month: "2" }]);
    // usage with no limit answered is still shown; an all-zero one is not
    expect(lines[4]).toMatchObject({ currency: "USDT", operation: "conversion", dailyMax: null, monthlyMax: null });
    expect(lines).toHaveLength(5);
  });

  it("says nothing from a mirror that was never synced", () => {
    expect(attachUsage([entry({ currency: "BRL", operation: "cashout" })], null).map((l) => l.mirror)).toEqual([null]);
  });

  it("computes the share exactly, rounded down, and clamps the bar", () => {
    expect(usedPercent("100.3", "1000")).toBe("10");
    expect(usedPercent("157.35", "10000000")).toBe("0");
    expect(usedPercent("1", "3")).toBe("33.3");
    expect(usedPercent("999.99", "1000")).toBe("99.9");
    expect(usedPercent("1500", "1000")).toBe("150");
    expect(barPercent("1500", "1000")).toBe("100");
    expect(usedPercent("1", "0")).toBeNull();
    expect(anyPositive(["0", null, undefined])).toBe(false);
    expect(anyPositive(["0", "0.000001"])).toBe(true);
    expect(usageWindow(new Date("2026-12-31T23:59:59Z")).monthEnd).toBe("2027-01-01T00:00:00.000Z");
  });
});
