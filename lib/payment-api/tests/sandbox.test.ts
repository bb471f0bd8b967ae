/**
 * The real client against the real sandbox over HTTP (issue "The typed API client": "plus tests
 * against the sandbox"). An in-process sandbox on port 0 with in-memory PGlite, and the same suite on
 * PostgreSQL when TEST_DATABASE_URL is set (a scratch database per run, dropped afterwards). Nothing
 * is mocked: the only wrapper is a `fetch` that records what went over the wire, to count token
 * requests and see the statuses the sandbox answered.
 *
 * Clients read the sandbox clock (`now`), as a merchant's clock would follow real time; waits the
 * client decides on (`sleep`) advance that clock instead of sleeping. The TOKEN_EXPIRED test is the
 * exception: its client keeps real time, so its cached token looks valid while the sandbox, whose
 * clock jumped an hour, refuses it (a clock skew).
 */
import { randomBytes } from "node:crypto";
import Decimal from "decimal.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeBrCode, parseBoleto, validateAddress, validateClabe, validateDigitableLine, validatePixKey } from "@/lib/payments";
import { createSandbox, type RunningSandbox } from "@/sandbox/server";
import { InMemoryTokenStore, PaymentApiClient, PaymentApiError, type FetchLike, type PaymentApiClientOptions } from "../index";

