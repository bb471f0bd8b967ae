import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { limitsResponseSchema, feesResponseSchema, profileResponseSchema } from "@/lib/payment-api/schemas/account";
import { toPlainJson, toPlainObject } from "./json";
import { decimalText, feesByOperation, humanizeKey, normalizeFees, normalizeLimits, normalizeProfile, operationOf } from "./normalize";

const limit = (o: Partial<Record<string, unknown>>) => ({
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

describe("plain JSON for the read cache", () => {
  it("turns the client's Decimals into exact strings, drops undefined, keeps the rest", () => {
    const parsed = limitsResponseSchema.parse({
      limits: [{ currency: "BTC", operation: "cashout", per_operation_min: 0.0001, per_operation_max: "10", daily_max: 100, daily_used: 1e-8, monthly_max: null, monthly_used: 0, note: { a: 1 } }],
    });
    expect(parsed.limits[0]!.daily_used).toBeInstanceOf(Decimal);
    expect(toPlainObject(parsed)).toEqual({
      limits: [{ currency: "BTC", operation: "cashout", per_operation_min: "0.0001", per_operation_max: "10", daily_max: "100", daily_used: "0.00000001", monthly_max: null, monthly_used: "0", note: { a: 1 } }],
    });
    expect(toPlainJson({ a: undefined, b: new Date("2026-01-02T03:04:05Z"), c: [new Decimal("1.50")], d: Number.NaN })).toEqual({ b: "2026-01-02T03:04:05.000Z", c: ["1.5"], d: null });
    expect(toPlainObject([1, 2])).toEqual({});
  });
});

describe("decimalText", () => {
  it("gives exact strings from numbers, strings and Decimals, and null for anything else", () => {
    expect(decimalText(1.5)).toBe("1.5");
    expect(decimalText("100000.00")).toBe("100000");
    expect(decimalText(" 0.00005 ")).toBe("0.00005");
    expect(decimalText("1e-8")).toBe("0.00000001");
    expect(decimalText("90071992547409.99")).toBe("90071992547409.99");
    expect(decimalText(new Decimal("2.50"))).toBe("2.5");
    expect(decimalText("1.5%")).toBeNull();
    expect(decimalText("1.5%", { percent: true })).toBe("1.5");
    expect(decimalText("unlimited")).toBeNull();
    expect(decimalText("")).toBeNull();
    expect(decimalText(null)).toBeNull();
    expect(decimalText(Number.POSITIVE_INFINITY)).toBeNull();
    expect(decimalText({ value: 1 })).toBeNull();
  });

  it("names keys and operations", () => {
    expect(humanizeKey("kyc_level")).toBe("Kyc level");
    expect(humanizeKey("perOperationMax")).toBe("Per operation max");
    expect(operationOf("cash_in")).toBe("cashin");
    expect(operationOf("CashOut")).toBe("cashout");
    expect(operationOf("withdrawal")).toBe("cashout");
    expect(operationOf("refund")).toBe("refund");
  });
});

describe("normalizeProfile", () => {
  it("reads the contract's layout (as the sandbox answers it)", () => {
    const data = toPlainObject(profileResponseSchema.parse({ username: "demo-1", name: "Demo Merchant Ltda", document: "11222333000181", kyc_level: 2, kyc_status: "approved", status: "active" }));
    expect(normalizeProfile(data)).toEqual({
      fields: { name: "Demo Merchant Ltda", username: "demo-1", document: "11222333000181", kycLevel: "2", kycStatus: "approved", status: "active" },
      extra: [],
    });
  });

  it("accepts camelCase, nested KYC, a wrapper, and shows unknown fields under their own keys", () => {
    const v = normalizeProfile({
      data: {
        userName: "acme",
        legalName: "ACME SA de CV",
        taxId: "ACM010101AB1",
        kyc: { level: "3", status: "under_review", reviewedAt: "2026-01-01" },
        accountStatus: "blocked",
        flags: ["pix", "spei"],
        verified: true,
        address: { city: "CDMX", zip: null },
      },
    });
    expect(v.fields).toEqual({ name: "ACME SA de CV", username: "acme", document: "ACM010101AB1", kycLevel: "3", kycStatus: "under_review", status: "blocked" });
    expect(v.extra).toEqual([
      { label: "Kyc › Reviewed at", value: "2026-01-01" },
      { label: "Flags", value: "pix, spei" },
      { label: "Verified", value: true },
      { label: "Address › City", value: "CDMX" },
      { label: "Address › Zip", value: null },
    ]);
  });

  it("leaves missing fields null (the page says Not provided) and survives anything", () => {
    expect(normalizeProfile({ kyc_level: 1 }).fields).toEqual({ name: null, username: null, document: null, kycLevel: "1", kycStatus: null, status: null });
    expect(normalizeProfile({ name: "", status: null }).fields.name).toBeNull();
    expect(normalizeProfile({ name: "x", status: null }).extra).toEqual([]);
    for (const junk of [null, undefined, 42, "text", [], [1, 2], {}]) {
      expect(normalizeProfile(junk).fields.kycLevel).toBeNull();
    }
  });
});

describe("normalizeLimits", () => {
  it("reads the contract's layout, amounts as exact strings", () => {
    const data = toPlainObject(
      limitsResponseSchema.parse({
        limits: [
          { currency: "BRL", operation: "cashout", per_operation_min: 1, per_operation_max: 100000, daily_max: 1000000, daily_used: 12.34, monthly_max: 10000000, monthly_used: 1234.5 },
          { currency: "BTC", operation: "cashin", per_operation_min: 0.0001, per_operation_max: 10, daily_max: null, daily_used: 0, monthly_max: null, monthly_used: 0 },
        ],
      }),
    );
    const { entries, meta } = normalizeLimits(data);
    expect(meta).toEqual([]);
    expect(entries).toEqual([
      limit({ currency: "BRL", operation: "cashout", perOperationMin: "1", perOperationMax: "100000", dailyMax: "1000000", dailyUsed: "12.34", monthlyMax: "10000000", monthlyUsed: "1234.5" }),
      limit({ currency: "BTC", operation: "cashin", perOperationMin: "0.0001", perOperationMax: "10", dailyUsed: "0", monthlyUsed: "0" }),
    ]);
  });

  it("reads maps keyed by currency and operation, nested periods, and numbers as strings", () => {
    const { entries } = normalizeLimits({
      BRL: { cash_out: { daily: { limit: "5000.00", used: "120.10" }, monthly: { max: "50000", used: "900" }, per_transaction: { min: "1", max: "2000" } } },
      MXN: { deposit: { dailyLimit: 10000, monthlyLimit: 100000 } },
    });
    expect(entries).toEqual([
      limit({ currency: "BRL", operation: "cashout", perOperationMin: "1", perOperationMax: "2000", dailyMax: "5000", dailyUsed: "120.1", monthlyMax: "50000", monthlyUsed: "900" }),
      limit({ currency: "MXN", operation: "cashin", dailyMax: "10000", monthlyMax: "100000" }),
    ]);
  });

  it("reads periods keyed by currency and merges what belongs to the same currency and operation", () => {
    const { entries } = normalizeLimits({ daily: { BRL: 1000, MXN: "5000" }, monthly: { BRL: 20000 }, per_operation: { BRL: 500 } });
    expect(entries).toEqual([
      limit({ currency: "BRL", dailyMax: "1000", monthlyMax: "20000", perOperationMax: "500" }),
      limit({ currency: "MXN", dailyMax: "5000" }),
    ]);
    const split = normalizeLimits({ limits: [{ currency: "BRL", operation: "cashin", daily_max: 10 }, { currency: "brl", operation: "CASH_IN", monthly_max: 300 }] });
    expect(split.entries).toEqual([limit({ currency: "BRL", operation: "cashin", dailyMax: "10", monthlyMax: "300" })]);
  });

  it("keeps per-method limits, unknown values and whatever sits outside the entries", () => {
    const { entries, meta } = normalizeLimits({
      updated_at: "2026-03-01T00:00:00Z",
      items: [{ currency: "BRL", type: "cashout", payment_method: "pix", max_amount: "1000", daily_max: "unlimited", night_max: 1000 }],
    });
    expect(entries).toEqual([
      limit({ currency: "BRL", operation: "cashout", method: "PIX", perOperationMax: "1000", extra: [{ label: "Daily max", value: "unlimited" }, { label: "Night max", value: "1000" }] }),
    ]);
    expect(meta).toEqual([{ label: "Updated at", value: "2026-03-01T00:00:00Z" }]);
  });

  it("gives back an answer it recognises nothing in as it came, and survives anything", () => {
    expect(normalizeLimits({ tier: "gold", nested: { caps: ["a", "b"] } })).toEqual({
      entries: [],
      meta: [
        { label: "Tier", value: "gold" },
        { label: "Nested › Caps", value: "a, b" },
      ],
    });
    for (const junk of [null, undefined, 7, "x", [], [null], { limits: null }, { limits: [] }]) {
      expect(normalizeLimits(junk).entries).toEqual([]);
    }
  });
});

describe("normalizeFees", () => {
  it("reads the contract's layout (as the sandbox answers it) and groups by operation", () => {
    const data = toPlainObject(
      feesResponseSchema.parse({
        fees: [
          { operation: "transfer", method: null, currency: "BRL", percentage: 0, fixed: 0, minimum: 0 },
          { operation: "cashin", method: "PIX", currency: "BRL", percentage: 1.5, fixed: 0, minimum: 0.1 },
          { operation: "cashout", method: "CRYPTO", currency: "BTC", percentage: 0, fixed: 0.00005, minimum: 0 },
          { operation: "conversion", method: null, currency: "USDT", percentage: 0.2, fixed: 0, minimum: 0 },
        ],
      }),
    );
    const { entries } = normalizeFees(data);
    expect(entries[1]).toEqual({ currency: "BRL", operation: "cashin", method: "PIX", percentage: "1.5", fixed: "0", minimum: "0.1", maximum: null, extra: [] });
    expect(entries[2]!.fixed).toBe("0.00005");
    expect(entries[0]!.extra).toEqual([]); // method: null is not shown again as an extra
    expect(feesByOperation(entries).map((g) => g.key)).toEqual(["cashin", "cashout", "conversion", "transfer"]);
  });

  it("reads maps keyed by operation, method and currency, percent strings and nested fee objects", () => {
    const { entries, meta } = normalizeFees({
      currency_default: "BRL",
      cash_in: { PIX: { BRL: { fee: { percent: "1.5%", fixed: "0.00" }, min_fee: "0.10" } }, SPEI: { MXN: { percentage: 1, minimum: 1 } } },
      withdrawals: [{ method: "spei", currency: "MXN", fixed_fee: 5, max_fee: "50" }],
      refunds: { BRL: { fixed: 2 } },
    });
    expect(entries).toEqual([
      { currency: "BRL", operation: "cashin", method: "PIX", percentage: "1.5", fixed: "0", minimum: "0.1", maximum: null, extra: [] },
      { currency: "MXN", operation: "cashin", method: "SPEI", percentage: "1", fixed: null, minimum: "1", maximum: null, extra: [] },
      { currency: "MXN", operation: "cashout", method: "SPEI", percentage: null, fixed: "5", minimum: null, maximum: "50", extra: [] },
      { currency: "BRL", operation: "refunds", method: null, percentage: null, fixed: "2", minimum: null, maximum: null, extra: [] },
    ]);
    expect(meta).toEqual([{ label: "Currency default", value: "BRL" }]);
    // an operation the dashboard does not name comes after the known ones, under the API's key
    expect(feesByOperation(entries).map((g) => g.key)).toEqual(["cashin", "cashout", "refunds"]);
  });

  it("survives anything", () => {
    for (const junk of [null, 3, "fees", [], { fees: "none" }, { fees: [1, 2] }]) {
      expect(normalizeFees(junk).entries).toEqual([]);
    }
  });
});
