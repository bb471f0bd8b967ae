/**
 * State machines (spec "States and transitions") over HTTP: every transition of cash-ins and
 * cash-outs driven by POST /sandbox/transactions/{id}/simulate and by time (expiry on the sandbox
 * clock, auto-settlement, boleto registration; the real-time ticker), each with its balance effect
 * and its webhook received by a real HTTP receiver on loopback; illegal transitions; boleto, wallet
 * deposits, transfers and conversions with their events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/payment-api/schemas/errors";
import { webhookPayloadSchema } from "@/lib/payment-api/schemas/webhooks";
import { validateAddress } from "@/lib/payments/crypto-address";
import { BACKENDS, balanceOf, boletoBody, newClient, payer, refreshed, startSandbox, uniq, type Answer, type Client, type TestSandbox } from "./helpers";
import { eventually } from "@/test/support/eventually";
import { Receiver, type Received } from "./receiver";

type Data = Record<string, unknown>;

function expectError(r: Answer, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.error.code).toBe(code);
  expect(r.body.error.group).toBe(ERROR_CODES[code as keyof typeof ERROR_CODES].group);
}

const E2E = /^E99999999\d{12}[A-Za-z0-9]{11}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const byEvent = (ws: Received[], event: string): Received => {
  const w = ws.find((x) => x.body.event === event);
  if (!w) throw new Error(`no ${event} among ${ws.map((x) => String(x.body.event)).join(", ")}`);
  return w;
};

/** Headers and envelope every webhook shares (spec "Events"; ARCHITECTURE choices). */
function expectWebhook(w: Received, event: string) {
  expect(w.method).toBe("POST");
  expect(w.headers["content-type"]).toBe("application/json");
  expect(w.headers["x-service-event"]).toBe(event);
  expect(w.headers["x-service-timestamp"]).toMatch(ISO_UTC);
  expect(["127.0.0.1", "::ffff:127.0.0.1"]).toContain(w.remoteAddress);
  expect(w.body.event).toBe(event);
  expect(webhookPayloadSchema.safeParse(w.body).success).toBe(true);
}

