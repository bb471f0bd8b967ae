import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InMemoryTokenStore, PaymentApiClient, PaymentApiError, type StoredToken, type TokenStore } from "../index";
import { CLIENT_ID, CLIENT_SECRET, SIGNING_KEY, ok, fail, recordingSleep, startFakeApi, type FakeApi } from "./fake-api";

const balance = { balances: [{ currency: "BRL", available: 10, blocked: 0, pending: 0 }] };

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on("GET /v2/account/balance", (_r, res) => ok(res, balance));
});
afterEach(() => api.close());

const makeClient = (extra: Partial<ConstructorParameters<typeof PaymentApiClient>[0]> = {}) =>
  new PaymentApiClient({
    baseUrl: api.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    signingKey: SIGNING_KEY,
    tokenStore: new InMemoryTokenStore(),
    sleep: recordingSleep().sleep,
    ...extra,
  });

describe("access token", () => {
  it("asks POST /v2/oauth/token with Basic auth and grant_type client_credentials, then sends Bearer", async () => {
    const client = makeClient();
    await client.account.balance();
    expect(api.tokenRequests).toHaveLength(1);
    const t = api.tokenRequests[0]!;
    expect(t.headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`);
    expect(t.headers["content-type"]).toContain("application/json");
    expect(t.json).toEqual({ grant_type: "client_credentials" });
    expect(api.requests[0]!.headers.authorization).toBe("Bearer tok-1");
  });

  it("caches the token across calls", async () => {
    const client = makeClient();
    await client.account.balance();
    await client.account.balance();
    await client.account.balance();
    expect(api.tokenRequests).toHaveLength(1);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-1", "Bearer tok-1"]);
  });

  it("renews shortly (60 s) before expiry, not earlier", async () => {
    let now = 1_700_000_000_000;
    const client = makeClient({ now: () => now });
    await client.account.balance();
    now += (3600 - 61) * 1000; // 61 s left: still used
    await client.account.balance();
    expect(api.tokenRequests).toHaveLength(1);
    now += 2000; // 59 s left: renewed before sending
    await client.account.balance();
    expect(api.tokenRequests).toHaveLength(2);
    expect(api.requests.at(-1)!.headers.authorization).toBe("Bearer tok-2");
  });

  it("20 parallel calls on a cold cache make exactly one token request", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api.onToken(async (_r, res) => {
      await gate; // hold the token answer until every caller is waiting for it
      ok(res, { access_token: "tok-shared", expires_in: 3600 });
    });
    api.issueToken("tok-shared");
    const client = makeClient();
    const calls = Array.from({ length: 20 }, () => client.account.balance());
    await new Promise((r) => setTimeout(r, 50));
    release();
    const results = await Promise.all(calls);
    expect(results).toHaveLength(20);
    expect(api.tokenRequests).toHaveLength(1);
    expect(api.requests).toHaveLength(20);
    expect(new Set(api.requests.map((r) => r.headers.authorization))).toEqual(new Set(["Bearer tok-shared"]));
  });

  it("20 parallel calls on an expiring cache make exactly one renewal", async () => {
    let now = 1_700_000_000_000;
    const client = makeClient({ now: () => now });
    await client.account.balance();
    now += 3590 * 1000;
    await Promise.all(Array.from({ length: 20 }, () => client.account.balance()));
    expect(api.tokenRequests).toHaveLength(2);
    expect(api.requests.slice(1).every((r) => r.headers.authorization === "Bearer tok-2")).toBe(true);
  });

  it("on TOKEN_EXPIRED renews once and repeats the call", async () => {
    const client = makeClient();
    await client.account.balance();
    api.expireToken("tok-1");
    const data = await client.account.balance();
    expect(data.balances[0]!.available.toString()).toBe("10");
    expect(api.tokenRequests).toHaveLength(2);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-1", "Bearer tok-2"]);
  });

  it("on INVALID_TOKEN renews once too", async () => {
    const client = makeClient();
    api.on("GET /v2/account/info/profile", (r, res) =>
      r.headers.authorization === "Bearer tok-1"
        ? fail(res, 401, "INVALID_TOKEN", { group: "AUTH" })
        : ok(res, { username: "u", name: "N", document: "1", kyc_level: 2, kyc_status: "approved", status: "active" }),
    );
    const p = await client.account.profile();
    expect(p.kyc_level).toBe(2);
    expect(api.tokenRequests).toHaveLength(2);
  });

  it("renews only once: a second TOKEN_EXPIRED surfaces as the error", async () => {
    const client = makeClient();
    api.on("GET /v2/account/limits", (_r, res) => fail(res, 401, "TOKEN_EXPIRED", { group: "AUTH" }));
    const err = await client.account.limits().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentApiError);
    expect((err as PaymentApiError).code).toBe("TOKEN_EXPIRED");
    expect((err as PaymentApiError).status).toBe(401);
    expect(api.tokenRequests).toHaveLength(2);
    expect(api.calls("GET /v2/account/limits")).toHaveLength(2);
  });

  it("concurrent TOKEN_EXPIRED answers share one renewal", async () => {
    const client = makeClient();
    await client.account.balance();
    api.expireToken("tok-1");
    await Promise.all(Array.from({ length: 10 }, () => client.account.balance()));
    expect(api.tokenRequests).toHaveLength(2);
  });

  it("invalid credentials are not retried and name the code", async () => {
    const client = new PaymentApiClient({ baseUrl: api.url, clientId: CLIENT_ID, clientSecret: "wrong", tokenStore: new InMemoryTokenStore(), sleep: recordingSleep().sleep });
    const err = (await client.account.balance().catch((e: unknown) => e)) as PaymentApiError;
    expect(err.code).toBe("INVALID_CREDENTIALS");
    expect(err.group).toBe("AUTH");
    expect(api.tokenRequests).toHaveLength(1);
    expect(api.requests).toHaveLength(0);
  });

  it("the default store is shared by clients of the same baseUrl and clientId", async () => {
    const a = new PaymentApiClient({ baseUrl: api.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const b = new PaymentApiClient({ baseUrl: `${api.url}/`, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    await a.account.balance();
    await b.account.balance();
    expect(api.tokenRequests).toHaveLength(1);
  });

  it("a custom TokenStore shares the token between instances and its lock is used to renew", async () => {
    const shared = new Map<string, StoredToken>();
    const locks: string[] = [];
    let chain = Promise.resolve();
    const store: TokenStore = {
      get: async (k) => shared.get(k) ?? null,
      set: async (k, t) => void shared.set(k, t),
      withLock: async <T,>(k: string, fn: () => Promise<T>) => {
        locks.push(k);
        const prev = chain;
        let done!: () => void;
        chain = new Promise((r) => (done = r));
        await prev;
        try {
          return await fn();
        } finally {
          done();
        }
      },
    };
    // Two "instances": separate clients (separate single-flight maps would not help: different stores)
    const one = makeClient({ tokenStore: store });
    const two = makeClient({ tokenStore: { ...store } });
    await Promise.all([one.account.balance(), two.account.balance()]);
    expect(api.tokenRequests).toHaveLength(1);
    expect(locks.length).toBeGreaterThanOrEqual(1);
    expect([...shared.keys()]).toEqual([`${api.url}|${CLIENT_ID}`]);
    expect(shared.get(`${api.url}|${CLIENT_ID}`)!.accessToken).toBe("tok-1");
  });
});
