import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InMemoryTokenStore, PaymentApiClient, PaymentApiError } from "../index";
import { CLIENT_ID, CLIENT_SECRET, SIGNING_KEY, fail, ok, recordingSleep, startFakeApi, type FakeApi } from "./fake-api";
import { patient } from "@/test/support/patience";

let api: FakeApi;
let sleeper: ReturnType<typeof recordingSleep>;
beforeEach(async () => {
  api = await startFakeApi();
  sleeper = recordingSleep();
});
afterEach(() => api.close());

const makeClient = (extra: Partial<ConstructorParameters<typeof PaymentApiClient>[0]> = {}) =>
  new PaymentApiClient({
    baseUrl: api.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    signingKey: SIGNING_KEY,
    tokenStore: new InMemoryTokenStore(),
    sleep: sleeper.sleep,
    ...extra,
  });

const balance = { balances: [{ currency: "BRL", available: 1, blocked: 0, pending: 0 }] };
const cashoutBody = { amount: 10, currency: "BRL" as const, key: "a@b.co", key_type: "email" as const };
const pending = (id = "a".repeat(32)) => ({ transaction_id: id, status: "pending" });
const errOf = async (p: PromiseLike<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as PaymentApiError;
  }
  throw new Error("expected a rejection");
};

describe("502/503: exponential back-off 1, 2, 4, 8 s", () => {
  it("a 503 burst then success: waits 1, 2, 4 s and returns the data", async () => {
    api.on("GET /v2/account/balance", (_r, res, n) => (n <= 3 ? fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }) : ok(res, balance)));
    const data = await makeClient().account.balance();
    expect(data.balances[0]!.currency).toBe("BRL");
    expect(sleeper.delays).toEqual([1000, 2000, 4000]);
    expect(api.calls("GET /v2/account/balance")).toHaveLength(4);
  });

  it("gives up after 4 retries (1, 2, 4, 8 s) with the service's error", async () => {
    api.on("GET /v2/account/balance", (_r, res) => fail(res, 502, "PROVIDER_ERROR", { retryable: true }));
    const err = await errOf(makeClient().account.balance());
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.status).toBe(502);
    expect(err.retryable).toBe(true);
    expect(err.attempts).toBe(5);
    expect(sleeper.delays).toEqual([1000, 2000, 4000, 8000]);
    expect(api.calls("GET /v2/account/balance")).toHaveLength(5);
  });

  it("maxRetries bounds the attempts (client option and per call)", async () => {
    api.on("GET /v2/account/balance", (_r, res) => fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }));
    await errOf(makeClient({ maxRetries: 1 }).account.balance());
    expect(api.calls("GET /v2/account/balance")).toHaveLength(2);
    expect(sleeper.delays).toEqual([1000]);
    await errOf(makeClient().account.balance({ maxRetries: 0 }));
    expect(api.calls("GET /v2/account/balance")).toHaveLength(3);
  });

  it("a cash-out retried after 503 reuses the same external_id and body", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res, n) => (n === 1 ? fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }) : ok(res, pending(), 202)));
    const out = await makeClient().cashout.create(cashoutBody);
    const calls = api.calls("POST /v2/transactions/cashout");
    expect(calls).toHaveLength(2);
    const ids = calls.map((c) => (c.json as { external_id: string }).external_id);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(out.external_id).toBe(ids[0]);
    expect(calls[1]!.body.equals(calls[0]!.body)).toBe(true);
  });
});

