import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { verifyCredentials } from "@/lib/auth/sign-in";
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, checkThrottle, recordAttempt, THROTTLE_WINDOW_SECONDS } from "@/lib/auth/throttle";
import * as schema from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";

describe("password hashing", () => {
  it("stores a salted scrypt hash, never the password, and verifies it", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toContain("correct");
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", a)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
  });
});

describeEachDatabase("sign-in with throttling", (db) => {
  const password = "a-long-password-1";

  it("accepts the right password (e-mail in any case) and refuses a wrong one or an unknown account alike", async () => {
    await db().insert(schema.users).values({ email: "ana@shop.test", name: "Ana", passwordHash: await hashPassword(password) });
    const ok = await verifyCredentials(db(), { email: " Ana@Shop.test ", password, address: "203.0.113.1" });
    expect(ok).toMatchObject({ ok: true, user: { email: "ana@shop.test", name: "Ana" } });
    expect(await verifyCredentials(db(), { email: "ana@shop.test", password: "wrong", address: "203.0.113.1" })).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCredentials(db(), { email: "nobody@shop.test", password, address: "203.0.113.1" })).toEqual({ ok: false, reason: "invalid" });
  });

  it(`throttles an account after ${ACCOUNT_FAILURE_LIMIT} failures, even with the right password, until the window passes`, async () => {
    await db().insert(schema.users).values({ email: "bruno@shop.test", name: "Bruno", passwordHash: await hashPassword(password) });
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect((await verifyCredentials(db(), { email: "bruno@shop.test", password: "guess" + i, address: `198.51.100.${i}` })).ok).toBe(false);
    }
    const throttled = await verifyCredentials(db(), { email: "bruno@shop.test", password, address: "198.51.100.99" });
    expect(throttled.ok).toBe(false);
    expect(throttled).toMatchObject({ reason: "throttled" });
    if (!throttled.ok && throttled.reason === "throttled") {
      expect(throttled.retryAfterSeconds).toBeGreaterThan(THROTTLE_WINDOW_SECONDS - 60);
      expect(throttled.retryAfterSeconds).toBeLessThanOrEqual(THROTTLE_WINDOW_SECONDS);
    }
    // Once the window has passed, the account may try again.
    const later = new Date(Date.now() + (THROTTLE_WINDOW_SECONDS + 1) * 1000);
    expect(await checkThrottle(db(), { email: "bruno@shop.test", address: null }, later)).toEqual({ throttled: false });
  });

  it("a success clears the account's earlier failures", async () => {
    await db().insert(schema.users).values({ email: "carla@shop.test", name: "Carla", passwordHash: await hashPassword(password) });
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await verifyCredentials(db(), { email: "carla@shop.test", password: "nope", address: null });
    expect((await verifyCredentials(db(), { email: "carla@shop.test", password, address: null })).ok).toBe(true);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await verifyCredentials(db(), { email: "carla@shop.test", password: "nope", address: null });
    expect(await checkThrottle(db(), { email: "carla@shop.test", address: null })).toEqual({ throttled: false });
  });

  it(`throttles an address after ${ADDRESS_FAILURE_LIMIT} failures across accounts`, async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) await recordAttempt(db(), { email: `spray${i}@shop.test`, address }, false);
    const state = await checkThrottle(db(), { email: "fresh@shop.test", address });
    expect(state.throttled).toBe(true);
    expect(await checkThrottle(db(), { email: "fresh@shop.test", address: "192.0.2.78" })).toEqual({ throttled: false });
  });
});
