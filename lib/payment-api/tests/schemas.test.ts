import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  API_ERROR_CODES,
  ERROR_CODES,
  ERROR_GROUPS,
  boletoRequestSchema,
  cashinRequestSchema,
  cashoutRequestSchema,
  conversionRequestSchema,
  errorStatusFor,
  infractionListRequestSchema,
  pixPaymentRequestSchema,
  toSpecValidationError,
  transactionListRequestSchema,
  transactionSchema,
  transferRequestSchema,
  walletRequestSchema,
  webhookPayloadSchema,
  WEBHOOK_EVENTS,
  isValidCpfOrCnpj,
  type BoletoRequest,
} from "../index";
import { validateDocument } from "@/lib/payments";

const check = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: true as const } : { ok: false as const, ...toSpecValidationError(r.error) };
};

const boleto: BoletoRequest = {
  amount: 100.5,
  method: "PIX_BOLETO",
  payer: {
    name: "Maria Silva",
    document: "52998224725",
    email: "maria@example.com",
    phone: "11987654321",
    address: { address: "Rua A", number: "10", district: "Centro", city: "São Paulo", zipCode: "01001000", uf: "SP" },
  },
  due_date: "2030-02-28",
};
const withPayer = (p: Partial<BoletoRequest["payer"]>) => ({ ...boleto, payer: { ...boleto.payer, ...p } });
const withAddress = (a: Partial<BoletoRequest["payer"]["address"]>) => withPayer({ address: { ...boleto.payer.address, ...a } });

describe("error codes", () => {
  it("lists every code of the spec with a status and one of the seven groups", () => {
    const spec = `MISSING_AUTH_HEADER INVALID_AUTH_FORMAT INVALID_CREDENTIALS INVALID_TOKEN TOKEN_EXPIRED UNAUTHORIZED FORBIDDEN
      UNAUTHORIZED_IP INVALID_OTP CREDENTIAL_PENDING_ADMIN_ACTIVATION MISSING_SIGNATURE INVALID_SIGNATURE INVALID_TIMESTAMP
      REPLAY_DETECTED RATE_LIMIT_EXCEEDED IP_BLACKLISTED IP_BLOCKED_TEMPORARILY SECURITY_BLOCKED ACCOUNT_UNDER_REVIEW INVALID_PAYLOAD
      INVALID_JSON MISSING_REQUIRED_FIELD INVALID_FORMAT INVALID_VALUE INVALID_AMOUNT INVALID_CURRENCY INVALID_PIX_KEY
      INVALID_SPLIT_CONFIG SELF_TRANSFER_BLOCKED UNSUPPORTED_CONTENT_TYPE UNSUPPORTED_CHAIN UNSUPPORTED_CURRENCY INVALID_DOCUMENT
      INVALID_CRYPTO_ADDRESS INSUFFICIENT_BALANCE INSUFFICIENT_FUNDS BELOW_MIN_LIMIT EXCEEDS_MAX_LIMIT LIMIT_EXCEEDED
      PERMISSION_DENIED CREDENTIAL_PERMISSION_DENIED KYC_REQUIRED DUPLICATE_RESOURCE DUPLICATE_EXTERNAL_ID PENDING_APPROVAL
      MISSING_FEE_CONFIG INTERNAL_ERROR PROVIDER_ERROR SERVICE_UNAVAILABLE INTERNAL_CONFLICT`.split(/\s+/);
    expect(spec).toHaveLength(50);
    for (const code of spec) expect(API_ERROR_CODES).toContain(code);
    for (const info of Object.values(ERROR_CODES)) expect(ERROR_GROUPS).toContain(info.group);
  });

  it("uses the statuses the spec states", () => {
    expect(ERROR_CODES.RATE_LIMIT_EXCEEDED).toEqual({ status: 429, group: "SECURITY", retryable: true });
    expect(ERROR_CODES.SECURITY_BLOCKED.status).toBe(423);
    expect(ERROR_CODES.IP_BLACKLISTED.status).toBe(403);
    expect(ERROR_CODES.INVALID_DOCUMENT.status).toBe(400);
    expect(ERROR_CODES.MISSING_REQUIRED_FIELD.status).toBe(400);
    expect(ERROR_CODES.CREDENTIAL_PERMISSION_DENIED.status).toBe(403);
    expect(ERROR_CODES.INTERNAL_CONFLICT).toEqual({ status: 409, group: "SYSTEM", retryable: true });
    expect(ERROR_CODES.PROVIDER_ERROR).toEqual({ status: 502, group: "SYSTEM", retryable: true });
    expect(ERROR_CODES.SERVICE_UNAVAILABLE.status).toBe(503);
    for (const c of ["MISSING_SIGNATURE", "INVALID_SIGNATURE", "INVALID_TIMESTAMP", "REPLAY_DETECTED"] as const) {
      expect(ERROR_CODES[c]).toEqual({ status: 401, group: "SIGNATURE", retryable: false });
    }
    expect(errorStatusFor("LIMIT_EXCEEDED", "/v2/boleto")).toBe(403);
    expect(errorStatusFor("LIMIT_EXCEEDED", "/v2/transactions/cashout")).toBe(409);
  });
});

