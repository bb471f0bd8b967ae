/**
 * Sign-in against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the
 * throttle counts an attempt before its password is checked, per e-mail and address pair and per
 * address, with a growing delay; two-factor codes and recovery codes; stronger hashes on sign-in.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { generate } from "otplib";
import { hashPassword, needsRehash, SCRYPT_PARAMS, scryptParams, verifyPassword } from "@/lib/auth/password";
import { passwordProblem } from "@/lib/auth/password-policy";
import { verifyCredentials } from "@/lib/auth/sign-in";
import { ADDRESS_LIMIT, attempt, PAIR_LIMIT, THROTTLE_WINDOW_SECONDS, waitFor } from "@/lib/auth/throttle";
import { beginEnrolment, confirmEnrolment } from "@/lib/auth/two-factor";
import { createKeyring } from "@/lib/security/sealing";
import * as schema from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { STRONG_PASSWORD } from "../support/team";

const keyring = createKeyring(randomBytes(32).toString("base64"));

describe("password hashing and rules", () => {
  it("hashes at OWASP's parameters (N=2^17, r=8, p=1) outside the test runner, which alone may lower N", async () => {
    const owasp = { N: 131072, r: 8, p: 1 };
    expect(scryptParams({})).toEqual(owasp);
    expect(scryptParams({ TEST_SCRYPT_N: "1024" })).toEqual(owasp);
    expect(scryptParams({ VITEST: "true", TEST_SCRYPT_N: "1024" })).toEqual({ ...owasp, N: 1024 });
    expect(() => scryptParams({ VITEST: "true", TEST_SCRYPT_N: "1000" })).toThrow(/power of two/);
    // The module as production loads it: without VITEST in the environment.
    vi.stubEnv("VITEST", undefined);
    vi.resetModules();
    try {
      const production = await import("@/lib/auth/password");
      const a = await production.hashPassword("correct horse battery staple");
      expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await production.verifyPassword("correct horse battery staple", a)).toBe(true);
      expect(await production.verifyPassword("correct horse battery stapler", a)).toBe(false);
      expect(production.needsRehash(a)).toBe(false);
      expect(production.needsRehash("scrypt$16384$8$1$c2FsdA==$aGFzaA==")).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("stores a salted scrypt hash at the parameters in force, never the password, and verifies it", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$`));
    expect(a).not.toContain("correct");
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", a)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
    expect(needsRehash(a)).toBe(false);
    expect(needsRehash(`scrypt$${SCRYPT_PARAMS.N / 2}$8$1$c2FsdA==$aGFzaA==`)).toBe(true);
  });

  it("refuses short and common passwords, and ones made of the member's own e-mail or name", () => {
    expect(passwordProblem("short")).toBe("too_short");
    expect(passwordProblem("password1234")).toBe("too_common");
    expect(passwordProblem("senha12345678")).toBe("too_common");
    // Letters written as digits or signs are read back.
    expect(passwordProblem("p@ssw0rd1234")).toBe("too_common");
    expect(passwordProblem("P4ssw0rd!2024")).toBe("too_common");
    expect(passwordProblem("aurora-orchid-canoe-1987")).toBeNull();
    expect(passwordProblem("qwertyuiop123")).toBe("too_common");
    expect(passwordProblem("anasouza2026!", ["ana.souza@shop.test", "Ana Souza"])).toBe("too_common");
    expect(passwordProblem(STRONG_PASSWORD)).toBeNull();
    expect(passwordProblem("x".repeat(201))).toBe("too_long");
  });
});

describeEachDatabase("sign-in with throttling and two-factor", (db) => {
  const pw = STRONG_PASSWORD;
  const user = async (email: string, hash?: string) => {
    const [u] = await db()
      .insert(schema.users)
      .values({ email, name: email.split("@")[0]!, passwordHash: hash ?? (await hashPassword(pw)) })
      .returning();
    return u!;
  };
  const signIn = (email: string, p: string, address: string | null, code?: string) => verifyCredentials(db(), keyring, { email, password: p, address, code });

  it("accepts the right password (e-mail in any case) and refuses a wrong one or an unknown account alike", async () => {
    await user("ana@shop.test");
    expect(await signIn(" Ana@Shop.test ", pw, "203.0.113.1")).toMatchObject({ ok: true, user: { email: "ana@shop.test", name: "ana" }, secondFactor: null });
    expect(await signIn("ana@shop.test", "wrong", "203.0.113.1")).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn("nobody@shop.test", pw, "203.0.113.1")).toEqual({ ok: false, reason: "invalid" });
  });

  it(`lets at most ${PAIR_LIMIT} of 30 parallel wrong passwords from one address reach the check; the owner still signs in from elsewhere`, async () => {
    await user("bruno@shop.test");
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn("bruno@shop.test", `guess-${i}`, "198.51.100.7")));
    // "invalid" comes only from the password check; "throttled" only from before it.
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(PAIR_LIMIT);
    expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(30 - PAIR_LIMIT);
    const [pair] = await db().select().from(schema.signInThrottle).where(eq(schema.signInThrottle.key, "pair:bruno@shop.test|198.51.100.7"));
    expect(pair!.attempts).toBe(PAIR_LIMIT);
    // Even the right password is refused from that address for now…
    expect(await signIn("bruno@shop.test", pw, "198.51.100.7")).toMatchObject({ ok: false, reason: "throttled" });
    // …but the owner, elsewhere, is not locked out.
    expect(await signIn("bruno@shop.test", pw, "192.0.2.44")).toMatchObject({ ok: true });
    // A refusal trips once: the audit log of the member's organisations says so (none here), and the wait is told.
    expect(await waitFor(db(), { email: "bruno@shop.test", address: "198.51.100.7" })).toBeGreaterThan(0);
  });

  it("grows the delay with each attempt past the limit, and starts again after a quiet window", async () => {
    const keys = { email: "delay@shop.test", address: "198.51.100.8" };
    const t0 = new Date("2026-11-24T10:00:00Z");
    for (let i = 0; i < PAIR_LIMIT; i++) expect(await attempt(db(), keys, t0)).toEqual({ allowed: true });
    const first = await attempt(db(), keys, t0);
    expect(first).toMatchObject({ allowed: false, retryAfterSeconds: 30, tripped: true });
    expect(await attempt(db(), keys, new Date(t0.getTime() + 10_000))).toMatchObject({ allowed: false, tripped: false });
    // After the delay one more attempt is checked, and the next delay is twice as long.
    const t1 = new Date(t0.getTime() + 31_000);
    expect(await attempt(db(), keys, t1)).toEqual({ allowed: true });
    expect(await attempt(db(), keys, t1)).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    // A quiet window later, the count starts again.
    const later = new Date(t1.getTime() + (THROTTLE_WINDOW_SECONDS + 61) * 1000);
    for (let i = 0; i < PAIR_LIMIT - 1; i++) expect(await attempt(db(), keys, later)).toEqual({ allowed: true });
  });

  it("a success clears only its own pair: neither another account's counter nor the address's", async () => {
    await user("carla@shop.test");
    await user("diego@shop.test");
    const address = "198.51.100.9";
    for (let i = 0; i < PAIR_LIMIT - 1; i++) await signIn("diego@shop.test", "nope", address);
    expect((await signIn("carla@shop.test", pw, address)).ok).toBe(true);
    // Diego's pair still has its failures: one more attempt reaches the limit, the next is refused.
    await signIn("diego@shop.test", "nope", address);
    expect(await signIn("diego@shop.test", pw, address)).toMatchObject({ ok: false, reason: "throttled" });
  });

  it(`throttles an address after ${ADDRESS_LIMIT} attempts across accounts (password spraying), not another address`, async () => {
    const address = "192.0.2.77";
    // The throttle's own count (each sign-in would also spend a hash): one attempt at each of 20 accounts.
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect(await attempt(db(), { email: `spray${i}@shop.test`, address })).toEqual({ allowed: true });
    expect(await signIn("fresh@shop.test", "guess", address)).toMatchObject({ ok: false, reason: "throttled" });
    expect(await signIn("fresh@shop.test", "guess", "192.0.2.78")).toEqual({ ok: false, reason: "invalid" });
  });

  it(`lets a team behind one address sign in more than ${ADDRESS_LIMIT} times a window, while its failures still add up`, async () => {
    await user("office@shop.test");
    const address = "203.0.113.50";
    for (let i = 0; i <= ADDRESS_LIMIT; i++) expect((await signIn("office@shop.test", pw, address)).ok, `sign-in ${i + 1}`).toBe(true);
    // Guesses at other accounts from there, with successes in between: the successes buy nothing.
    for (let i = 0; i < ADDRESS_LIMIT - 1; i++) {
      expect(await attempt(db(), { email: `guess${i}@shop.test`, address })).toEqual({ allowed: true });
      if (i % 6 === 0) expect((await signIn("office@shop.test", pw, address)).ok).toBe(true);
    }
    expect(await attempt(db(), { email: "guess-last@shop.test", address })).toEqual({ allowed: true });
    expect(await signIn("office@shop.test", pw, address)).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("redoes a hash made with weaker parameters at the next sign-in", async () => {
    const weakN = SCRYPT_PARAMS.N / 2;
    const weak = await new Promise<string>((resolve, reject) => {
      const salt = randomBytes(16);
      import("node:crypto").then(({ scrypt }) =>
        scrypt(pw.normalize("NFKC"), salt, 64, { N: weakN, r: 8, p: 1 }, (e, key) => (e ? reject(e) : resolve(["scrypt", weakN, 8, 1, salt.toString("base64"), key.toString("base64")].join("$")))),
      );
    });
    const u = await user("elisa@shop.test", weak);
    expect((await signIn("elisa@shop.test", pw, null)).ok).toBe(true);
    const [after] = await db().select().from(schema.users).where(eq(schema.users.id, u.id));
    expect(after!.passwordHash).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$`));
    expect((await signIn("elisa@shop.test", pw, null)).ok).toBe(true);
  });

  it("asks for a second factor when enrolled; a code works once, a recovery code works once", async () => {
    const u = await user("fabio@shop.test");
    const sessionId = randomUUID();
    const { secret } = await beginEnrolment(db(), keyring, u.id, u.email, sessionId);
    // Not yet confirmed: the password alone signs in.
    expect((await signIn("fabio@shop.test", pw, null)).ok).toBe(true);
    const enrolled = await confirmEnrolment(db(), keyring, u.id, await generate({ secret }), sessionId);
    expect(enrolled.ok).toBe(true);
    const codes = enrolled.ok ? enrolled.recoveryCodes : [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    expect(await signIn("fabio@shop.test", pw, "203.0.113.9")).toEqual({ ok: false, reason: "two_factor_required" });
    expect(await signIn("fabio@shop.test", "wrong", "203.0.113.9", "123456")).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn("fabio@shop.test", pw, "203.0.113.9", "000000")).toEqual({ ok: false, reason: "two_factor_invalid" });

    // The code of the next time step (the enrolment used the current one): accepted once, then never again.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect(await signIn("fabio@shop.test", pw, "203.0.113.9", next)).toMatchObject({ ok: true, secondFactor: "totp" });
    expect(await signIn("fabio@shop.test", pw, "203.0.113.9", next)).toEqual({ ok: false, reason: "two_factor_invalid" });

    expect(await signIn("fabio@shop.test", pw, "203.0.113.9", codes[3]!.toLowerCase())).toMatchObject({ ok: true, secondFactor: "recovery_code" });
    expect(await signIn("fabio@shop.test", pw, "203.0.113.9", codes[3]!)).toEqual({ ok: false, reason: "two_factor_invalid" });
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, u.id));
    expect(row!.totpSecretCiphertext).not.toContain(secret);
  });
});
