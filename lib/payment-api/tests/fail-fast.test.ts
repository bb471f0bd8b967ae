/**
 * Calls that fail fast and one verdict on what a failed call may have done: the outcome of every kind
 * of failure (sent, not sent, unknown) as the real client produces it against a local server, the
 * call's deadline (retries stop when the next would not fit, a slow attempt or token renewal is cut
 * at it), the circuit breaker (a provider that hangs costs one timeout; half-open probing; recovery),
 * and redirects, which are never followed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CircuitBreaker, InMemoryTokenStore, LOCAL_ANSWER_HEADER, PaymentApiClient, PaymentApiError, failedCallOutcome, type FetchLike } from "../index";
import { CLIENT_ID, CLIENT_SECRET, SIGNING_KEY, fail, ok, recordingSleep, sendJson, startFakeApi, type FakeApi } from "./fake-api";

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
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

const balance = { balances: [{ currency: "BRL", available: 1, blocked: 0, pending: 0 }] };
const cashout = { amount: 10, currency: "BRL" as const, key: "a@b.co", key_type: "email" as const };
const errOf = async (p: PromiseLike<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as PaymentApiError;
  }
  throw new Error("expected a rejection");
};
/** A handler that takes the request and never answers (a provider that hangs). */
const hang = () => undefined;
const timed = async <T>(p: PromiseLike<T>) => {
  const t0 = performance.now();
  const value = await errOf(p);
  return { e: value, ms: performance.now() - t0 };
};

