/**
 * Two-factor that a stolen session cannot strip, and throttles that count what they guard (issue
 * "Close the holes"), against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)
 * and a real SMTP server for the mail each change sends:
 *
 * - starting, confirming, moving, turning off two-factor and making new recovery codes need the
 *   password and, while two-factor is on, a current code; the current secret works until a new one
 *   is confirmed (same session, within minutes); each change is audited and mailed;
 * - recovery codes are salted scrypt hashes;
 * - codes are counted per member (sign-in and re-authentication), sign-in guesses per account across
 *   addresses (not at an address the member is known at), IPv6 by /64;
 * - an admin resets a member's two-factor only when they run every organisation the member is in.
 */
import { randomBytes, randomUUID, createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { hashPassword } from "@/lib/auth/password";
import { verifyCredentials, signInWait } from "@/lib/auth/sign-in";
import {
  finishTwoFactor,
  reauthenticate,
  regenerateRecoveryCodes,
  resetMemberTwoFactor,
  SecurityChangeRefused,
  startTwoFactor,
  turnOffTwoFactor,
} from "@/lib/auth/account-security";
import { confirmEnrolment, ENROLMENT_MINUTES } from "@/lib/auth/two-factor";
import { securityNotice } from "@/lib/auth/security-notice";
import { createSession } from "@/lib/auth/sessions";
import { ACCOUNT_LIMIT, CODE_LIMIT, PAIR_LIMIT, throttleAddress } from "@/lib/auth/throttle";
import { createKeyring } from "@/lib/security/sealing";
import * as schema from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { startSmtpServer, type ReceivedMail } from "../support/smtp";
import { STRONG_PASSWORD } from "../support/team";

const keyring = createKeyring(randomBytes(32).toString("base64"));
const pw = STRONG_PASSWORD;

describe("the addresses the throttle counts", () => {
  it("groups an IPv6 address by its /64 and reads an IPv4-mapped one as IPv4", () => {
    expect(throttleAddress("2001:db8:1:2::17")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(throttleAddress("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(throttleAddress("203.0.113.5")).toBe("203.0.113.5");
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttleAddress(null)).toBeNull();
  });
});

describeEachDatabase("two-factor changes and what throttles them", (db) => {
  const mails: ReceivedMail[] = [];
  let smtp: { url: string; close: () => Promise<void> };
  /** Where the members belong: a person's security events are audited in their organisations' logs. */
  let shopId: string;
  beforeAll(async () => {
    smtp = await startSmtpServer(0, (m) => mails.push(m));
    const [shop] = await db().insert(schema.organizations).values({ name: "Shop" }).returning();
    shopId = shop!.id;
  });
  afterAll(() => smtp?.close());

  const mailTo = (email: string) => mails.filter((m) => m.to.includes(email));
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const code = (secret: string, stepsAhead = 0) => generate({ secret, epoch: nowSeconds() + 30 * stepsAhead });

  async function user(email: string, locale: schema.Locale | null = null) {
    const [u] = await db()
      .insert(schema.users)
      .values({ email, name: email.split("@")[0]!, passwordHash: await hashPassword(pw), locale })
      .returning();
    await db().insert(schema.memberships).values({ organizationId: shopId, userId: u!.id, role: "operator" });
    return u!;
  }
  const change = (userId: string, address = "203.0.113.50") => ({
    db: db(),
    keyring,
    actor: { userId, address },
    notice: securityNotice(db(), { smtpUrl: smtp.url, from: "Dashboard <no-reply@dash.test>" }),
  });
  /** Two-factor on for `u` (from session `sessionId`): its secret and recovery codes. */
  async function enrol(u: { id: string }, sessionId = randomUUID()) {
    const { secret } = await startTwoFactor(change(u.id), u.id, sessionId, { password: pw });
    const codes = await finishTwoFactor(change(u.id), u.id, sessionId, await code(secret));
    return { secret, codes };
  }
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "done",
      (e: unknown) => {
        if (e instanceof SecurityChangeRefused) return e.code;
        throw e;
      },
    );
  const row = async (id: string) => (await db().select().from(schema.users).where(eq(schema.users.id, id)))[0]!;
  const audited = async (userId: string) => (await db().select({ action: schema.auditLog.action }).from(schema.auditLog).where(eq(schema.auditLog.target, userId))).map((r) => r.action);
  const userAudit = async (userId: string) => (await db().select({ action: schema.auditLog.action }).from(schema.auditLog).where(eq(schema.auditLog.userId, userId))).map((r) => r.action);
  const signIn = (email: string, password: string, address: string | null, c?: string) => verifyCredentials(db(), keyring, { email, password, address, code: c });

  it("a session alone cannot start, move, turn off or renew two-factor: the password and a current code come first, and nothing changes meanwhile", async () => {
    const u = await user("stolen@shop.test");
    // Off: starting asks for the password.
    expect(await refusal(startTwoFactor(change(u.id), u.id, randomUUID(), { password: "not-the-password" }))).toBe("WRONG_PASSWORD");
    expect((await row(u.id)).totpPendingCiphertext).toBeNull();
    const { secret } = await enrol(u);
    const before = await row(u.id);
    expect(before.totpEnabledAt).not.toBeNull();

    // On: each change wants the password and a code; with the session alone (or the password alone) nothing happens.
    for (const attemptChange of [
      () => startTwoFactor(change(u.id), u.id, randomUUID(), { password: "not-the-password", code: "123456" }),
      () => startTwoFactor(change(u.id), u.id, randomUUID(), { password: pw }),
      () => turnOffTwoFactor(change(u.id), u.id, { password: pw }),
      () => regenerateRecoveryCodes(change(u.id), u.id, { password: pw, code: "" }),
    ]) {
      expect(["WRONG_PASSWORD", "WRONG_CODE"]).toContain(await refusal(attemptChange()));
    }
    const after = await row(u.id);
    expect(after.totpEnabledAt).toEqual(before.totpEnabledAt);
    expect(after.totpSecretCiphertext).toBe(before.totpSecretCiphertext);
    expect(after.totpPendingCiphertext).toBeNull();
    // The owner's app still signs in; nothing but the enrolment was audited.
    expect(await signIn(u.email, pw, "203.0.113.50", await code(secret, 1))).toMatchObject({ ok: true, secondFactor: "totp" });
    const log = await userAudit(u.id);
    expect(log).not.toContain("auth.two_factor_disabled");
    expect(log.filter((a) => a === "auth.two_factor_started")).toHaveLength(1); // the enrolment's own
  });

  it("a move to a new phone keeps the current app and codes working until the new one is confirmed, from the same session, within minutes", async () => {
    const u = await user("mover@shop.test");
    const { secret: oldSecret, codes: oldCodes } = await enrol(u);
    const s1 = randomUUID();
    // A recovery code is a current code too.
    const { secret: newSecret } = await startTwoFactor(change(u.id), u.id, s1, { password: pw, code: oldCodes[0] });
    // Pending: the current app still signs in.
    expect(await signIn(u.email, pw, "203.0.113.50", await code(oldSecret, 1))).toMatchObject({ ok: true, secondFactor: "totp" });
    // Another session (a copied cookie started nothing there) cannot confirm it.
    expect(await refusal(finishTwoFactor(change(u.id), u.id, randomUUID(), await code(newSecret)))).toBe("NO_ENROLMENT");
    // Too late, even from the right session.
    expect(await confirmEnrolment(db(), keyring, u.id, await code(newSecret), s1, Date.now() + (ENROLMENT_MINUTES + 1) * 60_000)).toEqual({ ok: false, reason: "no_secret" });
    const newCodes = await finishTwoFactor(change(u.id), u.id, s1, await code(newSecret));
    expect(newCodes).toHaveLength(10);
    // Now the new app and codes, never the old ones.
    expect(await signIn(u.email, pw, "203.0.113.50", await code(oldSecret, 1))).toEqual({ ok: false, reason: "two_factor_invalid" });
    expect(await signIn(u.email, pw, "203.0.113.50", oldCodes[1])).toEqual({ ok: false, reason: "two_factor_invalid" });
    expect(await signIn(u.email, pw, "203.0.113.50", newCodes[0])).toMatchObject({ ok: true, secondFactor: "recovery_code" });
    expect(await userAudit(u.id)).toEqual(expect.arrayContaining(["auth.two_factor_started", "auth.two_factor_enrolled", "auth.two_factor_replaced"]));
    expect(mailTo(u.email).some((m) => m.raw.includes("new authenticator app"))).toBe(true);
  });

  it("turning off and new recovery codes need a current code; each change is audited and mailed in the member's language, with no code or secret in it", async () => {
    const u = await user("ana.pt@shop.test", "pt-BR");
    const { secret, codes } = await enrol(u);
    const fresh = await regenerateRecoveryCodes(change(u.id), u.id, { password: pw, code: codes[0] });
    expect(fresh).toHaveLength(10);
    expect(await signIn(u.email, pw, "203.0.113.50", codes[1])).toEqual({ ok: false, reason: "two_factor_invalid" });
    await turnOffTwoFactor(change(u.id), u.id, { password: pw, code: await code(secret, 1) });
    expect((await row(u.id)).totpEnabledAt).toBeNull();
    expect(await signIn(u.email, pw, "203.0.113.50")).toMatchObject({ ok: true, secondFactor: null });
    expect(await userAudit(u.id)).toEqual(expect.arrayContaining(["auth.two_factor_enrolled", "auth.recovery_codes_regenerated", "auth.two_factor_disabled"]));

    const received = mailTo(u.email);
    expect(received).toHaveLength(3);
    const all = received.map((m) => m.raw).join("\n");
    expect(all).toContain("Seguran"); // "Segurança: …", in Portuguese (encoded subject or body)
    expect(all).toContain("203.0.113.50");
    for (const c of [...codes, ...fresh]) expect(all).not.toContain(c);
    expect(all).not.toContain(secret);
  });

  it("stores recovery codes as salted scrypt hashes, and still takes one stored as SHA-256 before", async () => {
    const u = await user("hashes@shop.test");
    await enrol(u);
    const hashes = (await db().select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, u.id))).map((r) => r.codeHash);
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$/);
    expect(new Set(hashes.map((h) => h.split("$")[4])).size).toBe(10);
    // A code from before this change: unsalted SHA-256 of the normalised code.
    const legacy = "ABCDE-FGHIJ";
    await db()
      .insert(schema.recoveryCodes)
      .values({ userId: u.id, codeHash: createHash("sha256").update("ABCDEFGHIJ").digest("hex") });
    expect(await signIn(u.email, pw, "203.0.113.50", legacy.toLowerCase())).toMatchObject({ ok: true, secondFactor: "recovery_code" });
    expect(await signIn(u.email, pw, "203.0.113.50", legacy)).toEqual({ ok: false, reason: "two_factor_invalid" });
  });

  it(`counts wrong codes per member in re-authentication: after ${CODE_LIMIT}, the right password and even a right code wait`, async () => {
    const u = await user("reauth@shop.test");
    const { secret } = await enrol(u);
    const session = await createSession(db(), { userId: u.id, twoFactor: true, userAgent: null, address: "203.0.113.60" });
    // From a new address each time, so that only the member's code count can stop them.
    for (let i = 0; i < CODE_LIMIT; i++) {
      expect(await refusal(reauthenticate(db(), keyring, u.id, session, { password: pw, code: "000000" }, { userId: u.id, address: `198.51.100.${10 + i}` }))).toBe("WRONG_CODE");
    }
    const e = await reauthenticate(db(), keyring, u.id, session, { password: pw, code: await code(secret, 1) }, { userId: u.id, address: "198.51.100.99" }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SecurityChangeRefused);
    expect((e as SecurityChangeRefused).code).toBe("THROTTLED");
    expect(Number((e as SecurityChangeRefused).detail)).toBeGreaterThan(0);
  });

  it(`counts wrong codes per member at sign-in across addresses, and says how long to wait`, async () => {
    const u = await user("codes@shop.test");
    const { secret } = await enrol(u);
    for (let i = 0; i < CODE_LIMIT; i++) expect(await signIn(u.email, pw, `198.51.100.${40 + i}`, "000000")).toEqual({ ok: false, reason: "two_factor_invalid" });
    expect(await signIn(u.email, pw, "198.51.100.60", await code(secret, 1))).toMatchObject({ ok: false, reason: "throttled" });
    expect(await signInWait(db(), u.email, "198.51.100.61")).toBeGreaterThan(0);
  });

  it(`counts guesses at one account across addresses (${ACCOUNT_LIMIT}, then a growing delay), but not at an address the member is known at`, async () => {
    const u = await user("botnet@shop.test");
    await createSession(db(), { userId: u.id, twoFactor: false, userAgent: null, address: "192.0.2.7" });
    const t0 = new Date();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      expect(await verifyCredentials(db(), keyring, { email: u.email, password: `guess-${i}`, address: `198.51.100.${100 + i}` }, t0)).toEqual({ ok: false, reason: "invalid" });
    }
    // From yet another address, even the right password waits: 30 s, then twice as long after one more try.
    expect(await verifyCredentials(db(), keyring, { email: u.email, password: pw, address: "198.51.100.200" }, t0)).toEqual({ ok: false, reason: "throttled", retryAfterSeconds: 30 });
    const t1 = new Date(t0.getTime() + 31_000);
    expect(await verifyCredentials(db(), keyring, { email: u.email, password: "guess-again", address: "198.51.100.201" }, t1)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCredentials(db(), keyring, { email: u.email, password: pw, address: "198.51.100.202" }, t1)).toEqual({ ok: false, reason: "throttled", retryAfterSeconds: 60 });
    // The member, from where they usually sign in, is not held by what the outsiders tripped.
    expect(await verifyCredentials(db(), keyring, { email: u.email, password: pw, address: "192.0.2.7" }, t1)).toMatchObject({ ok: true });
  });

  it("counts a whole IPv6 /64 as one address", async () => {
    const u = await user("six@shop.test");
    for (let i = 0; i < PAIR_LIMIT; i++) expect(await signIn(u.email, `wrong-${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`)).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn(u.email, pw, "2001:db8:1:2:ffff:ffff:ffff:ffff")).toMatchObject({ ok: false, reason: "throttled" });
    expect(await signIn(u.email, pw, "2001:db8:1:3::1")).toMatchObject({ ok: true });
  });

  it("an admin resets a member's two-factor only when they run every organisation the member belongs to; the member is told by mail", async () => {
    const adminA = await user("admin-a@reset.test");
    const adminB = await user("admin-b@reset.test");
    const member = await user("both@reset.test");
    const [orgA] = await db().insert(schema.organizations).values({ name: "Shop A" }).returning();
    const [orgB] = await db().insert(schema.organizations).values({ name: "Shop B" }).returning();
    await db()
      .insert(schema.memberships)
      .values([
        { organizationId: orgA!.id, userId: adminA.id, role: "admin" },
        { organizationId: orgB!.id, userId: adminB.id, role: "admin" },
        { organizationId: orgA!.id, userId: member.id, role: "operator" },
        { organizationId: orgB!.id, userId: member.id, role: "operator" },
      ]);
    // Out of the shared shop: this test is about Shop A and Shop B only.
    await db()
      .delete(schema.memberships)
      .where(and(eq(schema.memberships.organizationId, shopId), eq(schema.memberships.userId, member.id)));
    await enrol(member);
    const notice = change(adminA.id).notice;
    expect(await refusal(resetMemberTwoFactor(db(), orgA!.id, member.id, { userId: adminA.id, address: "203.0.113.70" }, notice))).toBe("OTHER_ORGANIZATIONS");
    expect((await row(member.id)).totpEnabledAt).not.toBeNull();
    // Once the member is in Shop A only, its admin may.
    await db()
      .delete(schema.memberships)
      .where(and(eq(schema.memberships.organizationId, orgB!.id), eq(schema.memberships.userId, member.id)));
    await resetMemberTwoFactor(db(), orgA!.id, member.id, { userId: adminA.id, address: "203.0.113.70" }, notice);
    expect((await row(member.id)).totpEnabledAt).toBeNull();
    expect(await audited(member.id)).toContain("auth.two_factor_reset");
    expect(mailTo(member.email).some((m) => m.raw.includes("by an admin"))).toBe(true);
  });
});
