import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InMemoryTokenStore, PaymentApiClient, PaymentApiError, computeSignature, verifySignature } from "../index";
import { CLIENT_ID, CLIENT_SECRET, SIGNING_KEY, fail, ok, recordingSleep, startFakeApi, type FakeApi } from "./fake-api";

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(() => api.close());

const makeClient = (signingKey: string | undefined = SIGNING_KEY, sleep = recordingSleep().sleep) =>
  new PaymentApiClient({ baseUrl: api.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, signingKey, tokenStore: new InMemoryTokenStore(), sleep });

const cashout = { amount: 150.25, currency: "BRL" as const, key: "user@example.com", key_type: "email" as const, description: "açaí ☕" };

describe("HMAC signature", () => {
  it("signs cash-out with hex HMAC-SHA256 of <timestamp>.<nonce>.<exact body bytes>", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res) => ok(res, { transaction_id: "a".repeat(32), status: "pending" }, 202));
    const before = Math.floor(Date.now() / 1000);
    const out = await makeClient().cashout.create(cashout);
    const after = Math.floor(Date.now() / 1000);
    expect(out.status).toBe("pending");
    expect(api.signatureFailures).toEqual([]);
    const r = api.calls("POST /v2/transactions/cashout")[0]!;
    const ts = r.headers["x-timestamp"] as string;
    const nonce = r.headers["x-nonce"] as string;
    expect(ts).toMatch(/^\d+$/); // Unix seconds
    expect(Number(ts)).toBeGreaterThanOrEqual(before);
    expect(Number(ts)).toBeLessThanOrEqual(after);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // recompute over the raw bytes received (non-ASCII included), independently of the client code
    const expected = createHmac("sha256", SIGNING_KEY).update(`${ts}.${nonce}.`).update(r.body).digest("hex");
    expect(r.headers["x-signature"]).toBe(expected);
    expect(r.headers["x-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.toString("utf8")).toContain("açaí ☕");
  });

  it("signs the legacy PIX payment, internal transfers and conversions/new", async () => {
    api.on("POST /v2/pix/payment", (_r, res) => ok(res, { transaction_id: "b".repeat(32), status: "pending" }, 202));
    api.on("POST /v2/internal_transfers/payment", (_r, res) => ok(res, { transaction_id: "c".repeat(32), from_user: "me", to_user: "bob", status: "confirmed" }, 202));
    api.on("POST /v2/conversions/new", (_r, res) =>
      ok(res, { conversion_id: "cv1", amount_from: 100, currency_from: "USDT", amount_to: 509.16, currency_to: "BRL", rate: 5.0916, fee: 0.5 }, 202),
    );
    const client = makeClient();
    await client.pix.payment({ amount: 10, key: "12345678909", key_type: "cpf" });
    await client.transfers.create({ username: "bob", amount: 5, currency: "BRL" });
    const conv = await client.conversions.create({ amount: 100, base_currency: "USDT", destination_currency: "BRL" });
    expect(conv.rate.toString()).toBe("5.0916");
    expect(api.signatureFailures).toEqual([]);
    for (const r of api.requests) expect(r.headers["x-signature"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs on the caller's idea of the provider's clock, and signs again once when the provider finds it too far from its own", async () => {
    api.on("POST /v2/internal_transfers/payment", (_r, res) => ok(res, { transaction_id: "e".repeat(32), from_user: "me", to_user: "bob", status: "confirmed" }, 202));
    // A clock three hours ahead, corrected once the refusal has been read (as the API context learns it).
    let offsetMs = 3 * 3600_000;
    const client = new PaymentApiClient({
      baseUrl: api.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      signingKey: SIGNING_KEY,
      tokenStore: new InMemoryTokenStore(),
      sleep: recordingSleep().sleep,
      signingNow: () => Date.now() + offsetMs,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        if (res.status === 401) offsetMs = 0;
        return res;
      },
    });
    const out = await client.transfers.create({ username: "bob", amount: 5, currency: "BRL" });
    expect(out.status).toBe("confirmed");
    expect(api.signatureFailures).toEqual(["INVALID_TIMESTAMP"]);
    const [refused, signedAgain] = api.calls("POST /v2/internal_transfers/payment");
    expect(Number(refused!.headers["x-timestamp"]) - Number(signedAgain!.headers["x-timestamp"])).toBeGreaterThan(3 * 3600 - 5);
    expect(refused!.headers["x-nonce"]).not.toBe(signedAgain!.headers["x-nonce"]);
    expect(refused!.body.equals(signedAgain!.body)).toBe(true);
    // Only once: a clock that stays wrong surfaces as INVALID_TIMESTAMP.
    offsetMs = 3 * 3600_000;
    const stuck = new PaymentApiClient({ baseUrl: api.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, signingKey: SIGNING_KEY, tokenStore: new InMemoryTokenStore(), sleep: recordingSleep().sleep, signingNow: () => Date.now() + 3 * 3600_000 });
    await expect(stuck.transfers.create({ username: "bob", amount: 5, currency: "BRL" })).rejects.toMatchObject({ code: "INVALID_TIMESTAMP" });
    expect(api.signatureFailures).toEqual(["INVALID_TIMESTAMP", "INVALID_TIMESTAMP", "INVALID_TIMESTAMP"]);
  });

  it("leaves every other route unsigned", async () => {
    api.on("POST /v2/transactions/cashin", (_r, res) => ok(res, { transaction_id: "d".repeat(32), status: "pending" }, 201));
    api.on("GET /v2/account/balance", (_r, res) => ok(res, { balances: [] }));
    api.on("POST /v2/conversions/rate", (_r, res) => ok(res, { rate: 5.1, estimated_amount: 51, timestamp: "2025-01-01T00:00:00Z" }));
    const client = makeClient();
    await client.cashin.create({ amount: 10, currency: "BRL", payer: { name: "Ana", document: "52998224725" } });
    await client.account.balance();
    await client.conversions.rate({ amount: 10, base_currency: "USDT", destination_currency: "BRL" });
    for (const r of api.requests) {
      expect(r.headers["x-signature"]).toBeUndefined();
      expect(r.headers["x-nonce"]).toBeUndefined();
      expect(r.headers["x-timestamp"]).toBeUndefined();
    }
  });

  it("signs every retry afresh: new nonce and timestamp, same body bytes, never a replay", async () => {
    let now = Date.now();
    const sleeps: number[] = [];
    api.on("POST /v2/transactions/cashout", (_r, res, n) =>
      n < 3 ? fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }) : ok(res, { transaction_id: "e".repeat(32), status: "pending" }, 202),
    );
    const client = new PaymentApiClient({
      baseUrl: api.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      signingKey: SIGNING_KEY,
      tokenStore: new InMemoryTokenStore(),
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms; // the clock moves as if we had waited
      },
    });
    await client.cashout.create(cashout);
    const calls = api.calls("POST /v2/transactions/cashout");
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(api.signatureFailures).toEqual([]);
    expect(new Set(calls.map((c) => c.headers["x-nonce"])).size).toBe(3);
    const ts = calls.map((c) => Number(c.headers["x-timestamp"]));
    expect(ts[1]! - ts[0]!).toBe(1);
    expect(ts[2]! - ts[1]!).toBe(2);
    expect(calls[1]!.body.equals(calls[0]!.body)).toBe(true);
    expect(calls[2]!.body.equals(calls[0]!.body)).toBe(true);
    for (const c of calls) {
      const expected = createHmac("sha256", SIGNING_KEY).update(`${c.headers["x-timestamp"]}.${c.headers["x-nonce"]}.`).update(c.body).digest("hex");
      expect(c.headers["x-signature"]).toBe(expected);
    }
  });

  it("the server's nonce memory refuses a replayed request (REPLAY_DETECTED, not retried)", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res) => ok(res, { transaction_id: "f".repeat(32), status: "pending" }, 202));
    const client = makeClient();
    await client.cashout.create(cashout);
    const first = api.calls("POST /v2/transactions/cashout")[0]!;
    // replay the exact request as an attacker would
    const res = await fetch(`${api.url}/v2/transactions/cashout`, {
      method: "POST",
      headers: {
        authorization: first.headers.authorization!,
        "content-type": "application/json",
        "x-signature": first.headers["x-signature"] as string,
        "x-timestamp": first.headers["x-timestamp"] as string,
        "x-nonce": first.headers["x-nonce"] as string,
      },
      body: new Uint8Array(first.body),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("REPLAY_DETECTED");

    // and a REPLAY_DETECTED answer to the client is final (signature group, never retried)
    api.on("POST /v2/transactions/cashout", (_r, r2) => fail(r2, 401, "REPLAY_DETECTED", { group: "SIGNATURE" }));
    const err = (await client.cashout.create(cashout).catch((e: unknown) => e)) as PaymentApiError;
    expect(err.code).toBe("REPLAY_DETECTED");
    expect(err.group).toBe("SIGNATURE");
    // first client call + the replay + exactly one attempt of the second client call
    expect(api.calls("POST /v2/transactions/cashout")).toHaveLength(3);
  });

  it("without a signing key the signed routes go unsigned", async () => {
    const unsignedApi = await startFakeApi({ verifySignatures: false });
    try {
      unsignedApi.on("POST /v2/transactions/cashout", (_r, res) => ok(res, { transaction_id: "9".repeat(32), status: "pending" }, 202));
      const client = new PaymentApiClient({ baseUrl: unsignedApi.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenStore: new InMemoryTokenStore() });
      await client.cashout.create(cashout);
      const r = unsignedApi.calls("POST /v2/transactions/cashout")[0]!;
      expect(r.headers["x-signature"]).toBeUndefined();
      expect(r.headers["x-nonce"]).toBeUndefined();
    } finally {
      await unsignedApi.close();
    }
  });

  it("computeSignature / verifySignature agree with a plain HMAC and reject tampering", () => {
    const body = Buffer.from('{"amount":1.5}');
    const sig = computeSignature("k", "1700000000", "n1", body);
    expect(sig).toBe(createHmac("sha256", "k").update("1700000000.n1.").update(body).digest("hex"));
    const base = { signingKey: "k", signature: sig, timestamp: "1700000000", nonce: "n1", body, nowMs: 1_700_000_100_000 };
    expect(verifySignature(base)).toEqual({ ok: true });
    expect(verifySignature({ ...base, body: Buffer.from('{"amount":2.5}') })).toEqual({ ok: false, code: "INVALID_SIGNATURE" });
    expect(verifySignature({ ...base, nowMs: 1_700_000_301_000 })).toEqual({ ok: false, code: "INVALID_TIMESTAMP" });
    expect(verifySignature({ ...base, nonce: undefined })).toEqual({ ok: false, code: "MISSING_SIGNATURE" });
  });
});