describe("the outcome of a failed call, per kind of failure", () => {
  it("not sent: refused by the client's own validation", async () => {
    const e = await errOf(makeClient().cashout.create({ ...cashout, amount: -1 }));
    expect(e.details?.["client_side"]).toBe(true);
    expect(failedCallOutcome(e)).toBe("not-sent");
    expect(api.calls("POST /v2/transactions/cashout")).toHaveLength(0);
  });

  it("not sent: the connection was refused (nothing listens)", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const e = await errOf(makeClient({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 }).cashout.create(cashout));
    expect(e).toMatchObject({ code: "CONNECTION_ERROR", details: { errno: "ECONNREFUSED" } });
    expect(failedCallOutcome(e)).toBe("not-sent");
  });

  it("not sent: only the token request failed", async () => {
    api.onToken((_r, res) => fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }));
    const e = await errOf(makeClient({ maxRetries: 0 }).cashout.create(cashout));
    expect(e).toMatchObject({ path: "/v2/oauth/token", status: 503 });
    expect(failedCallOutcome(e)).toBe("not-sent");
    expect(api.calls("POST /v2/transactions/cashout")).toHaveLength(0);
  });

  it("not sent: a 429 (refused before processing), and a local answer made in the API's place", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res) => fail(res, 429, "RATE_LIMIT_EXCEEDED", { group: "SECURITY", retryable: true, headers: { "retry-after": "120" } }));
    const e = await errOf(makeClient().cashout.create(cashout));
    expect(e.status).toBe(429);
    expect(failedCallOutcome(e)).toBe("not-sent");

    // A rate budget answering for the API: marked local, and it says nothing about the provider.
    const breaker = new CircuitBreaker();
    const budget: FetchLike = async (input, init) =>
      input.endsWith("/v2/transactions/cashout")
        ? new Response(JSON.stringify({ success: false, error: { code: "RATE_LIMIT_EXCEEDED", message: "budget", group: "SECURITY", retryable: true } }), {
            status: 429,
            headers: { "content-type": "application/json", "retry-after": "90", [LOCAL_ANSWER_HEADER]: "rate-budget" },
          })
        : fetch(input, init);
    const local = await errOf(makeClient({ fetch: budget, breaker }).cashout.create(cashout));
    expect(local.local).toBe(true);
    expect(failedCallOutcome(local)).toBe("not-sent");
    expect(breaker.status().state).toBe("closed");
  });

  it("sent: the API refused it with its envelope (nothing made)", async () => {
    api.on("POST /v2/transactions/cashout", (_r, res) => fail(res, 422, "INSUFFICIENT_BALANCE", { group: "VALIDATION" }));
    const e = await errOf(makeClient().cashout.create(cashout));
    expect(e.code).toBe("INSUFFICIENT_BALANCE");
    expect(failedCallOutcome(e)).toBe("sent");
    // A proxy's 4xx page: refused before it reached the service.
    api.on("POST /v2/transactions/cashout", (_r, res) => res.writeHead(403, { "content-type": "text/html" }).end("<h1>Forbidden</h1>"));
    const page = await errOf(makeClient().cashout.create(cashout));
    expect(page).toMatchObject({ code: "INVALID_RESPONSE", status: 403 });
    expect(failedCallOutcome(page)).toBe("sent");
  });

  it("unknown: a timeout after sending, a connection reset after sending, a 5xx, a gateway page, an unreadable 2xx", async () => {
    api.on("POST /v2/transactions/cashout", hang);
    const timeout = await errOf(makeClient({ timeoutMs: 300, maxRetries: 0 }).cashout.create(cashout));
    expect(timeout.code).toBe("TIMEOUT");
    expect(failedCallOutcome(timeout)).toBe("unknown");

    api.on("POST /v2/transactions/cashout", (_r, res) => res.socket?.destroy());
    const reset = await errOf(makeClient({ maxRetries: 0 }).cashout.create(cashout));
    expect(reset.code).toBe("CONNECTION_ERROR");
    expect(failedCallOutcome(reset)).toBe("unknown");

    api.on("POST /v2/transactions/cashout", (_r, res) => fail(res, 500, "INTERNAL_ERROR"));
    expect(failedCallOutcome(await errOf(makeClient({ maxRetries: 0 }).cashout.create(cashout)))).toBe("unknown");

    api.on("POST /v2/transactions/cashout", (_r, res) => res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>"));
    expect(failedCallOutcome(await errOf(makeClient({ maxRetries: 0 }).cashout.create(cashout)))).toBe("unknown");

    api.on("POST /v2/transactions/cashout", (_r, res) => ok(res, { status: "pending" }, 202));
    const unreadable = await errOf(makeClient().cashout.create(cashout));
    expect(unreadable).toMatchObject({ code: "INVALID_RESPONSE", status: 202 });
    expect(failedCallOutcome(unreadable)).toBe("unknown");

    api.on("POST /v2/transactions/cashout", (_r, res) => fail(res, 409, "INTERNAL_CONFLICT", { retryable: true }));
    expect(failedCallOutcome(await errOf(makeClient({ maxRetries: 0 }).cashout.create(cashout)))).toBe("unknown");

    // Not the client's error at all (a bug, a database failure around the call): assume the worst.
    expect(failedCallOutcome(new Error("boom"))).toBe("unknown");
  });

  it("unknown: once an attempt may have reached the API, a later refusal does not make the call 'not sent'", async () => {
    // The first attempt's connection is cut after sending; the retry (same external_id) gets a 429.
    api.on("POST /v2/transactions/cashout", (_r, res, n) =>
      n === 1 ? res.socket?.destroy() : fail(res, 429, "RATE_LIMIT_EXCEEDED", { group: "SECURITY", retryable: true, headers: { "retry-after": "120" } }),
    );
    const e = await errOf(makeClient().cashout.create(cashout));
    expect(e).toMatchObject({ status: 429, attempts: 2, earlierAttemptUnknown: true });
    expect(failedCallOutcome(e)).toBe("unknown");

    // The first attempt hangs and opens the breaker; the retry is refused by it: the timeout is what the call says.
    const breaker = new CircuitBreaker({ minTimeoutEvidenceMs: 100 });
    api.on("POST /v2/transactions/cashout", hang);
    const hung = await errOf(makeClient({ timeoutMs: 300, breaker }).cashout.create(cashout));
    expect(hung).toMatchObject({ code: "TIMEOUT", attempts: 1 });
    expect(breaker.status().state).toBe("open");
    expect(failedCallOutcome(hung)).toBe("unknown");
    expect(api.calls("POST /v2/transactions/cashout")).toHaveLength(3);
  });
});