describe("boleto request", () => {
  it("accepts a complete body", () => expect(check(boletoRequestSchema, boleto)).toEqual({ ok: true }));

  it.each([
    ["amount below 1.00", { ...boleto, amount: 0.99 }, "amount", "INVALID_AMOUNT"],
    ["amount with 3 decimals", { ...boleto, amount: 10.123 }, "amount", "INVALID_AMOUNT"],
    ["unknown method", { ...boleto, method: "PIX" }, "method", "MISSING_REQUIRED_FIELD"],
    ["phone with 7 digits", withPayer({ phone: "1234567" }), "payer.phone", "MISSING_REQUIRED_FIELD"],
    ["phone with 13 digits", withPayer({ phone: "1234567890123" }), "payer.phone", "MISSING_REQUIRED_FIELD"],
    ["formatted phone", withPayer({ phone: "(11) 98765-4321" }), "payer.phone", "MISSING_REQUIRED_FIELD"],
    ["zipCode with a dash", withAddress({ zipCode: "01001-000" }), "payer.address.zipCode", "MISSING_REQUIRED_FIELD"],
    ["lowercase uf", withAddress({ uf: "sp" }), "payer.address.uf", "MISSING_REQUIRED_FIELD"],
    ["3-letter uf", withAddress({ uf: "SPX" }), "payer.address.uf", "MISSING_REQUIRED_FIELD"],
    ["missing district", withAddress({ district: undefined }), "payer.address.district", "MISSING_REQUIRED_FIELD"],
    ["bad e-mail", withPayer({ email: "maria@" }), "payer.email", "MISSING_REQUIRED_FIELD"],
    ["CPF failing the check digits", withPayer({ document: "52998224724" }), "payer.document", "INVALID_DOCUMENT"],
    ["due_date not yyyy-mm-dd", { ...boleto, due_date: "28/02/2030" }, "due_date", "INVALID_FORMAT"],
    ["due_date not a calendar date", { ...boleto, due_date: "2030-02-30" }, "due_date", "INVALID_FORMAT"],
    ["external_id of 151 characters", { ...boleto, external_id: "x".repeat(151) }, "external_id", "MISSING_REQUIRED_FIELD"],
    ["http postback_url", { ...boleto, postback_url: "http://example.com/hook" }, "postback_url", "INVALID_FORMAT"],
  ])("refuses %s", (_label, body, field, code) => {
    const r = check(boletoRequestSchema, body);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.details.field).toBe(field);
      expect(r.code).toBe(code);
    }
  });

  it("accepts the alphanumeric CNPJ (valid from July 2026), bare, masked or lower-case, as lib/payments does", () => {
    for (const document of ["12ABC34501DE35", "12.ABC.345/01DE-35", "12abc34501de35"]) {
      expect(isValidCpfOrCnpj(document)).toBe(true);
      expect(validateDocument(document).ok).toBe(true);
      expect(check(boletoRequestSchema, withPayer({ document }))).toEqual({ ok: true });
    }
    // wrong check digit, a letter in the check digits, 13 characters: INVALID_DOCUMENT on payer.document
    for (const document of ["12ABC34501DE36", "12ABC34501DE3A", "12ABC34501DE3"]) {
      expect(isValidCpfOrCnpj(document)).toBe(false);
      expect(check(boletoRequestSchema, withPayer({ document }))).toMatchObject({ ok: false, code: "INVALID_DOCUMENT", status: 400, details: { field: "payer.document" } });
    }
  });

  it("accepts boundary values: 1.00, 2 decimals, 8 and 12 digit phones, a CNPJ, 150-char external_id, loopback http", () => {
    for (const body of [
      { ...boleto, amount: 1 },
      { ...boleto, amount: 10.07 },
      withPayer({ phone: "12345678" }),
      withPayer({ phone: "123456789012" }),
      withPayer({ document: "11.222.333/0001-81" }),
      { ...boleto, external_id: "x".repeat(150) },
      { ...boleto, postback_url: "http://127.0.0.1:3000/api/webhooks/payment" },
      { ...boleto, postback_url: "https://shop.example/hook" },
    ]) {
      expect(check(boletoRequestSchema, body)).toEqual({ ok: true });
    }
  });
});