describe.each(BACKENDS)("lifecycles ($name)", (backend) => {
  let t: TestSandbox;
  let rx: Receiver;
  beforeAll(async () => {
    [t, rx] = await Promise.all([startSandbox(backend), Receiver.start()]);
  });
  afterAll(async () => {
    await t?.dispose();
    await rx?.close();
  });

  const simulate = (id: string, event: string, extra: Data = {}) => t.api.admin<Data>("POST", `/sandbox/transactions/${id}/simulate`, { event, ...extra });

  async function charge(c: Client, path: string, body: Data = {}) {
    const r = await c.post<Data>("/v2/transactions/cashin", { amount: 100, currency: "BRL", external_id: uniq("e"), payer, postback_url: rx.url(path), ...body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data.transaction_id as string;
  }

  async function payout(c: Client, path: string, body: Data = {}) {
    const r = await c.signed<Data>("/v2/transactions/cashout", {
      external_id: uniq("e"),
      amount: 40,
      currency: "BRL",
      key: "52998224725",
      key_type: "cpf",
      postback_url: rx.url(path),
      ...body,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    return r.body.data.transaction_id as string;
  }

  async function listed(c: Client, id: string): Promise<Data> {
    const r = await c.post<{ items: Data[] }>("/v2/account/transactions/list", { transaction_id: id });
    expect(r.body.data.items).toHaveLength(1);
    return r.body.data.items[0]!;
  }

  describe("cash-in", () => {
    it("pending → confirmed: amount_net credited; cashin.confirmed with e2e_id, source, payment_method, payer", async () => {
      const c = await newClient(t.api, { balances: { BRL: 5 } });
      const path = `/${uniq("h")}`;
      const id = await charge(c, path, { amount: 10.5 });
      expect(await balanceOf(c, "BRL")).toEqual({ available: 5, blocked: 0, pending: 0 });
      const r = await simulate(id, "cashin.confirmed");
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ transaction_id: id, status: "confirmed", event: "cashin.confirmed" });
      expect(await balanceOf(c, "BRL")).toEqual({ available: 5 + 10.34, blocked: 0, pending: 0 });
      const [w] = await rx.waitCount(path, 1);
      expectWebhook(w!, "cashin.confirmed");
      expect(w!.body).toMatchObject({
        transaction_id: id,
        status: "confirmed",
        amount: 10.5,
        fee: 0.16,
        amount_net: 10.34,
        currency: "BRL",
        source: "dynamic_qr",
        payment_method: "PIX",
        payer_name: payer.name,
        payer_document: payer.document,
      });
      expect(w!.body.e2e_id).toMatch(E2E);
      const item = await listed(c, id);
      expect(item).toMatchObject({ status: "confirmed", e2e_id: w!.body.e2e_id });
    });

    it("split shares go to the recipients at settlement, out of amount_net", async () => {
      const c = await newClient(t.api);
      const a = await newClient(t.api);
      const b = await newClient(t.api);
      const id = await charge(c, `/${uniq("h")}`, {
        amount: 200,
        split: [
          { username: a.username, percentage: 10 },
          { username: b.username, type: "fixed", amount: 20 },
        ],
      });
      await simulate(id, "cashin.confirmed");
      // fee 1.5 % of 200 = 3 → amount_net 197; a: 10 % of 197 = 19.70; b: 20; merchant: 157.30
      expect((await balanceOf(a, "BRL")).available).toBe(19.7);
      expect((await balanceOf(b, "BRL")).available).toBe(20);
      expect((await balanceOf(c, "BRL")).available).toBe(157.3);
      expect(await listed(a, id)).toMatchObject({ status: "confirmed", amount: 19.7, payment_method: "SPLIT", type: "cashin" });
      // refunding takes every share back
      expect((await simulate(id, "cashin.refunded")).status).toBe(200);
      for (const x of [a, b, c]) expect((await balanceOf(x, "BRL")).available).toBe(0);
      expect((await listed(a, id)).status).toBe("refunded");
    });

    it("confirmed → refunded debits what was credited (cashin.refunded); refund from pending and twice refused (409)", async () => {
      const c = await newClient(t.api, { balances: { BRL: 1 } });
      const path = `/${uniq("h")}`;
      const id = await charge(c, path);
      const early = await simulate(id, "cashin.refunded");
      expectError(early, 409, "INVALID_VALUE");
      expect(early.body.error.details).toMatchObject({ field: "event", status: "pending", event: "cashin.refunded" });
      expect(early.body.error.details?.allowed_events).toEqual(["cashin.confirmed", "cashin.expired", "cashin.cancelled"]);
      await simulate(id, "cashin.confirmed");
      expect((await balanceOf(c, "BRL")).available).toBe(99.5);
      const r = await simulate(id, "cashin.refunded");
      expect(r.status).toBe(200);
      expect((await balanceOf(c, "BRL")).available).toBe(1);
      const refunded = byEvent(await rx.waitCount(path, 2), "cashin.refunded");
      expectWebhook(refunded, "cashin.refunded");
      expect(refunded.body).toMatchObject({ transaction_id: id, status: "refunded", amount: 100, amount_net: 98.5, payment_method: "PIX" });
      expectError(await simulate(id, "cashin.refunded"), 409, "INVALID_VALUE");
      expectError(await simulate(id, "cashin.confirmed"), 409, "INVALID_VALUE");
    });

    it("refund refused with INSUFFICIENT_BALANCE when the money is gone; nothing moves", async () => {
      const c = await newClient(t.api);
      const id = await charge(c, `/${uniq("h")}`);
      await simulate(id, "cashin.confirmed");
      expect((await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 90, currency: "BRL", key: "52998224725", key_type: "cpf" })).status).toBe(202);
      expectError(await simulate(id, "cashin.refunded"), 422, "INSUFFICIENT_BALANCE");
      expect(await balanceOf(c, "BRL")).toEqual({ available: 8.5, blocked: 90, pending: 0 });
      expect((await listed(c, id)).status).toBe("confirmed");
    });

    it("pending → expired at expires_at on the sandbox clock (cashin.expired); then no payment", async () => {
      let c = await newClient(t.api);
      const path = `/${uniq("h")}`;
      const id = await charge(c, path);
      const crypto = await c.post<Data>("/v2/transactions/cashin", { amount: 5, currency: "USDT", chain: "tron", external_id: uniq("e"), payer, postback_url: rx.url(path) });
      await t.api.advance(1790);
      expect((await listed(c, crypto.body.data.transaction_id as string)).status).toBe("pending");
      await t.api.advance(20); // 30 minutes: the crypto charge lapses, the PIX one (1 hour) does not
      expect((await listed(c, crypto.body.data.transaction_id as string)).status).toBe("expired");
      expect((await listed(c, id)).status).toBe("pending");
      await t.api.advance(1800);
      c = await refreshed(t.api, c); // an hour has passed: a new token
      expect((await listed(c, id)).status).toBe("expired");
      const ws = await rx.waitCount(path, 2);
      for (const w of ws) expectWebhook(w, "cashin.expired");
      expect(ws.map((w) => w.body.transaction_id).sort()).toEqual([id, crypto.body.data.transaction_id].sort());
      expect(ws.find((w) => w.body.transaction_id === id)!.body).toMatchObject({ status: "expired", payment_method: "PIX", source: "dynamic_qr" });
      expectError(await simulate(id, "cashin.confirmed"), 409, "INVALID_VALUE");
      expect((await balanceOf(c, "BRL")).available).toBe(0);
    });

    it("simulated cashin.expired; cashin.cancelled has no event; crypto confirmation carries a tx_hash valid for the chain", async () => {
      const c = await newClient(t.api);
      const path = `/${uniq("h")}`;
      const a = await charge(c, path);
      expect((await simulate(a, "cashin.expired")).body.data.status).toBe("expired");
      const b = await charge(c, path);
      expect((await simulate(b, "cashin.cancelled")).body.data).toMatchObject({ status: "cancelled", webhooks: [] });
      for (const [chain, currency] of [
        ["ethereum", "USDT"],
        ["solana", "SOL"],
        ["bitcoin", "BTC"],
        ["tron", "USDT"],
      ] as const) {
        const r = await c.post<Data>("/v2/transactions/cashin", { amount: currency === "BTC" ? 0.001 : 5, currency, chain, external_id: uniq("e"), payer, postback_url: rx.url(path) });
        await simulate(r.body.data.transaction_id as string, "cashin.confirmed");
      }
      const all = await rx.waitCount(path, 5);
      expect(byEvent(all, "cashin.expired").body.transaction_id).toBe(a);
      const ws = [byEvent(all, "cashin.expired"), ...all.filter((w) => w.body.event === "cashin.confirmed")];
      expect(ws).toHaveLength(5);
      const hashes = Object.fromEntries(ws.slice(1).map((w) => [w.body.chain as string, w.body.tx_hash as string]));
      expect(hashes.ethereum).toMatch(/^0x[0-9a-f]{64}$/);
      expect(hashes.tron).toMatch(/^[0-9a-f]{64}$/);
      expect(hashes.bitcoin).toMatch(/^[0-9a-f]{64}$/);
      expect(hashes.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
      for (const w of ws.slice(1)) {
        expect(w.body).toMatchObject({ status: "confirmed", payment_method: "CRYPTO", source: "dynamic_qr" });
        expect(validateAddress(w.body.chain as string, w.body.deposit_address as string).ok).toBe(true);
      }
      expect((await balanceOf(c, "SOL")).available).toBe(4.975);
    });

    it("refuses events of the other kind (422), unknown ids (404), unknown events (400) and error_code outside cashout.failed (422)", async () => {
      const c = await newClient(t.api);
      const id = await charge(c, `/${uniq("h")}`);
      const wrongKind = await simulate(id, "cashout.confirmed");
      expectError(wrongKind, 422, "INVALID_VALUE");
      expect(wrongKind.body.error.details?.field).toBe("event");
      expectError(await simulate("0".repeat(32), "cashin.confirmed"), 404, "NOT_FOUND");
      const unknown = await simulate(id, "cashin.paid");
      expectError(unknown, 400, "MISSING_REQUIRED_FIELD");
      expect(unknown.body.error.details?.field).toBe("event");
      const code = await simulate(id, "cashin.confirmed", { error_code: "UNKNOWN" });
      expectError(code, 422, "INVALID_VALUE");
      expect(code.body.error.details?.field).toBe("error_code");
      expect((await listed(c, id)).status).toBe("pending");
      const noAuth = await fetch(`${t.url}/sandbox/transactions/${id}/simulate`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"event":"cashin.confirmed"}' });
      expect(noAuth.status).toBe(401);
    });
  });

  describe("cash-out", () => {
    it("pending → confirmed: the blocked amount leaves for good; cashout.confirmed with e2e_id", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const path = `/${uniq("h")}`;
      const id = await payout(c, path);
      expect(await balanceOf(c, "BRL")).toEqual({ available: 60, blocked: 40, pending: 0 });
      await simulate(id, "cashout.confirmed");
      expect(await balanceOf(c, "BRL")).toEqual({ available: 60, blocked: 0, pending: 0 });
      const [w] = await rx.waitCount(path, 1);
      expectWebhook(w!, "cashout.confirmed");
      expect(w!.body).toMatchObject({ transaction_id: id, status: "confirmed", amount: 40, fee: 0.5, amount_net: 39.5, currency: "BRL", payment_method: "PIX" });
      expect(w!.body.e2e_id).toMatch(E2E);
      expectError(await simulate(id, "cashout.failed"), 409, "INVALID_VALUE");
    });

    it("crypto cash-out confirmed carries a tx_hash for its network (layer-2 too)", async () => {
      const c = await newClient(t.api, { balances: { USDT: 100 } });
      const path = `/${uniq("h")}`;
      const id = await payout(c, path, { amount: 10, currency: "USDT", network: "base", key: "0x52908400098527886E0F7030069857D2E4169EE7", key_type: undefined });
      await simulate(id, "cashout.confirmed");
      const [w] = await rx.waitCount(path, 1);
      expect(w!.body).toMatchObject({ event: "cashout.confirmed", network: "base", payment_method: "CRYPTO", amount_net: 9 });
      expect(w!.body.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(w!.body.e2e_id).toBeUndefined();
    });

    it("pending → failed: the whole amount back to available; cashout.failed with error_code (default UNKNOWN); limits freed", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const path = `/${uniq("h")}`;
      const a = await payout(c, path);
      const b = await payout(c, path, { amount: 10 });
      const limits = async () =>
        (await c.get<{ limits: Data[] }>("/v2/account/limits")).body.data.limits.find((l) => l.currency === "BRL" && l.operation === "cashout")!.daily_used;
      expect(await limits()).toBe(50);
      await simulate(a, "cashout.failed", { error_code: "PIX_KEY_NOT_FOUND" });
      await simulate(b, "cashout.failed");
      expect(await balanceOf(c, "BRL")).toEqual({ available: 100, blocked: 0, pending: 0 });
      expect(await limits()).toBe(0);
      const ws = await rx.waitCount(path, 2);
      for (const w of ws) expectWebhook(w, "cashout.failed");
      expect(ws.find((w) => w.body.transaction_id === a)!.body).toMatchObject({ status: "failed", error_code: "PIX_KEY_NOT_FOUND" });
      expect(ws.find((w) => w.body.transaction_id === b)!.body).toMatchObject({ status: "failed", error_code: "UNKNOWN" });
      expect((await listed(c, a)).status).toBe("failed");
      const bad = await simulate(a, "cashout.failed", { error_code: "NOPE" });
      expectError(bad, 400, "MISSING_REQUIRED_FIELD");
    });

    it("refunded from pending (blocked → available) and from confirmed (amount_net back); cashout.refunded", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const path = `/${uniq("h")}`;
      const a = await payout(c, path);
      await simulate(a, "cashout.refunded");
      expect(await balanceOf(c, "BRL")).toEqual({ available: 100, blocked: 0, pending: 0 });
      const b = await payout(c, path);
      await simulate(b, "cashout.confirmed");
      expect((await balanceOf(c, "BRL")).available).toBe(60);
      await simulate(b, "cashout.refunded");
      expect(await balanceOf(c, "BRL")).toEqual({ available: 99.5, blocked: 0, pending: 0 });
      const ws = await rx.waitCount(path, 3);
      expect(ws.map((w) => `${w.body.event} ${w.body.transaction_id as string} ${w.body.status as string}`).sort()).toEqual(
        [`cashout.refunded ${a} refunded`, `cashout.confirmed ${b} confirmed`, `cashout.refunded ${b} refunded`].sort(),
      );
      expectError(await simulate(b, "cashout.refunded"), 409, "INVALID_VALUE");
      expectError(await simulate(a, "cashout.confirmed"), 409, "INVALID_VALUE");
    });

    it("auto_settle_cashout_seconds settles on the sandbox clock, and in real time by the ticker", async () => {
      const c = await newClient(t.api, { balances: { BRL: 200 } });
      const path = `/${uniq("h")}`;
      try {
        await t.api.admin("PUT", "/sandbox/settings", { auto_settle_cashout_seconds: 120 });
        const a = await payout(c, path);
        await t.api.advance(100);
        expect((await listed(c, a)).status).toBe("pending");
        await t.api.advance(21);
        expect((await listed(c, a)).status).toBe("confirmed");
        expect(await balanceOf(c, "BRL")).toEqual({ available: 160, blocked: 0, pending: 0 });
        // real time: one second, no clock advance; the ticker picks it up
        await t.api.admin("PUT", "/sandbox/settings", { auto_settle_cashout_seconds: 1 });
        const b = await payout(c, path);
        await eventually(() => listed(c, b), (i) => i.status === "confirmed", 10_000, "the ticker to settle the cash-out");
        const ws = await rx.waitCount(path, 2);
        expect(ws.map((w) => w.body.event)).toEqual(["cashout.confirmed", "cashout.confirmed"]);
        expect(ws.map((w) => w.body.transaction_id).sort()).toEqual([a, b].sort());
      } finally {
        await t.api.admin("PUT", "/sandbox/settings", { auto_settle_cashout_seconds: null });
      }
    });
  });

  describe("boleto", () => {
    it("registered a few seconds after creation (boleto.registered), then paid: confirmed, payment_method BOLETO", async () => {
      const c = await newClient(t.api);
      const path = `/${uniq("h")}`;
      const r = await c.post<Data>("/v2/boleto", boletoBody({ postback_url: rx.url(path) }));
      expect(r.status).toBe(201);
      const id = r.body.data.transaction_id as string;
      await t.api.advance(5);
      const item = await listed(c, id);
      expect(item).toMatchObject({ status: "pending", payment_method: "BOLETO" });
      expect((item.boleto as Data).registration).toBe("registered");
      const [reg] = await rx.waitCount(path, 1);
      expectWebhook(reg!, "boleto.registered");
      expect(reg!.body).toMatchObject({ transaction_id: id, status: "pending", registration: "registered", payment_method: "BOLETO" });
      await simulate(id, "cashin.confirmed");
      expect(await listed(c, id)).toMatchObject({ status: "confirmed", payment_method: "BOLETO", amount: 150.25, amount_net: 148.25 });
      const paid = byEvent(await rx.waitCount(path, 2), "cashin.confirmed");
      expectWebhook(paid, "cashin.confirmed");
      expect(paid.body).toMatchObject({ transaction_id: id, status: "confirmed", payment_method: "BOLETO", payer_name: "Maria Silva", amount_net: 148.25 });
      expect((await balanceOf(c, "BRL")).available).toBe(148.25);
    });
  });

  describe("wallets, transfers, conversions, default webhook URL", () => {
    it("a wallet deposit: a confirmed static cash-in; wallet_deposit and cashin.confirmed with source static", async () => {
      const path = `/${uniq("h")}`;
      const c = await newClient(t.api, { postbackUrl: rx.url(path) });
      const w = await c.post<Data>("/v2/transactions/wallet", { currency: "BRL" });
      const d = await t.api.admin<Data>("POST", `/sandbox/wallets/${w.body.data.wallet_id as string}/deposit`, { amount: 50, payer: { name: "João Souza", document: "11144477735" } });
      expect(d.status, JSON.stringify(d.body)).toBe(201);
      expect(d.body.data).toMatchObject({ status: "confirmed", source: "static", amount: 50, fee: 0.75, amount_net: 49.25 });
      expect((await balanceOf(c, "BRL")).available).toBe(49.25);
      const ws = await rx.waitCount(path, 2);
      expect(ws.map((x) => x.body.event).sort()).toEqual(["cashin.confirmed", "wallet_deposit"]);
      for (const x of ws) {
        expectWebhook(x, x.body.event as string);
        expect(x.body).toMatchObject({
          transaction_id: d.body.data.transaction_id,
          status: "confirmed",
          source: "static",
          payment_method: "PIX",
          payer_name: "João Souza",
          payer_document: "11144477735",
          wallet_id: w.body.data.wallet_id,
          pix_key: w.body.data.pix_key,
        });
        expect(x.body.e2e_id).toMatch(E2E);
      }
      const item = await listed(c, d.body.data.transaction_id as string);
      expect(item).toMatchObject({ source: "wallet_deposit", origin: "static", status: "confirmed", type: "cashin" });
      // crypto wallet: a tx_hash for its chain
      const cw = await c.post<Data>("/v2/transactions/wallet", { currency: "USDT", chain: "polygon" });
      const cd = await t.api.admin<Data>("POST", `/sandbox/wallets/${cw.body.data.wallet_id as string}/deposit`, { amount: 12 });
      expect(cd.body.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(cd.body.data.payer_document).toMatch(/^\d{11}$/);
      expectError(await t.api.admin("POST", "/sandbox/wallets/nope/deposit", { amount: 1 }), 404, "NOT_FOUND");
      expectError(await t.api.admin("POST", `/sandbox/wallets/${cw.body.data.wallet_id as string}/deposit`, { amount: 0.0000001 }), 422, "INVALID_AMOUNT");
    });

    it("transfer.confirmed: sent to the sender's default URL, received to the recipient's", async () => {
      const sentPath = `/${uniq("s")}`;
      const recvPath = `/${uniq("r")}`;
      const a = await newClient(t.api, { balances: { BRL: 100 }, postbackUrl: rx.url(sentPath) });
      const b = await newClient(t.api, { postbackUrl: rx.url(recvPath) });
      const r = await a.signed<Data>("/v2/internal_transfers/payment", { username: b.username, amount: 25, currency: "BRL", external_id: uniq("e") });
      expect(r.status).toBe(202);
      const [sent] = await rx.waitCount(sentPath, 1);
      const [received] = await rx.waitCount(recvPath, 1);
      for (const w of [sent!, received!]) {
        expectWebhook(w, "transfer.confirmed");
        expect(w.body).toMatchObject({ transaction_id: r.body.data.transaction_id, status: "confirmed", from_user: a.username, to_user: b.username, amount: 25, currency: "BRL" });
      }
      expect(sent!.body.direction).toBe("sent");
      expect(received!.body.direction).toBe("received");
    });

    it("conversion.confirmed with conversion_id; the credential default can be set, changed and cleared", async () => {
      const path = `/${uniq("h")}`;
      const c = await newClient(t.api, { balances: { BRL: 1000 } });
      const set = await t.api.admin<Data>("PUT", `/sandbox/credentials/${c.credential.client_id}`, { postback_url: rx.url(path) });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const conv = await c.signed<Data>("/v2/conversions/new", { amount: 100, base_currency: "BRL", destination_currency: "USDT" });
      expect(conv.status).toBe(202);
      const [w] = await rx.waitCount(path, 1);
      expectWebhook(w!, "conversion.confirmed");
      expect(w!.body).toMatchObject({ conversion_id: conv.body.data.conversion_id, status: "confirmed", amount_from: 100, currency_from: "BRL", currency_to: "USDT" });
      // a charge without postback_url goes to the default too
      const id = await charge(c, path, { postback_url: undefined });
      await simulate(id, "cashin.confirmed");
      expect(byEvent(await rx.waitCount(path, 2), "cashin.confirmed").body.transaction_id).toBe(id);
      // cleared: no webhook at all
      await t.api.admin("PUT", `/sandbox/credentials/${c.credential.client_id}`, { postback_url: null });
      const quiet = await charge(c, path, { postback_url: undefined });
      const sim = await simulate(quiet, "cashin.confirmed");
      expect(sim.body.data.webhooks).toEqual([]);
      expectError(await t.api.admin("PUT", `/sandbox/credentials/${c.credential.client_id}`, { postback_url: "http://example.com/x" }), 400, "INVALID_FORMAT");
      expectError(await t.api.admin("PUT", "/sandbox/credentials/nope", { postback_url: null }), 404, "NOT_FOUND");
    });
  });
});