describe("the call's deadline", () => {
  it("a 503 storm with a 3.5 s deadline answers after two attempts, not after 1 + 2 + 4 + 8 s", async () => {
    api.on("GET /v2/account/balance", (_r, res) => fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }));
    const { e, ms } = await timed(makeClient({ sleep: undefined, deadlineMs: 3_500 }).account.balance());
    expect(e.code).toBe("SERVICE_UNAVAILABLE");
    expect(api.calls("GET /v2/account/balance")).toHaveLength(2);
    expect(ms).toBeLessThan(3_500);
  });

  it("cuts a slow attempt at the deadline whatever its own timeout", async () => {
    api.on("GET /v2/account/balance", hang);
    const { e, ms } = await timed(makeClient({ timeoutMs: 30_000, deadlineMs: 800 }).account.balance());
    expect(e.code).toBe("TIMEOUT");
    expect(ms).toBeGreaterThanOrEqual(700);
    expect(ms).toBeLessThan(2_000);
  });

  it("a token request that hangs is cut at the deadline, and the request itself is never sent", async () => {
    api.onToken(hang);
    const { e, ms } = await timed(makeClient({ timeoutMs: 30_000 }).cashout.create(cashout, { deadlineMs: 800 }));
    expect(e).toMatchObject({ code: "TIMEOUT", path: "/v2/oauth/token" });
    expect(failedCallOutcome(e)).toBe("not-sent");
    expect(ms).toBeLessThan(2_000);
    expect(api.calls("POST /v2/transactions/cashout")).toHaveLength(0);
  });
});

describe("the circuit breaker", () => {
  it("a provider that hangs costs one timeout; the next calls are refused at once, unsent; a probe after the cool-down closes it when it answers again", async () => {
    const breaker = new CircuitBreaker({ openMs: 400, minTimeoutEvidenceMs: 100 });
    let hanging = false;
    api.on("GET /v2/account/balance", (_r, res) => (hanging ? undefined : ok(res, balance)));
    const client = makeClient({ breaker, timeoutMs: 500, maxRetries: 0 });
    await client.account.balance(); // the token is cached: what follows is the balance alone
    hanging = true;
    const first = await timed(client.account.balance());
    expect(first.e.code).toBe("TIMEOUT");
    expect(breaker.status()).toMatchObject({ state: "open" });
    const reached = api.calls("GET /v2/account/balance").length;

    const second = await timed(client.account.balance());
    expect(second.e).toMatchObject({ code: "CIRCUIT_OPEN", local: true });
    expect(second.ms).toBeLessThan(500 / 4); // a quarter of the timeout it avoids (nothing reached the API: below)
    expect(Number(second.e.details?.["retry_after_seconds"])).toBeGreaterThanOrEqual(1);
    expect(failedCallOutcome(second.e)).toBe("not-sent");
    expect(api.calls("GET /v2/account/balance")).toHaveLength(reached);

    // The provider answers again; after the cool-down the next call is the probe and closes it.
    hanging = false;
    await new Promise((r) => setTimeout(r, 450));
    expect(await client.account.balance()).toMatchObject({ balances: [{ currency: "BRL" }] });
    expect(breaker.status()).toMatchObject({ state: "closed", since: null });
  });

  it("half-open: one probe at a time; a failed probe doubles the cool-down", async () => {
    let now = 1_000_000;
    const breaker = new CircuitBreaker({ openMs: 1_000, maxOpenMs: 3_000, now: () => now });
    breaker.failure("timeout", false, 5_000);
    expect(breaker.admit()).toEqual({ ok: false, retryInMs: 1_000 });
    now += 1_000;
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    expect(breaker.admit()).toMatchObject({ ok: false });
    breaker.failure("timeout", true, 5_000);
    expect(breaker.status()).toMatchObject({ state: "open", since: 1_000_000, retryInMs: 2_000 });
    now += 2_000;
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    breaker.failure("connection", true);
    expect(breaker.status().retryInMs).toBe(3_000); // at most maxOpenMs
    now += 3_000;
    // A probe without a verdict (the caller gave up) lets the next request probe.
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    breaker.abandon(true);
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    breaker.success();
    expect(breaker.status()).toEqual({ state: "closed", since: null, retryInMs: 0 });
    expect(breaker.admit()).toEqual({ ok: true, probe: false });
  });

  it("half-open: a request that finds the probe out waits for its verdict: let through once the provider answered, refused if it did not", async () => {
    let now = 1_000_000;
    const breaker = new CircuitBreaker({ openMs: 1_000, now: () => now });
    breaker.failure("timeout", false, 5_000);
    now += 1_000;
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    const waiting = breaker.admitAfterProbe(5_000);
    setTimeout(() => breaker.success(), 20);
    expect(await waiting).toEqual({ ok: true, probe: false });

    breaker.failure("timeout", false, 5_000);
    now += 1_000;
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    const refused = breaker.admitAfterProbe(5_000);
    setTimeout(() => breaker.failure("timeout", true, 5_000), 20);
    expect(await refused).toMatchObject({ ok: false });
    // No verdict within the caller's own wait: refused, not held.
    now += 2_000;
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    expect(await breaker.admitAfterProbe(30)).toMatchObject({ ok: false });
  });

  it("tells whether its cool-down is over and a probe is out, and resolves with the probe's verdict", async () => {
    let now = 1_000_000;
    const breaker = new CircuitBreaker({ openMs: 1_000, now: () => now });
    breaker.failure("timeout", false, 5_000);
    expect(breaker.undecided).toBe(false);
    now += 1_000;
    expect(breaker.undecided).toBe(true);
    expect(breaker.probing).toBe(false);
    await breaker.probeSettled(5_000); // none out: at once
    expect(breaker.admit()).toEqual({ ok: true, probe: true });
    expect(breaker.probing).toBe(true);
    const settled = breaker.probeSettled(5_000);
    setTimeout(() => breaker.success(), 20);
    await settled;
    expect(breaker.status().state).toBe("closed");
    expect(breaker.undecided).toBe(false);
  });

  it("connection failures open it after three in a row; an answer in between starts the count again; a timeout cut short proves nothing", () => {
    const breaker = new CircuitBreaker();
    breaker.failure("connection", false);
    breaker.failure("connection", false);
    breaker.success();
    breaker.failure("connection", false);
    breaker.failure("connection", false);
    expect(breaker.status().state).toBe("closed");
    breaker.failure("timeout", false, 200);
    expect(breaker.status().state).toBe("closed");
    breaker.failure("connection", false);
    expect(breaker.status().state).toBe("open");
  });

  it("an error envelope is an answer: it keeps the breaker closed", async () => {
    const breaker = new CircuitBreaker();
    api.on("GET /v2/account/balance", (_r, res) => fail(res, 503, "SERVICE_UNAVAILABLE", { retryable: true }));
    for (let i = 0; i < 4; i++) await errOf(makeClient({ breaker, maxRetries: 0 }).account.balance());
    expect(breaker.status().state).toBe("closed");
  });
});