describe("cash-in request", () => {
  const base = { amount: 10, currency: "BRL", external_id: "e1", payer: { name: "Ana", document: "52998224725" } };
  it("needs external_id (≤ 64), payer and a known currency", () => {
    expect(check(cashinRequestSchema, base).ok).toBe(true);
    expect(check(cashinRequestSchema, { ...base, external_id: "x".repeat(64) }).ok).toBe(true);
    expect(check(cashinRequestSchema, { ...base, external_id: "x".repeat(65) })).toMatchObject({ code: "MISSING_REQUIRED_FIELD", details: { field: "external_id" } });
    expect(check(cashinRequestSchema, { ...base, payer: undefined })).toMatchObject({ details: { field: "payer" } });
    expect(check(cashinRequestSchema, { ...base, currency: "EUR" })).toMatchObject({ details: { field: "currency" } });
    expect(check(cashinRequestSchema, { ...base, amount: -1 })).toMatchObject({ code: "INVALID_AMOUNT" });
  });

  it("needs a chain for crypto, from the narrow cash-in list, carrying the currency", () => {
    expect(check(cashinRequestSchema, { ...base, currency: "USDT" })).toMatchObject({ code: "MISSING_REQUIRED_FIELD", details: { field: "chain" } });
    expect(check(cashinRequestSchema, { ...base, currency: "USDT", chain: "tron" }).ok).toBe(true);
    expect(check(cashinRequestSchema, { ...base, currency: "USDT", chain: "arbitrum" })).toMatchObject({ code: "UNSUPPORTED_CHAIN", details: { field: "chain" } });
    expect(check(cashinRequestSchema, { ...base, currency: "BTC", chain: "tron" })).toMatchObject({ code: "INVALID_CURRENCY" });
  });

  it("split: percentages sum at most 95; fixed entries allowed", () => {
    const s = (split: unknown) => check(cashinRequestSchema, { ...base, split });
    expect(s([{ username: "a", percentage: 50 }, { username: "b", percentage: 45 }]).ok).toBe(true);
    expect(s([{ username: "a", percentage: 33.33 }, { username: "b", percentage: 33.33 }, { username: "c", percentage: 28.34 }]).ok).toBe(true);
    expect(s([{ username: "a", percentage: 50 }, { username: "b", percentage: 45.01 }])).toMatchObject({ code: "INVALID_SPLIT_CONFIG" });
    expect(s([{ username: "a", percentage: 96 }])).toMatchObject({ code: "INVALID_SPLIT_CONFIG" });
    expect(s([{ username: "a", type: "fixed", amount: 2 }, { username: "b", percentage: 95 }]).ok).toBe(true);
    expect(s([{ username: "a", type: "percent", amount: 2 }]).ok).toBe(false);
  });
});

describe("cash-out request", () => {
  const base = { external_id: "e1", amount: 10, currency: "BRL", key: "a@b.co", key_type: "email" };
  it("PIX needs key_type; SPEI needs name and an 18-digit CLABE; crypto needs network", () => {
    expect(check(cashoutRequestSchema, base).ok).toBe(true);
    expect(check(cashoutRequestSchema, { ...base, key_type: undefined })).toMatchObject({ code: "MISSING_REQUIRED_FIELD", details: { field: "key_type" } });
    expect(check(cashoutRequestSchema, { ...base, key_type: "iban" })).toMatchObject({ details: { field: "key_type" } });
    const spei = { external_id: "e", amount: 10, currency: "MXN", key: "032180000118359719", name: "Juan" };
    expect(check(cashoutRequestSchema, spei).ok).toBe(true);
    expect(check(cashoutRequestSchema, { ...spei, name: undefined })).toMatchObject({ details: { field: "name" } });
    expect(check(cashoutRequestSchema, { ...spei, key: "0321800001183597" })).toMatchObject({ code: "INVALID_FORMAT", details: { field: "key" } });
    const crypto = { external_id: "e", amount: 10, currency: "USDC", key: "0xabc", network: "base" };
    expect(check(cashoutRequestSchema, crypto).ok).toBe(true);
    expect(check(cashoutRequestSchema, { ...crypto, network: undefined })).toMatchObject({ code: "MISSING_REQUIRED_FIELD", details: { field: "network" } });
    expect(check(cashoutRequestSchema, { ...crypto, network: "dogechain" })).toMatchObject({ code: "UNSUPPORTED_CHAIN", details: { supported: expect.arrayContaining(["arbitrum", "optimism"]) } });
    expect(check(cashoutRequestSchema, { ...crypto, currency: "BTC" })).toMatchObject({ code: "INVALID_CURRENCY" });
  });
});