describe("429: waits Retry-After", () => {
  it("uses the Retry-After header", async () => {
    api.on("GET /v2/account/balance", (_r, res, n) =>
      n === 1
        ? fail(res, 429, "RATE_LIMIT_EXCEEDED", { group: "SECURITY", retryable: true, details: { retry_after_seconds: 99 }, headers: { "retry-after": "7" } })
        : ok(res, balance),
    );
    await makeClient().account.balance();
    expect(sleeper.delays).toEqual([7000]);
  });

  it("falls back to details.retry_after_seconds", async () => {
    api.on("POST /v2/transactions/cashin", (_r, res, n) =>
      n === 1 ? fail(res, 429, "RATE_LIMIT_EXCEEDED", { group: "SECURITY", retryable: true, details: { retry_after_seconds: 3 } }) : ok(res, pending(), 201),
    );
    await makeClient().cashin.create({ amount: 5, currency: "BRL", payer: { name: "A", document: "52998224725" } });
    expect(sleeper.delays).toEqual([3000]);
  });

  it("does not wait longer than maxRetryDelayMs: returns the 429 instead", async () => {
    api.on("GET /v2/account/balance", (_r, res) =>
      fail(res, 429, "RATE_LIMIT_EXCEEDED", { group: "SECURITY", retryable: true, headers: { "retry-after": "300" } }),
    );
    const err = await errOf(makeClient().account.balance());
    expect(err.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(err.rateLimit?.retryAfter).toBe(300);
    expect(sleeper.delays).toEqual([]);
  });
});

describe("never retried", () => {
  it.each([
    [400, "MISSING_REQUIRED_FIELD", "VALIDATION"],
    [422, "INSUFFICIENT_BALANCE", "LIMIT"],
    [403, "FORBIDDEN", "AUTH"],
    [409, "DUPLICATE_EXTERNAL_ID", "BUSINESS"],
    [500, "INTERNAL_ERROR", "SYSTEM"],
  ])("%i %s", async (status, code, group) => {
    api.on("POST /v2/transactions/cashout", (_r, res) => fail(res, status, code, { group, details: { field: "amount" } }));
    const err = await errOf(makeClient().cashout.create(cashoutBody));
    expect(err).toBeInstanceOf(PaymentApiError);
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.group).toBe(group);
    expect(err.details).toEqual({ field: "amount" });
    expect(err.requestId).toBe("req_err_1");
    expect(api.calls("POST /v2/transactions/cashout")).toHaveLength(1);
    expect(sleeper.delays).toEqual([]);
  });

  it("a retryable 409 INTERNAL_CONFLICT is retried with back-off", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res, n) => (n === 1 ? fail(res, 409, "INTERNAL_CONFLICT", { retryable: true }) : ok(res, pending(), 202)));
    await makeClient().cashout.create(cashoutBody);
    expect(sleeper.delays).toEqual([1000]);
  });
});

describe("connection errors", () => {
  it("a reset connection on a read is retried", async () => {
    api.on("GET /v2/account/balance", (r, res, n) => (n <= 2 ? res.socket?.destroy() : ok(res, balance)));
    const data = await makeClient().account.balance();
    expect(data.balances).toHaveLength(1);
    expect(api.calls("GET /v2/account/balance")).toHaveLength(3);
    expect(sleeper.delays).toEqual([1000, 2000]);
  });

  it("a reset on a write with external_id is retried with the same external_id", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res, n) => (n === 1 ? res.socket?.destroy() : ok(res, pending(), 202)));
    const out = await makeClient().cashout.create({ ...cashoutBody, external_id: "order-42" });
    const calls = api.calls("POST /v2/transactions/cashout");
    expect(calls.map((c) => (c.json as { external_id: string }).external_id)).toEqual(["order-42", "order-42"]);
    expect(out.external_id).toBe("order-42");
  });

  it("the list POST and conversion quotes count as reads", async () => {
    api.on("POST /v2/account/transactions/list", (_r, res, n) =>
      n === 1 ? res.socket?.destroy() : ok(res, { items: [], page: 1, page_size: 50, has_next: false, has_prev: false }),
    );
    api.on("POST /v2/conversions/simulate", (_r, res, n) =>
      n === 1 ? res.socket?.destroy() : ok(res, { from_amount: 1, to_amount: 5, rate: 5, spread: 0.01, fee: 0, expires_at: "x" }),
    );
    const client = makeClient();
    await client.transactions.list({ page: 1 });
    await client.conversions.simulate({ amount: 1, base_currency: "USDT", destination_currency: "BRL" });
    expect(sleeper.delays).toEqual([1000, 1000]);
  });

  it("a reset on a wallet creation (no idempotency key) is not retried", async () => {
    api.on("POST /v2/transactions/wallet", (_r, res) => res.socket?.destroy());
    const err = await errOf(makeClient().wallets.create({ currency: "USDT", chain: "tron" }));
    expect(err.code).toBe("CONNECTION_ERROR");
    expect(err.status).toBe(0);
    expect(api.calls("POST /v2/transactions/wallet")).toHaveLength(1);
    expect(sleeper.delays).toEqual([]);
  });

  it("connection refused is retried for reads, then reported", async () => {
    const url = api.url;
    await api.close();
    const client = new PaymentApiClient({ baseUrl: url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenStore: new InMemoryTokenStore(), sleep: sleeper.sleep });
    const err = await errOf(client.account.balance());
    expect(err.code).toBe("CONNECTION_ERROR");
    expect(err.details).toEqual({ errno: "ECONNREFUSED" });
    // the token request (safe to repeat) was retried 4 times
    expect(sleeper.delays).toEqual([1000, 2000, 4000, 8000]);
    api = await startFakeApi(); // for afterEach
  });
});