const ADMIN_TOKEN = "payment-api-client-test-admin-0123456789";
const BACKENDS = [{ name: "pglite" as const }, ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" as const }] : [])];

/** A fresh database on the TEST_DATABASE_URL server, dropped by `drop()`. */
async function scratchDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `payment_api_test_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

type Credential = { client_id: string; client_secret: string; signing_key: string; status: string };
/** One HTTP exchange as the client made it. */
type Wire = { method: string; path: string; status: number; code?: string; authorization?: string; headers: Record<string, string>; retryAfter: string | null };

let seq = 0;
const uniqueName = () => `m_${process.pid}_${++seq}_${randomBytes(3).toString("hex")}`;

/** The error a promise rejects with, or a failure when it resolves. */
async function failure(p: PromiseLike<unknown>): Promise<PaymentApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PaymentApiError);
    return e as PaymentApiError;
  }
  throw new Error("expected a PaymentApiError, the call succeeded");
}

const boletoPayer = (document = "52998224725") => ({
  name: "Maria Silva",
  document,
  email: "maria@example.com",
  phone: "11987654321",
  address: { address: "Rua Augusta", number: "100", district: "Consolação", city: "São Paulo", zipCode: "01305000", uf: "SP" },
});
const payer = { name: "Maria Silva", document: "52998224725", email: "maria@example.com" };

describe.each(BACKENDS)("PaymentApiClient against the sandbox ($name)", (backend) => {
  let sb: RunningSandbox;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (backend.name === "postgres") {
      const db = await scratchDatabase(process.env.TEST_DATABASE_URL!);
      databaseUrl = db.url;
      drop = db.drop;
    }
    sb = await createSandbox({ port: 0, host: "127.0.0.1", adminToken: ADMIN_TOKEN, databaseUrl, hmacRequired: true });
  });
  afterAll(async () => {
    await sb?.close();
    await drop?.();
  });

  async function admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    const res = await fetch(sb.url + path, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined && { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T };
    return { status: res.status, data: json.data };
  }
  const advanceClock = async (seconds: number) => expect((await admin("POST", "/sandbox/clock/advance", { seconds })).status).toBe(200);

  /** A new account (opening balances in `available`) with its first credential, activated unless told. */
  async function merchant(o: { balances?: Record<string, number | string>; name?: string; document?: string; activate?: boolean } = {}) {
    const { activate = true, ...fields } = o;
    const username = uniqueName();
    const r = await admin<{ username: string; credential: Credential }>("POST", "/sandbox/accounts", { username, ...fields });
    expect(r.status).toBe(201);
    const credential = r.data.credential;
    if (activate) expect((await admin("POST", `/sandbox/credentials/${credential.client_id}/activate`)).status).toBe(200);
    return { username, credential };
  }

  /** A client of `credential` with its own token store, recording the wire and every wait. */
  function clientOf(credential: Credential, over: Partial<PaymentApiClientOptions> = {}) {
    const wire: Wire[] = [];
    const sleeps: number[] = [];
    const recording: FetchLike = async (input, init) => {
      const res = await globalThis.fetch(input, init);
      const headers = { ...(init.headers as Record<string, string>) };
      let code: string | undefined;
      if (!res.ok) code = ((await res.clone().json()) as { error?: { code?: string } }).error?.code;
      wire.push({ method: init.method ?? "GET", path: new URL(input).pathname, status: res.status, code, authorization: headers["Authorization"], headers, retryAfter: res.headers.get("retry-after") });
      return res;
    };
    const client = new PaymentApiClient({
      baseUrl: sb.url,
      clientId: credential.client_id,
      clientSecret: credential.client_secret,
      signingKey: credential.signing_key,
      tokenStore: new InMemoryTokenStore(),
      fetch: recording,
      now: () => sb.clock.now(),
      sleep: async (ms) => {
        sleeps.push(ms);
        await advanceClock(ms / 1000);
      },
      ...over,
    });
    const tokenRequests = () => wire.filter((w) => w.path === "/v2/oauth/token");
    return { client, wire, sleeps, tokenRequests };
  }

  const balanceOf = async (client: PaymentApiClient, currency: string) => {
    const b = (await client.account.balance()).balances.find((x) => x.currency === currency);
    if (!b) throw new Error(`no ${currency} balance`);
    return b;
  };
  /** UTC day of the sandbox clock (the list's date filters), plus `offsetDays`. */
  const sandboxDay = (offsetDays = 0) => new Date(sb.clock.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  /** Brasília (UTC−3) day of the sandbox clock, plus `offsetDays` (boleto due dates). */
  const brasiliaDay = (offsetDays = 0) => new Date(sb.clock.now() - 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

  it("obtains the token with Basic auth once and reuses it for many calls, concurrent ones included", async () => {
    const m = await merchant({ balances: { BRL: 10 } });
    const { client, wire, sleeps, tokenRequests } = clientOf(m.credential);
    await Promise.all([client.account.balance(), client.account.profile(), client.account.limits(), client.account.fees(), client.account.balance()]);
    for (let i = 0; i < 5; i++) await client.account.balance();
    const fees = await client.account.fees().withResponse();

    expect(tokenRequests()).toHaveLength(1);
    const t = tokenRequests()[0]!;
    expect(t).toMatchObject({ method: "POST", status: 200 });
    expect(t.authorization).toBe(`Basic ${Buffer.from(`${m.credential.client_id}:${m.credential.client_secret}`).toString("base64")}`);
    const apiCalls = wire.filter((w) => w.path !== "/v2/oauth/token");
    expect(apiCalls).toHaveLength(11);
    const bearers = new Set(apiCalls.map((w) => w.authorization));
    expect(bearers.size).toBe(1);
    expect([...bearers][0]).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(apiCalls.every((w) => w.status === 200)).toBe(true);
    expect(sleeps).toEqual([]);
    expect(fees.status).toBe(200);
    expect(fees.requestId).toMatch(/^req_/);
    expect(fees.rateLimit).toMatchObject({ limit: 60, remaining: 58, retryAfter: null });
  });

  it("surfaces CREDENTIAL_PENDING_ADMIN_ACTIVATION before activation, then works once activated", async () => {
    const m = await merchant({ activate: false });
    expect(m.credential.status).toBe("pending");
    const { client, wire, tokenRequests } = clientOf(m.credential);
    const e = await failure(client.account.balance());
    expect(e).toMatchObject({ code: "CREDENTIAL_PENDING_ADMIN_ACTIVATION", status: 403, group: "AUTH", retryable: false, attempts: 1 });
    expect(e.requestId).toMatch(/^req_/);
    expect(wire.map((w) => `${w.path} ${w.status}`)).toEqual(["/v2/oauth/token 403"]); // not retried, nothing else sent

    expect((await admin("POST", `/sandbox/credentials/${m.credential.client_id}/activate`)).status).toBe(200);
    expect((await client.account.profile()).username).toBe(m.username);
    expect(tokenRequests().map((w) => w.status)).toEqual([403, 200]);

    const wrong = clientOf({ ...m.credential, client_secret: `cs_${randomBytes(32).toString("hex")}` });
    const e2 = await failure(wrong.client.account.balance());
    expect(e2).toMatchObject({ code: "INVALID_CREDENTIALS", status: 401, group: "AUTH", retryable: false, attempts: 1 });
    expect(wrong.wire.map((w) => `${w.path} ${w.status}`)).toEqual(["/v2/oauth/token 401"]);
  });

  it("parses the account reads: balances as exact Decimals, profile, limits and fees", async () => {
    const m = await merchant({
      balances: { BRL: "1234567.89", USDT: "10.5", BTC: "0.12345678" },
      name: "Loja Exemplo Ltda",
      document: "11222333000181",
    });
    const { client } = clientOf(m.credential);
    const { balances } = await client.account.balance();
    const by = Object.fromEntries(balances.map((b) => [b.currency, b]));
    expect(by.BRL!.available).toBeInstanceOf(Decimal);
    expect(by.BRL!.available.equals("1234567.89")).toBe(true);
    expect(by.USDT!.available.equals("10.5")).toBe(true);
    expect(by.BTC!.available.equals("0.12345678")).toBe(true);
    for (const c of ["BRL", "USDT", "BTC"]) {
      expect(by[c]!.blocked.isZero()).toBe(true);
      expect(by[c]!.pending.isZero()).toBe(true);
    }

    const profile = await client.account.profile();
    expect(profile).toMatchObject({ username: m.username, name: "Loja Exemplo Ltda", document: "11222333000181" });
    expect(typeof profile.kyc_level).toBe("number");

    const { limits } = await client.account.limits();
    const brlCashin = limits.find((l) => l.currency === "BRL" && l.operation === "cashin")!;
    expect(brlCashin.per_operation_min!.equals("1")).toBe(true);
    expect(brlCashin.per_operation_max!.equals("100000")).toBe(true);
    expect(brlCashin.daily_used!.isZero()).toBe(true);

    const { fees } = await client.account.fees();
    const pixIn = fees.find((f) => f.operation === "cashin" && f.method === "PIX" && f.currency === "BRL")!;
    expect(pixIn.percentage.equals("1.5")).toBe(true);
    expect(pixIn.minimum.equals("0.1")).toBe(true);
  });

  it("creates a PIX cash-in whose BR Code lib/payments decodes with the amount, and pix.decode resolves it", async () => {
    const m = await merchant({ name: "Padaria São João", document: "11222333000181" });
    const { client } = clientOf(m.credential);
    const res = await client.cashin.create({ amount: 123.45, currency: "BRL", payer }).withResponse();
    expect(res.status).toBe(201);
    const charge = res.data;
    expect(charge.status).toBe("pending");
    expect(charge.external_id).toMatch(/^[0-9a-f]{32}$/); // generated by the client
    expect(charge.amount!.equals("123.45")).toBe(true);
    expect(charge.fee!.equals("1.85")).toBe(true); // 1.5 % half-even
    const qrcode = charge.payment_info!.qrcode!;
    const decoded = decodeBrCode(qrcode);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.value).toMatchObject({ amount: "123.45", currency: "986", pointOfInitiation: "dynamic", merchantName: "Padaria Sao Joao" });
    expect(decoded.value.url).toContain(charge.transaction_id);

    const info = await client.pix.decode(qrcode);
    expect(info.amount!.equals("123.45")).toBe(true);
    expect(info).toMatchObject({ receiver_name: "Padaria Sao Joao", txid: charge.transaction_id, receiver_document: "11222333000181" });

    const btc = await client.cashin.create({ amount: "0.00012345", currency: "BTC", chain: "bitcoin", payer });
    expect(btc.amount!.equals("0.00012345")).toBe(true); // a decimal string on the wire
    expect(btc.payment_info!.min_confirmations).toBe(3);
    expect(validateAddress("bitcoin", btc.payment_info!.address!).ok).toBe(true);

    const broken = await failure(client.pix.decode(qrcode.slice(0, -1) + (qrcode.endsWith("0") ? "1" : "0")));
    expect(broken).toMatchObject({ code: "INVALID_PIX_KEY", status: 422, retryable: false });
  });

  it("is idempotent on external_id: same body → same transaction, different body → DUPLICATE_EXTERNAL_ID 409", async () => {
    const m = await merchant();
    const { client, wire } = clientOf(m.credential);
    const external_id = `order-${randomBytes(4).toString("hex")}`;
    const body = { amount: 50, currency: "BRL" as const, payer, external_id };
    const first = await client.cashin.create(body).withResponse();
    const again = await client.cashin.create({ ...body, payer: { ...payer } }).withResponse();
    expect(again.data.transaction_id).toBe(first.data.transaction_id);
    expect(again.data.payment_info!.qrcode).toBe(first.data.payment_info!.qrcode);
    expect(again.status).toBe(201);
    expect(again.headers.get("x-idempotent-replay")).toBe("true");
    expect(first.headers.get("x-idempotent-replay")).toBeNull();

    const e = await failure(client.cashin.create({ ...body, amount: 51 }));
    expect(e).toMatchObject({ code: "DUPLICATE_EXTERNAL_ID", status: 409, retryable: false, attempts: 1 });
    expect(wire.filter((w) => w.path === "/v2/transactions/cashin").map((w) => w.status)).toEqual([201, 201, 409]);
    const { items } = await client.transactions.list({ external_id });
    expect(items.map((t) => t.transaction_id)).toEqual([first.data.transaction_id]);
  });

  it("signs the cash-out: accepted with HMAC enforced, refused with a wrong key (INVALID_SIGNATURE) or none (MISSING_SIGNATURE)", async () => {
    const m = await merchant({ balances: { BRL: 100 } });
    const good = clientOf(m.credential);
    const out = await good.client.cashout.create({ amount: 10, currency: "BRL", key: "maria@example.com", key_type: "email" }).withResponse();
    expect(out.status).toBe(202);
    expect(out.data.status).toBe("pending");
    const sent = good.wire.find((w) => w.path === "/v2/transactions/cashout")!;
    expect(sent.headers["X-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.headers["X-Timestamp"]).toMatch(/^\d+$/);
    expect(sent.headers["X-Nonce"]).toMatch(/^[0-9a-f]{32}$/);
    const legacy = await good.client.pix.payment({ amount: 5, key: "52998224725", key_type: "cpf" });
    expect(legacy.status).toBe("pending");
    let brl = await balanceOf(good.client, "BRL");
    expect(brl.available.equals(85)).toBe(true);
    expect(brl.blocked.equals(15)).toBe(true);

    const wrongKey = clientOf(m.credential, { signingKey: `sk_${randomBytes(32).toString("hex")}` });
    const e1 = await failure(wrongKey.client.cashout.create({ amount: 10, currency: "BRL", key: "maria@example.com", key_type: "email" }));
    expect(e1).toMatchObject({ code: "INVALID_SIGNATURE", status: 401, group: "SIGNATURE", retryable: false, attempts: 1 });

    const other = await merchant();
    const unsigned = clientOf(m.credential, { signingKey: null });
    const e2 = await failure(unsigned.client.transfers.create({ username: other.username, amount: 1, currency: "BRL" }));
    expect(e2).toMatchObject({ code: "MISSING_SIGNATURE", status: 401, group: "SIGNATURE", retryable: false, attempts: 1 });
    const e3 = await failure(unsigned.client.cashout.create({ amount: 10, currency: "BRL", key: "maria@example.com", key_type: "email" }));
    expect(e3.code).toBe("MISSING_SIGNATURE");
    expect(unsigned.wire.find((w) => w.path === "/v2/transactions/cashout")!.headers["X-Signature"]).toBeUndefined();

    brl = await balanceOf(good.client, "BRL");
    expect(brl.available.equals(85)).toBe(true); // the refused ones moved nothing
  });

  it("transfers between accounts: both balances move, both lists show it", async () => {
    const a = await merchant({ balances: { BRL: 100 } });
    const b = await merchant();
    const ca = clientOf(a.credential).client;
    const cb = clientOf(b.credential).client;
    const t = await ca.transfers.create({ username: b.username, amount: 25.5, currency: "BRL", description: "rent" }).withResponse();
    expect(t.status).toBe(202);
    expect(t.data).toMatchObject({ from_user: a.username, to_user: b.username, status: "confirmed", currency: "BRL" });
    expect(t.data.amount!.equals("25.5")).toBe(true);
    expect((await balanceOf(ca, "BRL")).available.equals("74.5")).toBe(true);
    expect((await balanceOf(cb, "BRL")).available.equals("25.5")).toBe(true);
    const sent = (await ca.transactions.list({ source: "internal_transfer" })).items;
    const received = (await cb.transactions.list({ source: "internal_transfer" })).items;
    expect(sent.map((x) => [x.transaction_id, x.type])).toEqual([[t.data.transaction_id, "cashout"]]);
    expect(received.map((x) => [x.transaction_id, x.type])).toEqual([[t.data.transaction_id, "cashin"]]);
    expect(sent[0]!.external_id).toBe(t.data.external_id); // the sender's idempotency key
    expect(sent[0]).toMatchObject({ from_user: a.username, to_user: b.username, status: "confirmed" });
  });

  it("quotes and executes a conversion: rate, simulate, create, then both balances move by the quoted amounts", async () => {
    const m = await merchant({ balances: { BRL: 1000 } });
    const { client } = clientOf(m.credential);
    const pair = { amount: 100, base_currency: "BRL" as const, destination_currency: "USDT" as const };
    const rate = await client.conversions.rate(pair);
    expect(rate.rate.greaterThan(0)).toBe(true);
    expect(rate.estimated_amount.greaterThan(0)).toBe(true);
    const sim = await client.conversions.simulate(pair);
    expect(sim.from_amount.equals(100)).toBe(true);
    expect(sim.fee!.equals("0.2")).toBe(true);
    expect(sim.spread!.equals("0.5")).toBe(true);
    expect(sim.to_amount.equals(new Decimal("99.8").times(sim.rate).toDecimalPlaces(6, Decimal.ROUND_DOWN))).toBe(true);
    expect(Date.parse(sim.expires_at!)).toBeGreaterThan(sb.clock.now());

    const conv = await client.conversions.create(pair).withResponse();
    expect(conv.status).toBe(202);
    expect(conv.data).toMatchObject({ currency_from: "BRL", currency_to: "USDT", status: "confirmed" });
    expect(conv.data.amount_from.equals(100)).toBe(true);
    expect(conv.data.rate.equals(sim.rate)).toBe(true); // the quote is honoured
    expect(conv.data.amount_to.equals(sim.to_amount)).toBe(true);
    expect((await balanceOf(client, "BRL")).available.equals(900)).toBe(true);
    expect((await balanceOf(client, "USDT")).available.equals(conv.data.amount_to)).toBe(true);
  });

  it("issues a boleto whose digitable line lib/payments validates, for a CPF and an alphanumeric CNPJ payer", async () => {
    const m = await merchant();
    const { client } = clientOf(m.credential);
    const res = await client.boleto.create({ amount: 150.25, method: "BOLETO", payer: boletoPayer() }).withResponse();
    expect(res.status).toBe(201);
    const bol = res.data;
    expect(bol).toMatchObject({ payment_method: "BOLETO", status: "pending" });
    expect(bol.amount!.equals("150.25")).toBe(true);
    expect(validateDigitableLine(bol.boleto.digitable_line).ok).toBe(true);
    const parsed = parseBoleto(bol.boleto.digitable_line, { referenceDate: sandboxDay() });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value).toMatchObject({ amount: "150.25", bankCode: "001", barcode: bol.boleto.barcode, dueDate: bol.boleto.due_date });
    expect(bol.boleto.due_date).toBe(brasiliaDay(3)); // default: today in Brasília + 3 days

    const hybrid = await client.boleto.create({ amount: 20, method: "PIX_BOLETO", payer: boletoPayer() });
    expect(hybrid.payment_method).toBe("PIX_BOLETO");
    expect(validateDigitableLine(hybrid.boleto.digitable_line).ok).toBe(true);
    const pix = decodeBrCode(String(hybrid.boleto["pix_qrcode"]));
    expect(pix.ok && pix.value.amount).toBe("20.00");

    // The alphanumeric CNPJ (valid from July 2026) passes the shared schema and the sandbox.
    const cnpj = await client.boleto.create({ amount: 10, method: "BOLETO", payer: boletoPayer("12ABC34501DE35") });
    expect(parseBoleto(cnpj.boleto.digitable_line).ok).toBe(true);
    const listed = await client.transactions.list({ transaction_id: cnpj.transaction_id });
    expect(listed.items[0]!.payer_document).toBe("12ABC34501DE35");
  });

  it("creates wallets: BRL random PIX key, MXN CLABE, crypto address on the chain", async () => {
    const m = await merchant();
    const { client } = clientOf(m.credential);
    const brl = await client.wallets.create({ currency: "BRL" }).withResponse();
    expect(brl.status).toBe(201);
    expect(validatePixKey(brl.data.pix_key!, "random").ok).toBe(true);
    const mxn = await client.wallets.create({ currency: "MXN" });
    const clabe = validateClabe(mxn.clabe!);
    expect(clabe.ok && clabe.value.bankCode).toBe("646");
    const usdt = await client.wallets.create({ currency: "USDT", chain: "ethereum" });
    expect(usdt.chain).toBe("ethereum");
    expect(validateAddress("ethereum", usdt.address!).ok).toBe(true);
    const btc = await client.wallets.create({ currency: "BTC" });
    expect(btc.chain).toBe("bitcoin");
    expect(validateAddress("bitcoin", btc.address!).ok).toBe(true);
    expect(new Set([brl.data.wallet_id, mxn.wallet_id, usdt.wallet_id, btc.wallet_id]).size).toBe(4);
  });

  it("lists transactions with filters and pagination", async () => {
    const m = await merchant();
    const { client } = clientOf(m.credential);
    const brl: { transaction_id: string; external_id: string }[] = [];
    for (const amount of [10, 11, 12, 13, 14]) brl.push(await client.cashin.create({ amount, currency: "BRL", payer }));
    const mxn = await client.cashin.create({ amount: 100, currency: "MXN", payer });

    const all = await client.transactions.list();
    expect(all).toMatchObject({ page: 1, page_size: 50, has_next: false, has_prev: false });
    expect(all.items).toHaveLength(6);
    const created = all.items.map((t) => Date.parse(t.created_at!));
    expect(created).toEqual([...created].sort((x, y) => y - x)); // newest first

    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await client.transactions.list({ page, page_size: 2, currency: "BRL" }));
    expect(pages.map((p) => [p.page, p.page_size, p.items.length, p.has_prev, p.has_next])).toEqual([
      [1, 2, 2, false, true],
      [2, 2, 2, true, true],
      [3, 2, 1, true, false],
    ]);
    const paged = pages.flatMap((p) => p.items.map((t) => t.transaction_id));
    expect(new Set(paged)).toEqual(new Set(brl.map((t) => t.transaction_id)));
    expect(paged).toHaveLength(5);

    const onlyMxn = await client.transactions.list({ currency: "MXN" });
    expect(onlyMxn.items.map((t) => t.transaction_id)).toEqual([mxn.transaction_id]);
    expect(onlyMxn.items[0]).toMatchObject({ payment_method: "SPEI", type: "cashin", source: "cashin", status: "pending" });
    expect(onlyMxn.items[0]!.amount!.equals(100)).toBe(true);

    const byExternal = await client.transactions.list({ external_id: brl[2]!.external_id });
    expect(byExternal.items.map((t) => t.transaction_id)).toEqual([brl[2]!.transaction_id]);
    expect(byExternal.items[0]!.amount!.equals(12)).toBe(true);
    expect((await client.transactions.list({ transaction_id: brl[4]!.transaction_id })).items).toHaveLength(1);
    expect((await client.transactions.list({ type: "cashin", source: "cashin", status: "pending" })).items).toHaveLength(6);
    expect((await client.transactions.list({ type: "cashout" })).items).toHaveLength(0);
    expect((await client.transactions.list({ status: "confirmed" })).items).toHaveLength(0);
    expect((await client.transactions.list({ from_date: sandboxDay(), to_date: sandboxDay() })).items).toHaveLength(6);
    expect((await client.transactions.list({ from_date: sandboxDay(1) })).items).toHaveLength(0);
    expect((await client.transactions.list({ to_date: sandboxDay(-1) })).items).toHaveLength(0);
  });

  it("surfaces validation errors with code, status and details.field, from the sandbox and before sending", async () => {
    const m = await merchant({ balances: { BRL: 100 } });
    const { client, wire } = clientOf(m.credential);

    const past = await failure(client.boleto.create({ amount: 10, method: "BOLETO", payer: boletoPayer(), due_date: brasiliaDay(-1) }));
    expect(past).toMatchObject({ code: "INVALID_VALUE", status: 422, group: "VALIDATION", retryable: false, field: "due_date" });
    expect(past.requestId).toMatch(/^req_/);

    const key = await failure(client.cashout.create({ amount: 10, currency: "BRL", key: "12345678900", key_type: "cpf" }));
    expect(key).toMatchObject({ code: "INVALID_PIX_KEY", status: 422, field: "key" });

    const scale = await failure(client.cashin.create({ amount: 10.123, currency: "BRL", payer }));
    expect(scale).toMatchObject({ code: "INVALID_AMOUNT", status: 422, field: "amount" });
    expect(scale.details).toMatchObject({ max_decimals: 2 });

    const nobody = await failure(client.transfers.create({ username: "nobody_here", amount: 1, currency: "BRL" }));
    expect(nobody).toMatchObject({ code: "NOT_FOUND", status: 404, field: "username" });

    // Refused by the shared schema before sending, with the code and dotted field the sandbox gives.
    const sentBefore = wire.length;
    const body = { amount: 10, method: "BOLETO" as const, payer: { ...boletoPayer(), address: { ...boletoPayer().address, zipCode: undefined as unknown as string } } };
    const local = await failure(client.boleto.create(body));
    expect(local).toMatchObject({ code: "MISSING_REQUIRED_FIELD", status: 0, field: "payer.address.zipCode", attempts: 0 });
    expect(local.details).toMatchObject({ client_side: true });
    expect(wire.length).toBe(sentBefore);
    const token = await tokenByHand(m.credential);
    const raw = await fetch(`${sb.url}/v2/boleto`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await raw.json()) as { error: { code: string; details: { field: string } } };
    expect([raw.status, answer.error.code, answer.error.details.field]).toEqual([400, local.code, local.field]);
  });

  async function tokenByHand(c: Credential): Promise<string> {
    const r = await fetch(`${sb.url}/v2/oauth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${c.client_id}:${c.client_secret}`).toString("base64")}`, "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { data: { access_token: string } }).data.access_token;
  }

  it("surfaces a 429 RATE_LIMIT_EXCEEDED with retry information, and waits it out when retries are allowed", async () => {
    const a = await merchant({ balances: { BRL: 10 } });
    const b = await merchant();
    const { client, sleeps, wire } = clientOf(a.credential, { maxRetries: 0 });
    const transfer = () => client.transfers.create({ username: b.username, amount: 0.01, currency: "BRL" });
    // Transfers: 10 a minute per credential, fixed window from its first request.
    await transfer();
    expect(client.lastRateLimit).toMatchObject({ limit: 10, remaining: 9, retryAfter: null });
    const reset = client.lastRateLimit!.reset!;
    expect(reset).toBeGreaterThan(sb.clock.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Math.ceil(sb.clock.now() / 1000) + 60);
    for (let i = 0; i < 9; i++) await transfer();
    expect(client.lastRateLimit).toMatchObject({ limit: 10, remaining: 0 });

    const e = await failure(transfer());
    expect(e).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", status: 429, group: "SECURITY", retryable: true, attempts: 1 });
    const retryAfter = e.details!["retry_after_seconds"] as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(e.rateLimit).toMatchObject({ limit: 10, remaining: 0, reset, retryAfter });
    expect(client.lastRateLimit).toEqual(e.rateLimit);
    expect(sleeps).toEqual([]);
    expect((await balanceOf(client, "BRL")).available.equals("9.9")).toBe(true); // the refused one moved nothing

    // With a retry allowed the client waits Retry-After (here: the sandbox clock moves) and succeeds.
    const ok = await client.transfers.create({ username: b.username, amount: 0.01, currency: "BRL" }, { maxRetries: 1 }).withResponse();
    expect(ok.status).toBe(202);
    expect(ok.attempts).toBe(2);
    const calls = wire.filter((w) => w.path === "/v2/internal_transfers/payment");
    expect(calls.map((w) => w.status)).toEqual([...Array(10).fill(202), 429, 429, 202]);
    // It waited what the refusal it retried said: the second 429's Retry-After (a second less than
    // the first's when a second of the window passed between them).
    const waited = Number(calls[11]!.retryAfter);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(retryAfter);
    expect(sleeps).toEqual([waited * 1000]);
  });

  it("renews transparently on TOKEN_EXPIRED after the sandbox clock jumps 3601 s: one extra token request", async () => {
    const m = await merchant({ balances: { BRL: 7 } });
    // Real time, not the sandbox clock: the cached token still looks valid to the client.
    const { client, wire, tokenRequests } = clientOf(m.credential, { now: Date.now });
    expect((await balanceOf(client, "BRL")).available.equals(7)).toBe(true);
    expect(tokenRequests()).toHaveLength(1);
    // A client whose clock moved too renews before sending: no TOKEN_EXPIRED round trip.
    const inStep = clientOf(m.credential);
    await inStep.client.account.balance();

    await advanceClock(3601);
    expect((await balanceOf(client, "BRL")).available.equals(7)).toBe(true);
    expect(tokenRequests()).toHaveLength(2);
    expect(wire.map((w) => `${w.path} ${w.status}${w.code ? ` ${w.code}` : ""}`)).toEqual([
      "/v2/oauth/token 200",
      "/v2/account/balance 200",
      "/v2/account/balance 401 TOKEN_EXPIRED",
      "/v2/oauth/token 200",
      "/v2/account/balance 200",
    ]);
    const bearers = wire.filter((w) => w.path === "/v2/account/balance").map((w) => w.authorization);
    expect(bearers[1]).toBe(bearers[0]);
    expect(bearers[2]).not.toBe(bearers[1]);
    await client.account.fees();
    expect(tokenRequests()).toHaveLength(2);

    await inStep.client.account.balance();
    await inStep.client.transfers.create({ username: (await merchant()).username, amount: 1, currency: "BRL" }); // signed on the new time
    expect(inStep.wire.map((w) => `${w.path} ${w.status}`)).toEqual([
      "/v2/oauth/token 200",
      "/v2/account/balance 200",
      "/v2/oauth/token 200",
      "/v2/account/balance 200",
      "/v2/internal_transfers/payment 202",
    ]);
  });
});