describe("redirects", () => {
  let elsewhere: Server;
  let seen: { method?: string; authorization?: string }[];
  beforeEach(async () => {
    seen = [];
    elsewhere = createServer((req, res) => {
      seen.push({ method: req.method, authorization: req.headers.authorization });
      sendJson(res, 200, { success: true, data: { access_token: "stolen", expires_in: 3600 } });
    });
    await new Promise<void>((r) => elsewhere.listen(0, "127.0.0.1", r));
  });
  afterEach(() => new Promise<void>((r) => elsewhere.close(() => r())));

  it("are an error, never followed: the credential and the body go nowhere else", async () => {
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/steal`;
    api.onToken((_r, res) => res.writeHead(307, { location: target }).end());
    const e = await errOf(makeClient().account.balance());
    expect(e).toMatchObject({ code: "REDIRECT_REFUSED", status: 307, path: "/v2/oauth/token" });
    expect(e.message).not.toContain("steal");
    expect(failedCallOutcome(e)).toBe("not-sent"); // only the token request

    api.onToken(null);
    api.on("POST /v2/transactions/cashout", (_r, res) => res.writeHead(303, { location: target }).end());
    const moved = await errOf(makeClient().cashout.create(cashout));
    expect(moved).toMatchObject({ code: "REDIRECT_REFUSED", status: 303 });
    // Whoever answered may have acted on it (a 303 after a POST says it did).
    expect(failedCallOutcome(moved)).toBe("unknown");
    expect(seen).toEqual([]);
  });
});
