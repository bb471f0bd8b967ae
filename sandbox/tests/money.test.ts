/**
 * Every money route of the spec over HTTP: account reads, cash-in (PIX, SPEI, six chains), cash-out
 * (PIX keys, CLABE, crypto incl. layer-2), wallets, transfers, conversions, the transaction list,
 * boleto, PIX decode, the legacy route; idempotency (sequential and concurrent), ledger, limits.
 * Artefacts are checked with the real codecs of lib/payments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/payment-api/schemas/errors";
import { decodeBrCode, buildStaticBrCode } from "@/lib/payments/pix-br-code";
import { validateClabe, clabePlazaName, generateClabe } from "@/lib/payments/clabe";
import { validateAddress, generateAddress } from "@/lib/payments/crypto-address";
import { parseBoleto, validateBarcode, validateDigitableLine, barcodeToDigitableLine } from "@/lib/payments/boleto";
import { CHAINS } from "@/lib/payments/chains";
import { generateCnpj } from "@/lib/payments/documents";
import { RATE_WINDOW_SECONDS } from "../config";
import { BACKENDS, balanceOf, boletoBody, newClient, payer, startSandbox, tokenOf, uniq, type Answer, type TestSandbox } from "./helpers";

type Data = Record<string, unknown>;

function expectError(r: Answer, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.error.code).toBe(code);
  expect(r.body.error.group).toBe(ERROR_CODES[code as keyof typeof ERROR_CODES].group);
}

const HEX32 = /^[0-9a-f]{32}$/;
const secondsAhead = (iso: string, from: number) => (Date.parse(iso) - from) / 1000;

describe.each(BACKENDS)("money ($name)", (backend) => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startSandbox(backend);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe("account reads", () => {
    it("balance: every currency with available, blocked, pending", async () => {
      const c = await newClient(t.api, { balances: { BRL: 1234.56, BTC: "0.12345678", USDT: 10 } });
      const r = await c.get<{ balances: Data[] }>("/v2/account/balance");
      expect(r.status).toBe(200);
      const by = Object.fromEntries(r.body.data.balances.map((b) => [b.currency, b]));
      expect(Object.keys(by).sort()).toEqual(["BNB", "BRL", "BTC", "ETH", "MXN", "SOL", "USDC", "USDT"]);
      expect(by.BRL).toEqual({ currency: "BRL", available: 1234.56, blocked: 0, pending: 0 });
      expect(by.BTC).toEqual({ currency: "BTC", available: 0.12345678, blocked: 0, pending: 0 });
    });

    it("profile: username, name, document, kyc_level, kyc_status, status", async () => {
      const c = await newClient(t.api, { name: "Loja Exemplo", document: "11222333000181" });
      const r = await c.get("/v2/account/info/profile");
      expect(r.body.data).toEqual({ username: c.username, name: "Loja Exemplo", document: "11222333000181", kyc_level: 2, kyc_status: "approved", status: "active" });
    });

    it("limits and fees in the contract's layout", async () => {
      const c = await newClient(t.api);
      const l = await c.get<{ limits: Data[] }>("/v2/account/limits");
      expect(l.body.data.limits).toHaveLength(8 * 4);
      const brlIn = l.body.data.limits.find((x) => x.currency === "BRL" && x.operation === "cashin");
      expect(brlIn).toEqual({ currency: "BRL", operation: "cashin", per_operation_min: 1, per_operation_max: 100000, daily_max: 1000000, daily_used: 0, monthly_max: 10000000, monthly_used: 0 });
      expect(l.body.data.limits.find((x) => x.currency === "USDT" && x.operation === "cashin")?.per_operation_min).toBe(2);
      expect(l.body.data.limits.find((x) => x.currency === "BTC" && x.operation === "cashin")?.per_operation_min).toBe(0.0001);
      const f = await c.get<{ fees: Data[] }>("/v2/account/fees");
      expect(f.body.data.fees).toContainEqual({ operation: "cashin", method: "PIX", currency: "BRL", percentage: 1.5, fixed: 0, minimum: 0.1 });
      expect(f.body.data.fees).toContainEqual({ operation: "conversion", method: null, currency: "USDT", percentage: 0.2, fixed: 0, minimum: 0 });
      for (const op of ["cashin", "cashout", "conversion", "transfer"]) expect(f.body.data.fees.some((x) => x.operation === op)).toBe(true);
    });
  });

  describe("cash-in", () => {
    it("PIX: a dynamic BR Code with expires_at, fee and amount_net", async () => {
      const c = await newClient(t.api, { name: "Padaria Pão Quente" });
      const before = t.clock.now();
      const r = await c.post<Data & { payment_info: Data }>("/v2/transactions/cashin", { amount: 10.5, currency: "BRL", external_id: uniq("e"), payer });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const d = r.body.data;
      expect(d.transaction_id).toMatch(HEX32);
      expect(d.status).toBe("pending");
      expect(d.amount).toBe(10.5);
      expect(d.fee).toBe(0.16); // 1.5 % of 10.50 = 0.1575, rounded half-even
      expect(d.amount_net).toBe(10.34);
      expect(secondsAhead(d.payment_info.expires_at as string, before)).toBeGreaterThanOrEqual(3600);
      expect(secondsAhead(d.payment_info.expires_at as string, before)).toBeLessThan(3610);
      const code = decodeBrCode(d.payment_info.qrcode as string);
      expect(code.ok).toBe(true);
      if (!code.ok) return;
      expect(code.value.pointOfInitiation).toBe("dynamic");
      expect(code.value.url).toContain(d.transaction_id as string);
      expect(code.value.amount).toBe("10.50");
      expect(code.value.merchantName).toBe("Padaria Pao Quente");
      expect(code.value.currency).toBe("986");
    });

    it("SPEI: a CLABE with a real bank and plaza code, and its bank_code", async () => {
      const c = await newClient(t.api);
      const r = await c.post<{ payment_info: { clabe: string; bank_code: string } }>("/v2/transactions/cashin", { amount: 250, currency: "MXN", external_id: uniq("e"), payer });
      expect(r.status).toBe(201);
      const v = validateClabe(r.body.data.payment_info.clabe, { requireKnownBank: true });
      expect(v.ok).toBe(true);
      if (!v.ok) return;
      expect(r.body.data.payment_info.bank_code).toBe(v.value.bankCode);
      expect(clabePlazaName(v.value.plazaCode)).toBeDefined();
    });

    it.each([
      ["tron", "USDT", 25],
      ["ethereum", "ETH", 0.05],
      ["bsc", "BNB", 0.5],
      ["polygon", "USDC", 12.5],
      ["solana", "SOL", 1.25],
      ["bitcoin", "BTC", 0.0001],
    ] as const)("crypto on %s: a deposit address valid for the chain, 30 minutes", async (chain, currency, amount) => {
      const c = await newClient(t.api);
      const before = t.clock.now();
      const r = await c.post<Data & { payment_info: Data }>("/v2/transactions/cashin", { amount, currency, chain, external_id: uniq("e"), payer });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const d = r.body.data;
      expect(d.amount).toBe(String(amount)); // a decimal string
      expect(d.chain).toBe(chain);
      expect(d.deposit_address).toBe(d.payment_info.address);
      expect(d.payment_info.chain).toBe(chain);
      expect(d.payment_info.network).toBe(chain);
      expect(d.payment_info.min_confirmations).toBe(CHAINS[chain].confirmations);
      expect(validateAddress(chain, d.deposit_address as string).ok).toBe(true);
      const ttl = secondsAhead(d.expires_at as string, before);
      expect(ttl).toBeGreaterThanOrEqual(1800);
      expect(ttl).toBeLessThan(1810);
    });

    it("names the missing or invalid field as a dotted path (MISSING_REQUIRED_FIELD)", async () => {
      const c = await newClient(t.api);
      const base = { amount: 10, currency: "BRL", external_id: uniq("e"), payer };
      const noPayer = await c.post("/v2/transactions/cashin", { ...base, payer: undefined });
      expectError(noPayer, 400, "MISSING_REQUIRED_FIELD");
      expect(noPayer.body.error.details?.field).toBe("payer");
      const noName = await c.post("/v2/transactions/cashin", { ...base, payer: { document: "1" } });
      expect(noName.body.error.details?.field).toBe("payer.name");
      const badEmail = await c.post("/v2/transactions/cashin", { ...base, payer: { ...payer, email: "nope" } });
      expect(badEmail.body.error.details?.field).toBe("payer.email");
      const noChain = await c.post("/v2/transactions/cashin", { ...base, currency: "USDT" });
      expectError(noChain, 400, "MISSING_REQUIRED_FIELD");
      expect(noChain.body.error.details?.field).toBe("chain");
      const longId = await c.post("/v2/transactions/cashin", { ...base, external_id: "x".repeat(65) });
      expect(longId.body.error.details?.field).toBe("external_id");
      const negative = await c.post("/v2/transactions/cashin", { ...base, amount: -5 });
      expect(negative.body.error.details?.field).toBe("amount");
      const http = await c.post("/v2/transactions/cashin", { ...base, postback_url: "http://example.com/hook" });
      expect(http.body.error.details?.field).toBe("postback_url");
      const ok = await c.post("/v2/transactions/cashin", { ...base, external_id: "x".repeat(64), postback_url: "http://127.0.0.1:9/hook" });
      expect(ok.status).toBe(201);
    });

    it("UNSUPPORTED_CHAIN with details.supported; INVALID_CURRENCY when the chain does not carry the coin", async () => {
      const c = await newClient(t.api);
      const r = await c.post("/v2/transactions/cashin", { amount: 10, currency: "USDT", chain: "arbitrum", external_id: uniq("e"), payer });
      expectError(r, ERROR_CODES.UNSUPPORTED_CHAIN.status, "UNSUPPORTED_CHAIN");
      expect(r.body.error.details?.supported).toEqual(["tron", "ethereum", "bsc", "polygon", "solana", "bitcoin"]);
      const cur = await c.post("/v2/transactions/cashin", { amount: 1, currency: "BTC", chain: "tron", external_id: uniq("e"), payer });
      expectError(cur, ERROR_CODES.INVALID_CURRENCY.status, "INVALID_CURRENCY");
    });

    it.each([
      ["BRL", 0.99, undefined, 1],
      ["USDT", 1.99, "tron", 2],
      ["BTC", 0.00009, "bitcoin", 0.0001],
    ] as const)("BELOW_MIN_LIMIT for %s %s with details.min_amount", async (currency, amount, chain, min) => {
      const c = await newClient(t.api);
      const r = await c.post("/v2/transactions/cashin", { amount, currency, ...(chain && { chain }), external_id: uniq("e"), payer });
      expectError(r, ERROR_CODES.BELOW_MIN_LIMIT.status, "BELOW_MIN_LIMIT");
      expect(r.body.error.details?.min_amount).toBe(min);
      const exact = await c.post("/v2/transactions/cashin", { amount: min, currency, ...(chain && { chain }), external_id: uniq("e"), payer });
      expect(exact.status).toBe(201);
    });

    it("EXCEEDS_MAX_LIMIT with details.max_amount; INVALID_AMOUNT beyond the currency's decimals", async () => {
      const c = await newClient(t.api);
      const r = await c.post("/v2/transactions/cashin", { amount: 100000.01, currency: "BRL", external_id: uniq("e"), payer });
      expectError(r, ERROR_CODES.EXCEEDS_MAX_LIMIT.status, "EXCEEDS_MAX_LIMIT");
      expect(r.body.error.details?.max_amount).toBe(100000);
      const dec = await c.post("/v2/transactions/cashin", { amount: 10.123, currency: "BRL", external_id: uniq("e"), payer });
      expectError(dec, ERROR_CODES.INVALID_AMOUNT.status, "INVALID_AMOUNT");
      expect(dec.body.error.details?.field).toBe("amount");
    });

    it("split: at most 95 %, known recipients, fixed amounts within the amount (INVALID_SPLIT_CONFIG)", async () => {
      const c = await newClient(t.api);
      const a = await newClient(t.api);
      const b = await newClient(t.api);
      const body = (split: unknown) => ({ amount: 100, currency: "BRL", external_id: uniq("e"), payer, split });
      const over = await c.post("/v2/transactions/cashin", body([{ username: a.username, percentage: 50 }, { username: b.username, percentage: 45.01 }]));
      expectError(over, ERROR_CODES.INVALID_SPLIT_CONFIG.status, "INVALID_SPLIT_CONFIG");
      const unknown = await c.post("/v2/transactions/cashin", body([{ username: "nobody_here", percentage: 10 }]));
      expectError(unknown, ERROR_CODES.INVALID_SPLIT_CONFIG.status, "INVALID_SPLIT_CONFIG");
      expect(unknown.body.error.details?.field).toBe("split.0.username");
      const fixed = await c.post("/v2/transactions/cashin", body([{ username: a.username, type: "fixed", amount: 100.01 }]));
      expectError(fixed, ERROR_CODES.INVALID_SPLIT_CONFIG.status, "INVALID_SPLIT_CONFIG");
      const both = await c.post("/v2/transactions/cashin", body([{ username: a.username, type: "fixed", amount: 60 }, { username: b.username, percentage: 50 }]));
      expectError(both, ERROR_CODES.INVALID_SPLIT_CONFIG.status, "INVALID_SPLIT_CONFIG");
      const ok = await c.post("/v2/transactions/cashin", body([{ username: a.username, percentage: 50 }, { username: b.username, percentage: 45 }]));
      expect(ok.status).toBe(201);
      const okFixed = await c.post("/v2/transactions/cashin", body([{ username: a.username, type: "fixed", amount: 30 }, { username: b.username, percentage: 10 }]));
      expect(okFixed.status).toBe(201);
    });

    it("refuses bodies that are not JSON objects, and other content types", async () => {
      const c = await newClient(t.api);
      expectError(await c.post("/v2/transactions/cashin", undefined, { raw: '{"amount": 10,' }), 400, "INVALID_JSON");
      expectError(await c.post("/v2/transactions/cashin", undefined, { raw: "[1,2]" }), 400, "INVALID_PAYLOAD");
      expectError(await c.post("/v2/transactions/cashin", undefined, { raw: "amount=10", contentType: "text/plain" }), 400, "UNSUPPORTED_CONTENT_TYPE");
      const charset = await c.post("/v2/transactions/cashin", { amount: 10, currency: "BRL", external_id: uniq("e"), payer }, { contentType: "application/json; charset=utf-8" });
      expect(charset.status).toBe(201);
    });
  });

  describe("idempotency", () => {
    it("returns the original answer for the same external_id and body, DUPLICATE_EXTERNAL_ID for another body", async () => {
      const c = await newClient(t.api);
      const externalId = uniq("e");
      const first = await c.post("/v2/transactions/cashin", { amount: 42, currency: "BRL", external_id: externalId, payer });
      const raw = `{"payer":{"email":"${payer.email}","document":"${payer.document}","name":"${payer.name}"},  "external_id":"${externalId}","currency":"BRL","amount":42.0}`;
      const again = await c.post("/v2/transactions/cashin", undefined, { raw });
      expect(again.status).toBe(201);
      expect(again.body.data).toEqual(first.body.data);
      const other = await c.post("/v2/transactions/cashin", { amount: 43, currency: "BRL", external_id: externalId, payer });
      expectError(other, 409, "DUPLICATE_EXTERNAL_ID");
      const list = await c.post<{ items: Data[] }>("/v2/account/transactions/list", { external_id: externalId });
      expect(list.body.data.items).toHaveLength(1);
    });

    it("creates one transaction for concurrent identical requests", async () => {
      const c = await newClient(t.api);
      const body = { amount: 77.7, currency: "BRL", external_id: uniq("e"), payer };
      const answers = await Promise.all(Array.from({ length: 12 }, () => c.post("/v2/transactions/cashin", body)));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
      expect(new Set(answers.map((a) => a.body.data.transaction_id)).size).toBe(1);
      const list = await c.post<{ items: Data[] }>("/v2/account/transactions/list", { external_id: body.external_id });
      expect(list.body.data.items).toHaveLength(1);
      const limits = await c.get<{ limits: Data[] }>("/v2/account/limits");
      expect(limits.body.data.limits.find((x) => x.currency === "BRL" && x.operation === "cashin")?.daily_used).toBe(77.7);
    });

    it("debits once for concurrent identical cash-outs, and replays with 202", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const body = { external_id: uniq("e"), amount: 30, currency: "BRL", key: "52998224725", key_type: "cpf" };
      const answers = await Promise.all(Array.from({ length: 8 }, () => c.signed("/v2/transactions/cashout", body)));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
      expect(new Set(answers.map((a) => a.body.data.transaction_id)).size).toBe(1);
      expect(await balanceOf(c, "BRL")).toEqual({ available: 70, blocked: 30, pending: 0 });
    });

    it("applies the 150-character external_id of boleto", async () => {
      const c = await newClient(t.api);
      const ok = await c.post("/v2/boleto", boletoBody({ external_id: "b".repeat(150) }));
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      const again = await c.post("/v2/boleto", boletoBody({ external_id: "b".repeat(150) }));
      expect(again.status).toBe(201);
      expect(again.body.data).toEqual(ok.body.data);
      const long = await c.post("/v2/boleto", boletoBody({ external_id: "b".repeat(151) }));
      expectError(long, 400, "MISSING_REQUIRED_FIELD");
      expect(long.body.error.details?.field).toBe("external_id");
    });
  });

  describe("cash-out", () => {
    it.each([
      ["cpf", "529.982.247-25"],
      ["cnpj", "11222333000181"],
      ["email", "Maria@Example.com"],
      ["phone", "+5511987654321"],
      ["random", "123e4567-e89b-42d3-a456-426614174000"],
    ])("PIX key %s: 202 pending, debited from available into blocked", async (keyType, key) => {
      const c = await newClient(t.api, { balances: { BRL: 50 } });
      const r = await c.signed<Data>("/v2/transactions/cashout", { external_id: uniq("e"), amount: 20, currency: "BRL", key, key_type: keyType });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      expect(r.body.data.status).toBe("pending");
      expect(r.body.data.transaction_id).toMatch(HEX32);
      expect(r.body.data.fee).toBe(0.5);
      expect(r.body.data.amount_net).toBe(19.5);
      expect(await balanceOf(c, "BRL")).toEqual({ available: 30, blocked: 20, pending: 0 });
    });

    it("INVALID_PIX_KEY for a key that does not fit its key_type; MISSING_REQUIRED_FIELD without key_type", async () => {
      const c = await newClient(t.api, { balances: { BRL: 50 } });
      for (const [key, keyType] of [
        ["52998224724", "cpf"],
        ["not-an-email", "email"],
        ["+55123", "phone"],
        ["123e4567-e89b-12d3-a456-426614174000", "random"],
      ]) {
        const r = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 5, currency: "BRL", key, key_type: keyType });
        expectError(r, ERROR_CODES.INVALID_PIX_KEY.status, "INVALID_PIX_KEY");
        expect(r.body.error.details?.field).toBe("key");
      }
      const missing = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 5, currency: "BRL", key: "52998224725" });
      expectError(missing, 400, "MISSING_REQUIRED_FIELD");
      expect(missing.body.error.details?.field).toBe("key_type");
      expect(await balanceOf(c, "BRL")).toEqual({ available: 50, blocked: 0, pending: 0 });
    });

    it("INSUFFICIENT_BALANCE leaves the ledger untouched", async () => {
      const c = await newClient(t.api, { balances: { BRL: 10 } });
      const r = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 10.01, currency: "BRL", key: "52998224725", key_type: "cpf" });
      expectError(r, 422, "INSUFFICIENT_BALANCE");
      expect(r.body.error.details?.available).toBe(10);
      expect(await balanceOf(c, "BRL")).toEqual({ available: 10, blocked: 0, pending: 0 });
      const list = await c.post<{ items: Data[] }>("/v2/account/transactions/list", {});
      expect(list.body.data.items).toHaveLength(0);
    });

    it("SPEI to a CLABE (bank auto-detected); bad check digit, missing name, wrong bank_code", async () => {
      const c = await newClient(t.api, { balances: { MXN: 1000 } });
      const clabe = generateClabe(undefined, { bankCode: "012" });
      const ok = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 100, currency: "MXN", key: clabe, name: "Juan Pérez" });
      expect(ok.status, JSON.stringify(ok.body)).toBe(202);
      const wrongDigit = clabe.slice(0, 17) + String((Number(clabe[17]) + 1) % 10);
      const bad = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 100, currency: "MXN", key: wrongDigit, name: "Juan" });
      expectError(bad, 400, "INVALID_FORMAT");
      expect(bad.body.error.details?.field).toBe("key");
      const noName = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 100, currency: "MXN", key: clabe });
      expectError(noName, 400, "MISSING_REQUIRED_FIELD");
      expect(noName.body.error.details?.field).toBe("name");
      const bank = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 100, currency: "MXN", key: clabe, name: "Juan", bank_code: "002" });
      expectError(bank, ERROR_CODES.INVALID_VALUE.status, "INVALID_VALUE");
      expect(await balanceOf(c, "MXN")).toEqual({ available: 900, blocked: 100, pending: 0 });
    });

    it.each(["arbitrum", "base", "optimism", "ethereum", "tron", "polygon", "bsc", "solana"] as const)("crypto to a valid address on %s", async (network) => {
      const c = await newClient(t.api, { balances: { USDT: 100 } });
      const r = await c.signed<Data>("/v2/transactions/cashout", { external_id: uniq("e"), amount: 10, currency: "USDT", key: generateAddress(network), network });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      expect(r.body.data.network).toBe(network);
      expect(await balanceOf(c, "USDT")).toEqual({ available: 90, blocked: 10, pending: 0 });
    });

    it("crypto errors: network absent, address of another chain, coin not on the network", async () => {
      const c = await newClient(t.api, { balances: { USDT: 100, BTC: 1 } });
      const noNet = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 10, currency: "USDT", key: generateAddress("tron") });
      expectError(noNet, 400, "MISSING_REQUIRED_FIELD");
      expect(noNet.body.error.details?.field).toBe("network");
      const wrongAddr = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 10, currency: "USDT", key: generateAddress("tron"), network: "ethereum" });
      expectError(wrongAddr, ERROR_CODES.INVALID_CRYPTO_ADDRESS.status, "INVALID_CRYPTO_ADDRESS");
      const btcEth = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 0.01, currency: "BTC", key: generateAddress("ethereum"), network: "ethereum" });
      expectError(btcEth, ERROR_CODES.INVALID_CURRENCY.status, "INVALID_CURRENCY");
      const badNet = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 10, currency: "USDT", key: "x", network: "dogecoin" });
      expectError(badNet, ERROR_CODES.UNSUPPORTED_CHAIN.status, "UNSUPPORTED_CHAIN");
      expect((badNet.body.error.details?.supported as string[]).includes("optimism")).toBe(true);
      const btc = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 0.001, currency: "BTC", key: generateAddress("bitcoin"), network: "bitcoin" });
      expect(btc.status).toBe(202);
    });

    it("legacy POST /v2/pix/payment: a BRL PIX cash-out, signed, 202 pending, idempotent", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const body = { external_id: uniq("e"), amount: 25, key: "maria@example.com", key_type: "email", description: "legacy" };
      const r = await c.signed<Data>("/v2/pix/payment", body);
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      expect(r.body.data.status).toBe("pending");
      expect(r.body.data.transaction_id).toMatch(HEX32);
      const again = await c.signed<Data>("/v2/pix/payment", body);
      expect(again.status).toBe(202);
      expect(again.body.data.transaction_id).toBe(r.body.data.transaction_id);
      expect(await balanceOf(c, "BRL")).toEqual({ available: 75, blocked: 25, pending: 0 });
      expectError(await c.signed("/v2/pix/payment", { ...body, external_id: uniq("e"), key_type: "cpf" }), ERROR_CODES.INVALID_PIX_KEY.status, "INVALID_PIX_KEY");
    });
  });

  describe("wallets", () => {
    it("BRL pix_key, MXN clabe, crypto address with min_confirmations (201)", async () => {
      const c = await newClient(t.api);
      const brl = await c.post<Data>("/v2/transactions/wallet", { currency: "BRL" });
      expect(brl.status).toBe(201);
      expect(brl.body.data.wallet_id).toMatch(HEX32);
      expect(brl.body.data.pix_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const mxn = await c.post<Data>("/v2/transactions/wallet", { currency: "MXN" });
      expect(validateClabe(mxn.body.data.clabe as string, { requireKnownBank: true }).ok).toBe(true);
      const usdt = await c.post<Data>("/v2/transactions/wallet", { currency: "USDT", chain: "polygon" });
      expect(usdt.body.data.chain).toBe("polygon");
      expect(usdt.body.data.min_confirmations).toBe(32);
      expect(validateAddress("polygon", usdt.body.data.address as string).ok).toBe(true);
      const btc = await c.post<Data>("/v2/transactions/wallet", { currency: "BTC" });
      expect(btc.body.data.chain).toBe("bitcoin");
      expect(validateAddress("bitcoin", btc.body.data.address as string).ok).toBe(true);
      expectError(await c.post("/v2/transactions/wallet", { currency: "USDT", chain: "bitcoin" }), ERROR_CODES.INVALID_CURRENCY.status, "INVALID_CURRENCY");
      expectError(await c.post("/v2/transactions/wallet", { currency: "BRL", chain: "tron" }), ERROR_CODES.INVALID_VALUE.status, "INVALID_VALUE");
      expectError(await c.post("/v2/transactions/wallet", {}), 400, "MISSING_REQUIRED_FIELD");
    });
  });

  describe("internal transfers", () => {
    it("moves money between both ledgers at once, status confirmed, listed on both sides", async () => {
      const a = await newClient(t.api, { balances: { BRL: 1 } });
      const b = await newClient(t.api);
      const first = await a.signed<Data>("/v2/internal_transfers/payment", { username: b.username, amount: 0.1, currency: "BRL", description: "rent" });
      const second = await a.signed<Data>("/v2/internal_transfers/payment", { username: b.username, amount: 0.2, currency: "BRL", external_id: uniq("e") });
      expect(first.status).toBe(202);
      expect(first.body.data).toMatchObject({ from_user: a.username, to_user: b.username, status: "confirmed", amount: 0.1, currency: "BRL" });
      expect(second.status).toBe(202);
      // exact decimal arithmetic: 0.1 + 0.2 is 0.3, 1 - 0.3 is 0.7
      expect(await balanceOf(b, "BRL")).toEqual({ available: 0.3, blocked: 0, pending: 0 });
      expect(await balanceOf(a, "BRL")).toEqual({ available: 0.7, blocked: 0, pending: 0 });
      const mine = await a.post<{ items: Data[] }>("/v2/account/transactions/list", { source: "internal_transfer" });
      const theirs = await b.post<{ items: Data[] }>("/v2/account/transactions/list", { source: "internal_transfer" });
      expect(mine.body.data.items.map((i) => i.type)).toEqual(["cashout", "cashout"]);
      expect(theirs.body.data.items.map((i) => i.type)).toEqual(["cashin", "cashin"]);
      expect(theirs.body.data.items.map((i) => i.transaction_id).sort()).toEqual([first.body.data.transaction_id, second.body.data.transaction_id].sort());
    });

    it("SELF_TRANSFER_BLOCKED, unknown recipient, INSUFFICIENT_BALANCE", async () => {
      const a = await newClient(t.api, { balances: { BRL: 5 } });
      const b = await newClient(t.api);
      expectError(await a.signed("/v2/internal_transfers/payment", { username: a.username, amount: 1, currency: "BRL" }), ERROR_CODES.SELF_TRANSFER_BLOCKED.status, "SELF_TRANSFER_BLOCKED");
      expectError(await a.signed("/v2/internal_transfers/payment", { username: "no_such_user", amount: 1, currency: "BRL" }), 404, "NOT_FOUND");
      expectError(await a.signed("/v2/internal_transfers/payment", { username: b.username, amount: 6, currency: "BRL" }), 422, "INSUFFICIENT_BALANCE");
      expect(await balanceOf(a, "BRL")).toEqual({ available: 5, blocked: 0, pending: 0 });
      expect(await balanceOf(b, "BRL")).toEqual({ available: 0, blocked: 0, pending: 0 });
    });
  });

  describe("conversions", () => {
    it("rate, simulate (quote with spread and fee, 30 s) and new at the quoted rate", async () => {
      const c = await newClient(t.api, { balances: { USDT: 100 } });
      const q = { amount: 10, base_currency: "USDT", destination_currency: "BRL" };
      const rate = await c.post<Data>("/v2/conversions/rate", q);
      expect(rate.status).toBe(200);
      expect(rate.body.data.rate as number).toBeGreaterThan(5.0);
      expect(rate.body.data.rate as number).toBeLessThan(5.2);
      expect(typeof rate.body.data.timestamp).toBe("string");
      const before = t.clock.now();
      const sim = await c.post<Data>("/v2/conversions/simulate", q);
      expect(sim.status).toBe(200);
      expect(sim.body.data).toMatchObject({ from_amount: 10, spread: 0.5, fee: 0.02 });
      const simRate = sim.body.data.rate as number;
      expect(sim.body.data.to_amount).toBe(Math.floor((10 - 0.02) * simRate * 100) / 100);
      const ttl = secondsAhead(sim.body.data.expires_at as string, before);
      expect(ttl).toBeGreaterThanOrEqual(30);
      expect(ttl).toBeLessThan(35);
      await t.api.advance(20); // still within the quote
      const done = await c.signed<Data>("/v2/conversions/new", { ...q, external_id: uniq("e") });
      expect(done.status, JSON.stringify(done.body)).toBe(202);
      expect(done.body.data).toMatchObject({ amount_from: 10, currency_from: "USDT", currency_to: "BRL", rate: simRate, amount_to: sim.body.data.to_amount, fee: 0.02, status: "confirmed" });
      expect(done.body.data.conversion_id).toMatch(HEX32);
      expect(await balanceOf(c, "USDT")).toEqual({ available: 90, blocked: 0, pending: 0 });
      expect((await balanceOf(c, "BRL")).available).toBe(sim.body.data.to_amount);
      const list = await c.post<{ items: Data[] }>("/v2/account/transactions/list", { source: "conversion" });
      expect(list.body.data.items).toHaveLength(1);
      expect(list.body.data.items[0]).toMatchObject({ type: "conversion", currency: "USDT", amount: 10, counter_currency: "BRL" });
    });

    it("after the quote expires, /new takes the current rate", async () => {
      const c = await newClient(t.api, { balances: { USDT: 100 } });
      const q = { amount: 10, base_currency: "USDT", destination_currency: "BRL" };
      await c.post("/v2/conversions/simulate", q);
      await t.api.advance(31);
      // The mid rate holds for a minute of the sandbox clock (RATE_WINDOW_SECONDS): a new minute is
      // begun first, so that /rate and /new below fall in the same one however long the machine
      // takes between them (a CI run once crossed into the next minute there).
      await t.api.advance(Math.ceil(RATE_WINDOW_SECONDS - ((t.clock.now() / 1000) % RATE_WINDOW_SECONDS)) + 1);
      const now = await c.post<Data>("/v2/conversions/rate", q);
      const done = await c.signed<Data>("/v2/conversions/new", q);
      expect(done.status).toBe(202);
      expect(done.body.data.rate).toBe(now.body.data.rate);
      expect(done.body.data.amount_to).toBe(now.body.data.estimated_amount);
    });

    it("refuses the same currency on both sides and a missing balance", async () => {
      const c = await newClient(t.api, { balances: { USDT: 1 } });
      expectError(await c.post("/v2/conversions/rate", { amount: 10, base_currency: "BRL", destination_currency: "BRL" }), ERROR_CODES.INVALID_CURRENCY.status, "INVALID_CURRENCY");
      expectError(await c.signed("/v2/conversions/new", { amount: 10, base_currency: "USDT", destination_currency: "BRL" }), 422, "INSUFFICIENT_BALANCE");
      expect(await balanceOf(c, "USDT")).toEqual({ available: 1, blocked: 0, pending: 0 });
    });
  });

  describe("transaction list", () => {
    it("filters by status, type, source, currency, dates, ids, and paginates", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const other = await newClient(t.api);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await c.post<Data>("/v2/transactions/cashin", { amount: 10 + i, currency: "BRL", external_id: `in-${i}`, payer });
        ids.push(r.body.data.transaction_id as string);
      }
      await c.post("/v2/transactions/cashin", { amount: 5, currency: "USDT", chain: "tron", external_id: "in-usdt", payer });
      const out = await c.signed<Data>("/v2/transactions/cashout", { external_id: "out-1", amount: 5, currency: "BRL", key: "52998224725", key_type: "cpf" });
      await c.signed("/v2/internal_transfers/payment", { username: other.username, amount: 1, currency: "BRL" });
      const list = (f: Data) => c.post<{ items: Data[]; page: number; page_size: number; has_next: boolean; has_prev: boolean }>("/v2/account/transactions/list", f);

      const all = await list({});
      expect(all.body.data).toMatchObject({ page: 1, page_size: 50, has_next: false, has_prev: false });
      expect(all.body.data.items).toHaveLength(6);
      expect(all.body.data.items[0]!.source).toBe("internal_transfer"); // newest first
      const item = all.body.data.items.find((i) => i.transaction_id === ids[0])!;
      expect(item).toMatchObject({ external_id: "in-0", type: "cashin", source: "cashin", status: "pending", amount: 10, currency: "BRL", payment_method: "PIX", payer_name: payer.name, payer_document: payer.document, origin: "dynamic_qr" });
      expect(typeof item.created_at).toBe("string");

      expect((await list({ type: "cashout" })).body.data.items).toHaveLength(2);
      expect((await list({ type: "cashin" })).body.data.items).toHaveLength(4);
      expect((await list({ source: "cashout" })).body.data.items.map((i) => i.transaction_id)).toEqual([out.body.data.transaction_id]);
      expect((await list({ status: "confirmed" })).body.data.items).toHaveLength(1);
      expect((await list({ status: "pending" })).body.data.items).toHaveLength(5);
      expect((await list({ status: "failed" })).body.data.items).toHaveLength(0);
      expect((await list({ currency: "USDT" })).body.data.items.map((i) => i.external_id)).toEqual(["in-usdt"]);
      expect((await list({ transaction_id: ids[1] })).body.data.items.map((i) => i.external_id)).toEqual(["in-1"]);
      expect((await list({ external_id: "in-2" })).body.data.items.map((i) => i.transaction_id)).toEqual([ids[2]]);
      const today = new Date(t.clock.now()).toISOString().slice(0, 10);
      expect((await list({ from_date: today, to_date: today })).body.data.items).toHaveLength(6);
      expect((await list({ from_date: "2000-01-01", to_date: "2000-01-02" })).body.data.items).toHaveLength(0);

      const p1 = await list({ page_size: 4 });
      expect(p1.body.data).toMatchObject({ page: 1, page_size: 4, has_next: true, has_prev: false });
      const p2 = await list({ page_size: 4, page: 2 });
      expect(p2.body.data).toMatchObject({ page: 2, page_size: 4, has_next: false, has_prev: true });
      expect(p2.body.data.items).toHaveLength(2);
      const seen = [...p1.body.data.items, ...p2.body.data.items].map((i) => i.transaction_id);
      expect(new Set(seen).size).toBe(6);

      const big = await list({ page_size: 101 });
      expectError(big, 400, "MISSING_REQUIRED_FIELD");
      expect(big.body.error.details?.field).toBe("page_size");
      const badStatus = await list({ status: "paid" });
      expect(badStatus.body.error.details?.field).toBe("status");
      const badDate = await list({ from_date: "2024-02-30" });
      expect(badDate.body.error.details?.field).toBe("from_date");
      // another account sees none of it
      expect((await other.post<{ items: Data[] }>("/v2/account/transactions/list", { source: "cashin" })).body.data.items).toHaveLength(0);
    });

    it("accepts a POST without a body", async () => {
      const c = await newClient(t.api);
      const r = await c.post("/v2/account/transactions/list");
      expect(r.status).toBe(200);
    });
  });

  describe("boleto", () => {
    it("BOLETO: 201 with a barcode and digitable line that real tools accept, due today + 3", async () => {
      const c = await newClient(t.api);
      const r = await c.post<Data & { boleto: Record<string, string | null> }>("/v2/boleto", boletoBody());
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const d = r.body.data;
      expect(d).toMatchObject({ external_id: null, amount: 150.25, payment_method: "BOLETO", status: "pending" });
      expect(d.transaction_id).toMatch(HEX32);
      expect(typeof d.gateway_id).toBe("number");
      const b = d.boleto;
      expect(b.url).toBeNull();
      expect(b.registration).toBe("pending");
      expect(b.barcode).toMatch(/^\d{44}$/);
      expect(validateBarcode(b.barcode!).ok).toBe(true);
      expect(validateDigitableLine(b.digitable_line!).ok).toBe(true);
      expect(b.digitable_line!.replace(/\D/g, "")).toHaveLength(47);
      const line = barcodeToDigitableLine(b.barcode!);
      expect(line.ok && line.value).toBe(b.digitable_line!.replace(/\D/g, ""));
      const parsed = parseBoleto(b.barcode!, { referenceDate: new Date(t.clock.now()) });
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.value.amount).toBe("150.25");
      const brasilia = new Date(t.clock.now() - 3 * 3600_000);
      const due = new Date(Date.UTC(brasilia.getUTCFullYear(), brasilia.getUTCMonth(), brasilia.getUTCDate() + 3)).toISOString().slice(0, 10);
      expect(b.due_date).toBe(due);
      expect(parsed.value.dueDate).toBe(due);
    });

    it("PIX_BOLETO adds a BR Code; caller transaction_id; alphanumeric CNPJ; due_date", async () => {
      const c = await newClient(t.api);
      const cnpj = generateCnpj(undefined, { alphanumeric: true });
      const due = new Date(t.clock.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      const body = boletoBody({ method: "PIX_BOLETO", transaction_id: "order-778", due_date: due, payer: { ...boletoBody().payer, document: cnpj } });
      const r = await c.post<Data & { boleto: Record<string, string> }>("/v2/boleto", body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data.transaction_id).toBe("order-778");
      expect(r.body.data.boleto.due_date).toBe(due);
      expect(decodeBrCode(r.body.data.boleto.pix_qrcode!).ok).toBe(true);
      const dup = await c.post("/v2/boleto", boletoBody({ transaction_id: "order-778" }));
      expectError(dup, 409, "DUPLICATE_RESOURCE");
      const list = await c.post<{ items: Data[] }>("/v2/account/transactions/list", { transaction_id: "order-778" });
      expect(list.body.data.items[0]).toMatchObject({ payment_method: "PIX_BOLETO", status: "pending", amount: 150.25 });
    });

    it("INVALID_DOCUMENT (400), dotted fields, past due date, LIMIT_EXCEEDED (403)", async () => {
      const c = await newClient(t.api);
      const bad = await c.post("/v2/boleto", boletoBody({ payer: { ...boletoBody().payer, document: "52998224724" } }));
      expectError(bad, 400, "INVALID_DOCUMENT");
      expect(bad.body.error.details?.field).toBe("payer.document");
      const zip = await c.post("/v2/boleto", boletoBody({ payer: { ...boletoBody().payer, address: { ...boletoBody().payer.address, zipCode: "01305-000" } } }));
      expectError(zip, 400, "MISSING_REQUIRED_FIELD");
      expect(zip.body.error.details?.field).toBe("payer.address.zipCode");
      const uf = await c.post("/v2/boleto", boletoBody({ payer: { ...boletoBody().payer, address: { ...boletoBody().payer.address, uf: "sp" } } }));
      expect(uf.body.error.details?.field).toBe("payer.address.uf");
      const phone = await c.post("/v2/boleto", boletoBody({ payer: { ...boletoBody().payer, phone: "(11) 98765-4321" } }));
      expect(phone.body.error.details?.field).toBe("payer.phone");
      const method = await c.post("/v2/boleto", boletoBody({ method: "CARD" }));
      expect(method.body.error.details?.field).toBe("method");
      const low = await c.post("/v2/boleto", boletoBody({ amount: 0.99 }));
      expect(low.body.error.details?.field).toBe("amount");
      const past = await c.post("/v2/boleto", boletoBody({ due_date: "2020-01-01" }));
      expectError(past, ERROR_CODES.INVALID_VALUE.status, "INVALID_VALUE");
      const c2 = await newClient(t.api);
      const high = await c2.post("/v2/boleto", boletoBody({ amount: 100000.01 }));
      expectError(high, 403, "LIMIT_EXCEEDED");
      expect(high.body.error.details?.max_amount).toBe(100000);
    });
  });

  describe("PIX decode", () => {
    it("decodes the sandbox's own dynamic code: receiver, city, amount, txid", async () => {
      const c = await newClient(t.api, { name: "Mercado Central", document: "11222333000181" });
      const r = await c.post<Data & { payment_info: { qrcode: string } }>("/v2/transactions/cashin", { amount: 99.9, currency: "BRL", external_id: uniq("e"), payer });
      const d = await c.post<Data>("/v2/pix/decode", { pix_key: r.body.data.payment_info.qrcode });
      expect(d.status).toBe(200);
      expect(d.body.data).toEqual({ receiver_name: "Mercado Central", receiver_document: "11222333000181", city: "SAO PAULO", amount: 99.9, txid: r.body.data.transaction_id });
    });

    it("decodes a static code; INVALID_PIX_KEY for a broken one", async () => {
      const c = await newClient(t.api);
      const code = buildStaticBrCode({ pixKey: "52998224725", merchantName: "Fulano de Tal", merchantCity: "Recife", amount: "12.34", txid: "ABC123" });
      const d = await c.post<Data>("/v2/pix/decode", { pix_key: code });
      expect(d.body.data).toEqual({ receiver_name: "Fulano de Tal", receiver_document: "52998224725", city: "Recife", amount: 12.34, txid: "ABC123" });
      const noAmount = await c.post<Data>("/v2/pix/decode", { pix_key: buildStaticBrCode({ pixKey: "maria@example.com", merchantName: "X", merchantCity: "Y" }) });
      expect(noAmount.body.data).toEqual({ receiver_name: "X", receiver_document: null, city: "Y", amount: null, txid: null });
      const broken = await c.post("/v2/pix/decode", { pix_key: code.slice(0, -1) + (code.endsWith("0") ? "1" : "0") });
      expectError(broken, ERROR_CODES.INVALID_PIX_KEY.status, "INVALID_PIX_KEY");
      expectError(await c.post("/v2/pix/decode", {}), 400, "MISSING_REQUIRED_FIELD");
    });
  });

  describe("daily limits", () => {
    it("LIMIT_EXCEEDED (409) once the day's volume is spent; a new day starts afresh", async () => {
      const c = await newClient(t.api);
      for (let i = 0; i < 10; i++) expect((await c.post("/v2/transactions/cashin", { amount: 100000, currency: "BRL", external_id: `big-${i}`, payer })).status).toBe(201);
      const over = await c.post("/v2/transactions/cashin", { amount: 1, currency: "BRL", external_id: "big-10", payer });
      expectError(over, 409, "LIMIT_EXCEEDED");
      expect(over.body.error.details).toMatchObject({ period: "daily", limit: 1000000, used: 1000000 });
      // a replay of an accepted request still answers the original
      const replay = await c.post("/v2/transactions/cashin", { amount: 100000, currency: "BRL", external_id: "big-3", payer });
      expect(replay.status).toBe(201);
      const limits = await c.get<{ limits: Data[] }>("/v2/account/limits");
      expect(limits.body.data.limits.find((x) => x.currency === "BRL" && x.operation === "cashin")).toMatchObject({ daily_used: 1000000, monthly_used: 1000000 });
      const boleto = await c.post("/v2/boleto", boletoBody());
      expectError(boleto, 403, "LIMIT_EXCEEDED");
      await t.api.advance(86_400);
      const token = await tokenOf(t.api, c.credential); // the old token expired with the day
      const next = await t.api.post("/v2/transactions/cashin", { amount: 1, currency: "BRL", external_id: "big-11", payer }, { token });
      expect(next.status).toBe(201);
    });
  });
});
