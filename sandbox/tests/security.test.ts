/**
 * Authentication, HMAC signatures, rate limits, anti-abuse blocks, envelope, control API, clock.
 * Driven over HTTP against a real sandbox (PGlite in memory; PostgreSQL too with TEST_DATABASE_URL).
 * Windows are crossed by advancing the sandbox clock, never by sleeping.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { computeSignature } from "@/lib/payment-api/core/signing";
import { ERROR_CODES } from "@/lib/payment-api/schemas/errors";
import { ADMIN, BACKENDS, basic, newClient, startSandbox, tokenOf, uniq, type Answer, type TestSandbox } from "./helpers";
import { patient } from "@/test/support/patience";

function expectError(r: Answer, status: number, code: string, group?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.error.code).toBe(code);
  expect(r.body.error.group).toBe(group ?? ERROR_CODES[code as keyof typeof ERROR_CODES].group);
  expect(typeof r.body.error.message).toBe("string");
  expect(typeof r.body.error.retryable).toBe("boolean");
  expect(r.headers.get("x-request-id")).toMatch(/^req_/);
}

function expectRateHeaders(r: Answer, limit: number) {
  expect(r.headers.get("x-ratelimit-limit")).toBe(String(limit));
  expect(Number(r.headers.get("x-ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
  expect(Number(r.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
}

describe.each(BACKENDS)("security ($name)", (backend) => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startSandbox(backend);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  describe("envelope and control API", () => {
    it("answers health without auth, enveloped", async () => {
      const r = await t.api.get<{ ok: boolean }>("/sandbox/health");
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      expect(r.body.data.ok).toBe(true);
    });

    it("refuses the control API without the admin token (401 UNAUTHORIZED)", async () => {
      const none = await t.api.post("/sandbox/accounts", { username: uniq() });
      expectError(none, 401, "UNAUTHORIZED", "AUTH");
      const wrong = await t.api.post("/sandbox/accounts", { username: uniq() }, { headers: { authorization: "Bearer nope" } });
      expectError(wrong, 401, "UNAUTHORIZED", "AUTH");
    });

    it("counts wrong admin tokens toward the address's block: the fifth blocks /v2 and further guesses", async () => {
      // A sandbox of its own: the block covers the whole address (every test here shares 127.0.0.1).
      const own = await startSandbox(backend);
      try {
        const c = await newClient(own.api);
        for (let i = 0; i < 5; i++) expectError(await own.api.post("/sandbox/clock/advance", { seconds: 1 }, { headers: { authorization: `Bearer guess-${i}` } }), 401, "UNAUTHORIZED");
        expectError(await own.api.post("/sandbox/clock/advance", { seconds: 1 }, { headers: { authorization: "Bearer guess-6" } }), 403, "IP_BLOCKED_TEMPORARILY");
        expectError(await c.get("/v2/account/balance"), 403, "IP_BLOCKED_TEMPORARILY");
        // The right token still answers (and moves the clock past the block).
        await own.api.advance(300);
        expect((await c.get("/v2/account/balance")).status).toBe(200);
      } finally {
        await own.dispose();
      }
    }, patient(90_000)); // it starts a sandbox of its own (CI, loaded, took over 30 s)

    it("creates accounts with a pending credential and refuses a taken username", async () => {
      const username = uniq();
      const r = await t.api.admin<{ username: string; credential: { client_id: string; client_secret: string; signing_key: string; status: string } }>("POST", "/sandbox/accounts", {
        username,
        balances: { BRL: 10 },
      });
      expect(r.status).toBe(201);
      expect(r.body.data.username).toBe(username);
      expect(r.body.data.credential.status).toBe("pending");
      expect(r.body.data.credential.client_id).toMatch(/^ci_/);
      expect(r.body.data.credential.client_secret.length).toBeGreaterThan(40);
      expect(r.body.data.credential.signing_key).toMatch(/^sk_[0-9a-f]{64}$/);
      const again = await t.api.admin("POST", "/sandbox/accounts", { username });
      expectError(again, 409, "DUPLICATE_RESOURCE");
      const bad = await t.api.admin("POST", "/sandbox/accounts", { username: "x" });
      expectError(bad, 400, "MISSING_REQUIRED_FIELD");
      expect(bad.body.error.details?.field).toBe("username");
      const unknownUser = await t.api.admin("POST", "/sandbox/credentials", { username: uniq() });
      expectError(unknownUser, 404, "NOT_FOUND");
      const unknownCred = await t.api.admin("POST", "/sandbox/credentials/ci_nope/activate");
      expectError(unknownCred, 404, "NOT_FOUND");
    });

    it("wraps success in { success, data, request_id, timestamp } with X-Request-Id", async () => {
      const c = await newClient(t.api);
      const r = await c.get("/v2/account/info/profile");
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(["data", "request_id", "success", "timestamp"]);
      expect(r.body.request_id).toBe(r.headers.get("x-request-id"));
      expect(new Date(r.body.timestamp).toISOString()).toBe(r.body.timestamp);
    });

    it("answers unknown routes and methods with 404 NOT_FOUND and rate headers", async () => {
      const c = await newClient(t.api);
      const r = await c.get("/v2/nothing/here");
      expectError(r, 404, "NOT_FOUND", "BUSINESS");
      expectRateHeaders(r, 60);
      const wrongMethod = await c.get("/v2/transactions/cashin");
      expectError(wrongMethod, 404, "NOT_FOUND");
    });

    it("validates and persists settings; advances the clock", async () => {
      const s = await t.api.admin<Record<string, unknown>>("PUT", "/sandbox/settings", { auto_settle_cashout_seconds: 30 });
      expect(s.status).toBe(200);
      expect(s.body.data).toEqual({ hmac_required: true, auto_settle_cashout_seconds: 30, drop_webhooks: false });
      const bad = await t.api.admin("PUT", "/sandbox/settings", { hmac_required: "yes" });
      expectError(bad, 400, "MISSING_REQUIRED_FIELD");
      for (const v of ["yes", 1, null]) {
        const badDrop = await t.api.admin("PUT", "/sandbox/settings", { drop_webhooks: v });
        expectError(badDrop, 400, "MISSING_REQUIRED_FIELD");
        expect(badDrop.body.error.details?.field).toBe("drop_webhooks");
      }
      // a refused body changes nothing
      expect((await t.api.admin("PUT", "/sandbox/settings", {})).body.data).toMatchObject({ auto_settle_cashout_seconds: 30, drop_webhooks: false });
      const reset = await t.api.admin<Record<string, unknown>>("PUT", "/sandbox/settings", { auto_settle_cashout_seconds: null });
      expect(reset.body.data.auto_settle_cashout_seconds).toBeNull();
      const before = t.clock.now();
      const adv = await t.api.advance(120);
      expect(adv.status).toBe(200);
      expect(Date.parse(adv.body.data.now as string)).toBeGreaterThanOrEqual(before + 120_000);
      expectError(await t.api.advance(-1), 400, "MISSING_REQUIRED_FIELD");
    });
  });

  describe("token endpoint", () => {
    it("issues a JWT valid 3600 s for an active credential", async () => {
      const c = await newClient(t.api);
      const r = await t.api.post<{ access_token: string; expires_in: number; token_type: string; meta: Record<string, unknown> }>(
        "/v2/oauth/token",
        { grant_type: "client_credentials" },
        { headers: { authorization: basic(c.credential) } },
      );
      expect(r.status).toBe(200);
      expect(r.body.data.access_token.split(".")).toHaveLength(3);
      expect(r.body.data.expires_in).toBe(3600);
      expect(r.body.data.token_type).toBe("Bearer");
      expect(r.body.data.meta.client_id).toBe(c.credential.client_id);
      const header = JSON.parse(Buffer.from(r.body.data.access_token.split(".")[0]!, "base64url").toString());
      expect(header.alg).toBe("HS256");
      expectRateHeaders(r, 30);
      // each request returns an independent token; both work
      const other = await tokenOf(t.api, c.credential);
      expect(other).not.toBe(r.body.data.access_token);
      expect((await t.api.get("/v2/account/balance", { token: other })).status).toBe(200);
      expect((await t.api.get("/v2/account/balance", { token: r.body.data.access_token })).status).toBe(200);
    });

    it("answers each authentication failure with its code", async () => {
      const c = await newClient(t.api);
      const body = { grant_type: "client_credentials" };
      expectError(await t.api.post("/v2/oauth/token", body), 401, "MISSING_AUTH_HEADER", "AUTH");
      expectError(await t.api.post("/v2/oauth/token", body, { headers: { authorization: "Bearer abc" } }), 401, "INVALID_AUTH_FORMAT");
      expectError(await t.api.post("/v2/oauth/token", body, { headers: { authorization: "Basic bm9jb2xvbg==" } }), 401, "INVALID_AUTH_FORMAT");
      const wrong = { ...c.credential, client_secret: "cs_wrong" };
      expectError(await t.api.post("/v2/oauth/token", body, { headers: { authorization: basic(wrong) } }), 401, "INVALID_CREDENTIALS");
      await tokenOf(t.api, c.credential); // a success clears the count of consecutive failures
    });

    it("refuses a credential pending activation (403 CREDENTIAL_PENDING_ADMIN_ACTIVATION)", async () => {
      const r = await t.api.admin<{ credential: { client_id: string; client_secret: string; signing_key: string; status: string } }>("POST", "/sandbox/accounts", {
        username: uniq(),
      });
      const cred = r.body.data.credential;
      const res = await t.api.post("/v2/oauth/token", { grant_type: "client_credentials" }, { headers: { authorization: basic(cred) } });
      expectError(res, 403, "CREDENTIAL_PENDING_ADMIN_ACTIVATION", "AUTH");
      await t.api.admin("POST", `/sandbox/credentials/${cred.client_id}/activate`);
      expect((await tokenOf(t.api, cred)).length).toBeGreaterThan(20);
    });

    it("validates the body: grant_type, JSON, content type", async () => {
      const c = await newClient(t.api);
      const h = { headers: { authorization: basic(c.credential) } };
      const grant = await t.api.post("/v2/oauth/token", { grant_type: "password" }, h);
      expectError(grant, 400, "MISSING_REQUIRED_FIELD", "VALIDATION");
      expect(grant.body.error.details?.field).toBe("grant_type");
      expectError(await t.api.post("/v2/oauth/token", undefined, { ...h, raw: "{not json" }), 400, "INVALID_JSON");
      expectError(await t.api.post("/v2/oauth/token", undefined, { ...h, raw: "grant_type=client_credentials", contentType: "application/x-www-form-urlencoded" }), 400, "UNSUPPORTED_CONTENT_TYPE");
    });
  });

  describe("bearer authentication", () => {
    it("answers MISSING_AUTH_HEADER, INVALID_AUTH_FORMAT, INVALID_TOKEN with rate headers", async () => {
      const c = await newClient(t.api);
      const none = await t.api.get("/v2/account/balance");
      expectError(none, 401, "MISSING_AUTH_HEADER");
      expectRateHeaders(none, 120);
      expectError(await t.api.get("/v2/account/balance", { headers: { authorization: `Token ${c.token}` } }), 401, "INVALID_AUTH_FORMAT");
      const parts = c.token.split(".");
      const tampered = `${parts[0]}.${Buffer.from(JSON.stringify({ iss: "payment-service-sandbox", sub: "x", acc: "y", iat: 1, exp: 9e9 })).toString("base64url")}.${parts[2]}`;
      expectError(await t.api.get("/v2/account/balance", { token: tampered }), 401, "INVALID_TOKEN");
      await tokenOf(t.api, c.credential);
      expectError(await t.api.get("/v2/account/balance", { token: "abc.def.ghi" }), 401, "INVALID_TOKEN");
      await tokenOf(t.api, c.credential);
    });

    it("expires tokens after 3600 s of the sandbox clock (TOKEN_EXPIRED)", async () => {
      const c = await newClient(t.api);
      const { exp, iat } = JSON.parse(Buffer.from(c.token.split(".")[1]!, "base64url").toString()) as { exp: number; iat: number };
      expect(exp - iat).toBe(3600);
      // iat is whole seconds: move the clock to exactly one second before exp (advance(3599) from
      // issue time could land past exp when the token was issued late in its second)
      const now = Date.parse(String((await t.api.advance(0)).body.data.now));
      await t.api.advance(((exp - 1) * 1000 - now) / 1000);
      expect((await c.get("/v2/account/balance")).status).toBe(200);
      await t.api.advance(1);
      expectError(await c.get("/v2/account/balance"), 401, "TOKEN_EXPIRED", "AUTH");
      // renewal: a new token from the same credentials
      const fresh = await tokenOf(t.api, c.credential);
      expect((await t.api.get("/v2/account/balance", { token: fresh })).status).toBe(200);
    });

    it("enforces credential permissions (CREDENTIAL_PERMISSION_DENIED)", async () => {
      const c = await newClient(t.api, { permissions: ["can_cashout"], balances: { BRL: 100 } });
      const r = await c.post("/v2/boleto", { amount: 10, method: "BOLETO" });
      expectError(r, 403, "CREDENTIAL_PERMISSION_DENIED", "BUSINESS");
      expectError(await c.post("/v2/transactions/cashin", { amount: 10 }), 403, "CREDENTIAL_PERMISSION_DENIED");
      expectError(await c.signed("/v2/conversions/new", { amount: 10, base_currency: "BRL", destination_currency: "USDT" }), 403, "CREDENTIAL_PERMISSION_DENIED");
      const ok = await c.signed("/v2/transactions/cashout", { external_id: uniq("e"), amount: 5, currency: "BRL", key: "52998224725", key_type: "cpf" });
      expect(ok.status).toBe(202);
    });
  });

  describe("HMAC signature", () => {
    const body = () => ({ external_id: uniq("e"), amount: 2, currency: "BRL", key: "maria@example.com", key_type: "email" });

    it("requires the three headers on the four signed routes (MISSING_SIGNATURE)", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      for (const [path, b] of [
        ["/v2/transactions/cashout", body()],
        ["/v2/pix/payment", { external_id: uniq("e"), amount: 2, key: "maria@example.com", key_type: "email" }],
        ["/v2/internal_transfers/payment", { username: "someone", amount: 1, currency: "BRL" }],
        ["/v2/conversions/new", { amount: 10, base_currency: "BRL", destination_currency: "USDT" }],
      ] as const) {
        expectError(await c.post(path, b), 401, "MISSING_SIGNATURE", "SIGNATURE");
      }
      const partial = await c.post("/v2/transactions/cashout", body(), { headers: { "x-signature": "ab", "x-timestamp": String(t.clock.now() / 1000) } });
      expectError(partial, 401, "MISSING_SIGNATURE");
    });

    it("verifies the signature over <timestamp>.<nonce>.<raw body bytes>", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const raw = `{ "external_id": "${uniq("e")}",  "amount": 2, "currency": "BRL", "key": "maria@example.com", "key_type": "email" }`;
      const ts = String(Math.floor(t.clock.now() / 1000));
      const good = computeSignature(c.credential.signing_key, ts, "nonce-1", raw);
      const ok = await c.post("/v2/transactions/cashout", undefined, { raw, headers: { "x-signature": good, "x-timestamp": ts, "x-nonce": "nonce-1" } });
      expect(ok.status, JSON.stringify(ok.body)).toBe(202);
      const otherBytes = raw.replace("  ", " ");
      const bad = await c.post("/v2/transactions/cashout", undefined, { raw: otherBytes, headers: { "x-signature": good, "x-timestamp": ts, "x-nonce": "nonce-2" } });
      expectError(bad, 401, "INVALID_SIGNATURE", "SIGNATURE");
      const wrongKey = computeSignature("sk_other", ts, "nonce-3", raw);
      expectError(await c.post("/v2/transactions/cashout", undefined, { raw, headers: { "x-signature": wrongKey, "x-timestamp": ts, "x-nonce": "nonce-3" } }), 401, "INVALID_SIGNATURE");
    });

    it("refuses timestamps more than 5 minutes from the sandbox clock (INVALID_TIMESTAMP)", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      // The wall clock stands still while the requests are signed and checked (the sandbox runs in
      // this process), so the window's edges are exact: under load a request once took more than a
      // second to be read, and a timestamp 301 s ahead arrived 299.x s ahead (CI: 202, not 401).
      // Stopped on a whole second of the sandbox clock: 300 s either way is then exactly the edge.
      const real = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: real - ((((real + t.clock.offsetMs) % 1000) + 1000) % 1000) });
      expect(t.clock.now() % 1000).toBe(0);
      onTestFinished(() => {
        vi.useRealTimers();
      });
      const send = (offsetSeconds: number, nonce: string) => {
        const raw = JSON.stringify(body());
        const ts = String(Math.floor(t.clock.now() / 1000) + offsetSeconds);
        return c.post("/v2/transactions/cashout", undefined, {
          raw,
          headers: { "x-signature": computeSignature(c.credential.signing_key, ts, nonce, raw), "x-timestamp": ts, "x-nonce": nonce },
        });
      };
      expectError(await send(-301, "n1"), 401, "INVALID_TIMESTAMP");
      expectError(await send(301, "n2"), 401, "INVALID_TIMESTAMP");
      expect((await send(-300, "n3")).status).toBe(202);
      expect((await send(300, "n4")).status).toBe(202);
      // milliseconds are not whole seconds
      const raw = JSON.stringify(body());
      const ms = String(t.clock.now());
      expectError(
        await c.post("/v2/transactions/cashout", undefined, { raw, headers: { "x-signature": computeSignature(c.credential.signing_key, ms, "n5", raw), "x-timestamp": ms, "x-nonce": "n5" } }),
        401,
        "INVALID_TIMESTAMP",
      );
    });

    it("detects a nonce reused within 5 minutes (REPLAY_DETECTED) and forgets it after", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const send = (nonce: string) => {
        const raw = JSON.stringify(body());
        const ts = String(Math.floor(t.clock.now() / 1000));
        return c.post("/v2/transactions/cashout", undefined, {
          raw,
          headers: { "x-signature": computeSignature(c.credential.signing_key, ts, nonce, raw), "x-timestamp": ts, "x-nonce": nonce },
        });
      };
      expect((await send("same-nonce")).status).toBe(202);
      expectError(await send("same-nonce"), 401, "REPLAY_DETECTED", "SIGNATURE");
      await t.api.advance(301);
      const again = await send("same-nonce");
      expect(again.status, JSON.stringify(again.body)).toBe(202);
    });

    it("is switched off by hmac_required: false", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      await t.api.admin("PUT", "/sandbox/settings", { hmac_required: false });
      try {
        expect((await c.post("/v2/transactions/cashout", body())).status).toBe(202);
      } finally {
        await t.api.admin("PUT", "/sandbox/settings", { hmac_required: true });
      }
      expectError(await c.post("/v2/transactions/cashout", body()), 401, "MISSING_SIGNATURE");
    });
  });

  describe("rate limits", () => {
    it("sends X-RateLimit-* on every answer and counts down", async () => {
      const c = await newClient(t.api);
      const a = await c.get("/v2/account/balance");
      const b = await c.get("/v2/account/balance");
      expectRateHeaders(a, 120);
      expect(Number(b.headers.get("x-ratelimit-remaining"))).toBe(Number(a.headers.get("x-ratelimit-remaining")) - 1);
      const reset = Number(a.headers.get("x-ratelimit-reset"));
      const now = t.clock.now() / 1000;
      expect(reset).toBeGreaterThan(now);
      expect(reset).toBeLessThanOrEqual(now + 61);
      expectRateHeaders(await c.get("/v2/account/info/profile"), 60);
      expectRateHeaders(await c.get("/v2/account/limits"), 60);
      expectRateHeaders(await c.get("/v2/account/fees"), 60);
      expectRateHeaders(await c.post("/v2/account/transactions/list", {}), 300);
      expectRateHeaders(await c.post("/v2/conversions/rate", { amount: 1, base_currency: "USDT", destination_currency: "BRL" }), 120);
      expectRateHeaders(await c.post("/v2/conversions/simulate", { amount: 1, base_currency: "USDT", destination_currency: "BRL" }), 60);
      const bad = await c.post("/v2/transactions/cashin", { amount: 1 });
      expectRateHeaders(bad, 12000);
      expect(bad.headers.get("retry-after")).toBeNull();
    });

    it("answers 429 RATE_LIMIT_EXCEEDED after 10 transfers a minute, until the window resets", async () => {
      const c = await newClient(t.api, { balances: { BRL: 100 } });
      const to = await newClient(t.api);
      for (let i = 0; i < 10; i++) {
        const r = await c.signed("/v2/internal_transfers/payment", { username: to.username, amount: 1, currency: "BRL" });
        expect(r.status, JSON.stringify(r.body)).toBe(202);
        expect(r.headers.get("x-ratelimit-remaining")).toBe(String(9 - i));
      }
      const limited = await c.signed("/v2/internal_transfers/payment", { username: to.username, amount: 1, currency: "BRL" });
      expectError(limited, 429, "RATE_LIMIT_EXCEEDED", "SECURITY");
      expect(limited.body.error.retryable).toBe(true);
      const retry = limited.body.error.details?.retry_after_seconds as number;
      expect(typeof retry).toBe("number");
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect(limited.headers.get("retry-after")).toBe(String(retry));
      expectRateHeaders(limited, 10);
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      // another credential has its own budget
      const other = await newClient(t.api, { balances: { BRL: 5 } });
      expect((await other.signed("/v2/internal_transfers/payment", { username: to.username, amount: 1, currency: "BRL" })).status).toBe(202);
      await t.api.advance(retry);
      const after = await c.signed("/v2/internal_transfers/payment", { username: to.username, amount: 1, currency: "BRL" });
      expect(after.status, JSON.stringify(after.body)).toBe(202);
    });

    it("limits wallets to 30 a minute", async () => {
      const c = await newClient(t.api);
      for (let i = 0; i < 30; i++) expect((await c.post("/v2/transactions/wallet", { currency: "BRL" })).status).toBe(201);
      const r = await c.post("/v2/transactions/wallet", { currency: "BRL" });
      expectError(r, 429, "RATE_LIMIT_EXCEEDED");
      expectRateHeaders(r, 30);
      await t.api.advance(60);
    });

    it("blocks a credential after 15 client errors in a minute, then lets it go", async () => {
      const c = await newClient(t.api);
      const bystander = await newClient(t.api);
      for (let i = 0; i < 15; i++) expect((await c.post("/v2/transactions/cashin", {})).status).toBe(400);
      const blocked = await c.get("/v2/account/balance");
      expectError(blocked, 429, "RATE_LIMIT_EXCEEDED", "SECURITY");
      expect(blocked.body.error.details?.reason).toBe("client_error_threshold");
      const retry = Number(blocked.headers.get("retry-after"));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect((await bystander.get("/v2/account/balance")).status).toBe(200);
      await t.api.advance(retry);
      expect((await c.get("/v2/account/balance")).status).toBe(200);
    });

    it("fewer than 15 errors a minute never block", async () => {
      const c = await newClient(t.api);
      for (let i = 0; i < 14; i++) expect((await c.post("/v2/transactions/cashin", {})).status).toBe(400);
      await t.api.advance(61);
      for (let i = 0; i < 14; i++) expect((await c.post("/v2/transactions/cashin", {})).status).toBe(400);
      expect((await c.get("/v2/account/balance")).status).toBe(200);
    });
  });

  // These touch per-IP state (everything here comes from 127.0.0.1): they run last and clean up.
  describe("per-IP limits", () => {
    it("limits the token endpoint to 30 a minute per IP", async () => {
      const c = await newClient(t.api);
      await t.api.advance(61); // a fresh IP window (newClient fetched a token)
      for (let i = 0; i < 30; i++) await tokenOf(t.api, c.credential);
      const r = await t.api.post("/v2/oauth/token", { grant_type: "client_credentials" }, { headers: { authorization: basic(c.credential) } });
      expectError(r, 429, "RATE_LIMIT_EXCEEDED", "SECURITY");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      await t.api.advance(61);
      await tokenOf(t.api, c.credential);
    });

    it("blocks an address for 5 minutes after 5 authentication failures (IP_BLOCKED_TEMPORARILY)", async () => {
      const c = await newClient(t.api);
      const wrong = { headers: { authorization: basic({ ...c.credential, client_secret: "cs_wrong" }) } };
      const body = { grant_type: "client_credentials" };
      // consecutive: a success in between starts the count again
      for (let i = 0; i < 4; i++) expectError(await t.api.post("/v2/oauth/token", body, wrong), 401, "INVALID_CREDENTIALS");
      await tokenOf(t.api, c.credential);
      for (let i = 0; i < 4; i++) expectError(await t.api.post("/v2/oauth/token", body, wrong), 401, "INVALID_CREDENTIALS");
      expectError(await t.api.get("/v2/account/balance", { token: "bad.token.here" }), 401, "INVALID_TOKEN"); // the 5th failure
      const blocked = await t.api.post("/v2/oauth/token", body, { headers: { authorization: basic(c.credential) } });
      expectError(blocked, 403, "IP_BLOCKED_TEMPORARILY", "SECURITY");
      expect(blocked.body.error.details?.retry_after_seconds).toBe(300);
      expectRateHeaders(blocked, 30);
      // every /v2 route from the address, even with a valid token
      expectError(await c.get("/v2/account/balance"), 403, "IP_BLOCKED_TEMPORARILY");
      // the control API is not behind the block
      expect((await t.api.get("/sandbox/health")).status).toBe(200);
      await t.api.advance(299);
      expectError(await c.get("/v2/account/balance"), 403, "IP_BLOCKED_TEMPORARILY");
      await t.api.advance(1);
      expect((await c.get("/v2/account/balance")).status).toBe(200);
      expect((await tokenOf(t.api, c.credential)).length).toBeGreaterThan(0);
    });
  });

  it("keeps the admin token out of /v2", async () => {
    const r = await t.api.get("/v2/account/balance", { headers: { authorization: `Bearer ${ADMIN}` } });
    expectError(r, 401, "INVALID_TOKEN");
    await tokenOf(t.api, (await newClient(t.api)).credential);
  });
});