describe("other requests", () => {
  it("transaction list: page_size ≤ 100, enums, dates", () => {
    expect(check(transactionListRequestSchema, {}).ok).toBe(true);
    expect(check(transactionListRequestSchema, { page: 1, page_size: 100, status: "cancelled", type: "cashin", source: "wallet_deposit", from_date: "2030-01-01", to_date: "2030-01-31" }).ok).toBe(true);
    expect(check(transactionListRequestSchema, { page_size: 101 })).toMatchObject({ details: { field: "page_size" } });
    expect(check(transactionListRequestSchema, { page: 0 })).toMatchObject({ details: { field: "page" } });
    expect(check(transactionListRequestSchema, { status: "paid" })).toMatchObject({ details: { field: "status" } });
    expect(check(transactionListRequestSchema, { source: "boleto" })).toMatchObject({ details: { field: "source" } });
    expect(check(transactionListRequestSchema, { from_date: "2030-1-1" })).toMatchObject({ details: { field: "from_date" } });
  });

  it("infraction list query: numbers arrive as strings", () => {
    expect(infractionListRequestSchema.parse({ page: "2", page_size: "100", status: "open", type: "FRAUD" })).toEqual({ page: 2, page_size: 100, status: "open", type: "FRAUD" });
    expect(check(infractionListRequestSchema, { page_size: "101" }).ok).toBe(false);
    expect(check(infractionListRequestSchema, { type: "CHARGEBACK" }).ok).toBe(false);
  });

  it("transfers, conversions, wallets and the legacy PIX payment", () => {
    expect(check(transferRequestSchema, { username: "bob", amount: 1, currency: "BRL" }).ok).toBe(true);
    expect(check(transferRequestSchema, { amount: 1, currency: "BRL" })).toMatchObject({ details: { field: "username" } });
    expect(check(conversionRequestSchema, { amount: 1, base_currency: "USDT", destination_currency: "BRL", external_id: "x" }).ok).toBe(true);
    expect(check(conversionRequestSchema, { amount: 1, base_currency: "USDT", destination_currency: "BRL", external_id: "x".repeat(65) }).ok).toBe(false);
    expect(check(walletRequestSchema, { currency: "USDT", chain: "tron" }).ok).toBe(true);
    expect(check(walletRequestSchema, { currency: "BRL" }).ok).toBe(true);
    expect(check(pixPaymentRequestSchema, { external_id: "e", amount: 1, key: "k", key_type: "random" }).ok).toBe(true);
    expect(check(pixPaymentRequestSchema, { external_id: "e", amount: 1, key: "k" })).toMatchObject({ details: { field: "key_type" } });
  });
});

describe("tolerant responses", () => {
  it("a transaction with unknown fields, nulls and an unknown status parses", () => {
    const t = transactionSchema.parse({ transaction_id: "t", status: "under_review", amount: null, fee: "0.5", brand_new: true, chain: null });
    expect(t.status).toBe("under_review");
    expect(t.amount).toBeNull();
    expect(t.fee).toEqual(new Decimal("0.5"));
    expect((t as Record<string, unknown>)["brand_new"]).toBe(true);
  });

  it("webhook payloads: all events known, fields at the top level, permissive", () => {
    expect(WEBHOOK_EVENTS).toEqual(expect.arrayContaining(["cashin.expired", "cashout.refunded", "chargeback.canceled", "wallet_deposit"]));
    const p = webhookPayloadSchema.parse({ event: "cashin.confirmed", transaction_id: "t", status: "paid", amount: 10.5, source: "static", novel: 1 });
    expect(p.status).toBe("confirmed");
    expect(p.amount?.toString()).toBe("10.5");
    expect(webhookPayloadSchema.parse({ event: "something.new", conversion_id: "c" }).event).toBe("something.new");
    expect(webhookPayloadSchema.safeParse({ event: "cashin.confirmed" }).success).toBe(false);
  });
});