describe("timeout", () => {
  it("an answer slower than timeoutMs is a TIMEOUT; a read is retried and succeeds", async () => {
    // The first answer never comes; the second at once. The limit is a second (stretched on a busy
    // machine: under 150 ms a starved test process saw the second answer time out too).
    api.on("GET /v2/account/balance", (_r, res, n) => {
      if (n > 1) ok(res, balance);
    });
    const data = await makeClient({ timeoutMs: patient(1000) }).account.balance();
    expect(data.balances).toHaveLength(1);
    expect(api.calls("GET /v2/account/balance")).toHaveLength(2);
    expect(sleeper.delays).toEqual([1000]);
  });

  it("a write without idempotency key times out without a retry", async () => {
    api.on("POST /v2/transactions/wallet", () => undefined); // never answers
    const err = await errOf(makeClient().wallets.create({ currency: "BRL" }, { timeoutMs: 100 }));
    expect(err.code).toBe("TIMEOUT");
    expect(err.status).toBe(0);
    expect(err.message).toContain("100 ms");
    expect(api.calls("POST /v2/transactions/wallet")).toHaveLength(1);
  });

  it("the caller's AbortSignal aborts without retry", async () => {
    api.on("GET /v2/account/balance", () => undefined);
    const ac = new AbortController();
    const p = makeClient().account.balance({ signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const err = await errOf(p);
    expect(err.code).toBe("ABORTED");
    expect(sleeper.delays).toEqual([]);
  });
});

describe("idempotency", () => {
  it("generates a 32-hex external_id per call when none is given, and keeps a given one", async () => {
    api.on("POST /v2/transactions/cashin", (r, res) => ok(res, { ...pending(), external_id: (r.json as { external_id: string }).external_id }, 201));
    api.on("POST /v2/internal_transfers/payment", (_r, res) => ok(res, { transaction_id: "t1", from_user: "me", to_user: "bob", status: "confirmed" }, 202));
    const client = makeClient();
    const payer = { name: "Ana", document: "52998224725" };
    const a = await client.cashin.create({ amount: 10, currency: "BRL", payer });
    const b = await client.cashin.create({ amount: 10, currency: "BRL", payer });
    const c = await client.cashin.create({ amount: 10, currency: "BRL", payer, external_id: "mine-1" });
    expect(a.external_id).toMatch(/^[0-9a-f]{32}$/);
    expect(b.external_id).not.toBe(a.external_id);
    expect(c.external_id).toBe("mine-1");
    // the transfer answer has no external_id: the client fills in the one it sent
    const t = await client.transfers.create({ username: "bob", amount: 1, currency: "BRL" });
    const sent = (api.calls("POST /v2/internal_transfers/payment")[0]!.json as { external_id: string }).external_id;
    expect(t.external_id).toBe(sent);
    expect(sent).toMatch(/^[0-9a-f]{32}$/);
  });

  it("boleto, conversions/new and the legacy PIX payment also carry a generated external_id", async () => {
    api.on("POST /v2/conversions/new", (_r, res) =>
      ok(res, { conversion_id: "c", amount_from: 1, currency_from: "USDT", amount_to: 5, currency_to: "BRL", rate: 5, fee: 0 }, 202),
    );
    api.on("POST /v2/pix/payment", (_r, res) => ok(res, pending(), 202));
    const client = makeClient();
    await client.conversions.create({ amount: 1, base_currency: "USDT", destination_currency: "BRL" });
    await client.pix.payment({ amount: 1, key: "a@b.co", key_type: "email" });
    for (const r of api.requests) expect((r.json as { external_id: string }).external_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("an HTML page with status 400 is an INVALID_RESPONSE and is not retried", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res) => {
      res.writeHead(400, { "content-type": "text/html" });
      res.end("<html>bad</html>");
    });
    const err = await errOf(makeClient().cashout.create(cashoutBody));
    expect(err.code).toBe("INVALID_RESPONSE");
    expect(err.status).toBe(400);
    expect(err.retryable).toBe(false);
    expect(api.calls("POST /v2/transactions/cashout")).toHaveLength(1);
  });
});
