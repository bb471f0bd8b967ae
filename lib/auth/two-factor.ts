/**
 * Two-factor sign-in: TOTP (RFC 6238, 30-second codes of 6 digits, what authenticator apps use)
 * through otplib, and ten recovery codes.
 *
 * - The secret is sealed at rest like the API credentials (AES-256-GCM with the configured key,
 *   bound to the user's id). Enrolment stores a new secret beside the current one, pending; it
 *   replaces the current one only when a code from the app proves the member scanned it, from the
 *   same session and within ENROLMENT_MINUTES. Until then the member's existing two-factor (secret
 *   and recovery codes) keeps working: starting an enrolment strips nothing.
 * - A code is accepted within one step of the current one (clock drift), and never twice: the time
 *   step of the last accepted code is kept, and a code of that step or an earlier one is refused.
 * - Recovery codes are random (10 base32 characters, 50 bits), shown once, each usable once, stored
 *   as salted scrypt hashes (a stolen table gives no code away cheaply; rows written before that
 *   are SHA-256 and still accepted). Enrolling again, or regenerating, replaces them.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import { open, seal, type Keyring } from "@/lib/security/sealing";

export const TOTP_ISSUER = "Payments Dashboard";
export const RECOVERY_CODE_COUNT = 10;
/** How long a started enrolment waits for its first code. */
export const ENROLMENT_MINUTES = 10;
const PERIOD = 30;

const secretAad = (userId: string) => `users:${userId}:totp_secret`;

/** A new secret and the otpauth:// URI the enrolment QR code carries. Nothing is stored. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: email, secret }) };
}

/** The time step a code matched, or null. `afterStep`: the last step accepted before (replays refused). */
export async function matchTotp(secret: string, code: string, afterStep: number | null, now = Date.now()): Promise<number | null> {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const epoch = Math.floor(now / 1000);
  try {
    const result = await verify({ secret, token, epoch, epochTolerance: PERIOD, ...(afterStep !== null ? { afterTimeStep: afterStep } : {}) });
    if (!result.valid) return null;
    // TOTP answers carry the matched time step (the HOTP half of otplib's union does not).
    return "timeStep" in result ? result.timeStep : null;
  } catch {
    // otplib refuses an afterTimeStep beyond the window (a clock moved back): no match.
    return null;
  }
}

const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z2-7]/g, "");

/**
 * scrypt at N=2^14: a recovery code has 50 random bits, so the hash only has to make a stolen
 * table slow to search, and checking a code tries the member's ten at most.
 */
const RECOVERY_SCRYPT = { N: 2 ** 14, r: 8, p: 1 } as const;
const scrypt = (code: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> =>
  new Promise((resolve, reject) => scryptCb(code, salt, 32, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))));

async function hashRecovery(code: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = RECOVERY_SCRYPT;
  return ["scrypt", N, r, p, salt.toString("base64"), (await scrypt(normaliseRecovery(code), salt, N, r, p)).toString("base64")].join("$");
}

async function recoveryMatches(code: string, stored: string): Promise<boolean> {
  const plain = normaliseRecovery(code);
  // Rows written before salted hashes: SHA-256 of the code.
  if (/^[0-9a-f]{64}$/.test(stored)) return timingSafeEqual(Buffer.from(createHash("sha256").update(plain).digest("hex")), Buffer.from(stored));
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const expected = Buffer.from(parts[5]!, "base64");
  const actual = await scrypt(plain, Buffer.from(parts[4]!, "base64"), Number(parts[1]), Number(parts[2]), Number(parts[3]));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Ten fresh recovery codes, formatted `XXXXX-XXXXX`. */
export function newRecoveryCodes(): string[] {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Starts enrolment (or a move to a new phone): a new secret waits, sealed, for its first code from
 * this session. Two-factor as it is (secret, recovery codes) is untouched until then.
 */
export async function beginEnrolment(db: Db, keyring: Keyring, userId: string, email: string, sessionId: string, now = new Date()): Promise<{ secret: string; uri: string }> {
  const s = newTotpSecret(email);
  await db
    .update(schema.users)
    .set({ totpPendingCiphertext: seal(keyring, s.secret, secretAad(userId)), totpPendingAt: now, totpPendingSessionId: sessionId })
    .where(eq(schema.users.id, userId));
  return s;
}

export type EnrolmentResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: "no_secret" | "wrong_code" };

/**
 * Confirms the waiting secret with a code from the app, from the session that started it: it
 * becomes the member's secret, two-factor is on, and ten new recovery codes come back once.
 */
export async function confirmEnrolment(db: Db, keyring: Keyring, userId: string, code: string, sessionId: string, now = Date.now()): Promise<EnrolmentResult> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  const fresh = user?.totpPendingAt && now - user.totpPendingAt.getTime() <= ENROLMENT_MINUTES * 60_000;
  if (!user?.totpPendingCiphertext || !fresh || user.totpPendingSessionId !== sessionId) return { ok: false, reason: "no_secret" };
  const step = await matchTotp(open(keyring, user.totpPendingCiphertext, secretAad(userId)), code, null, now);
  if (step === null) return { ok: false, reason: "wrong_code" };
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecovery));
  const swapped = await db.transaction(async (tx) => {
    // Only the secret that was checked is promoted (another enrolment may have replaced it meanwhile).
    const rows = await tx
      .update(schema.users)
      .set({ totpSecretCiphertext: user.totpPendingCiphertext, totpEnabledAt: new Date(now), totpLastStep: step, totpPendingCiphertext: null, totpPendingAt: null, totpPendingSessionId: null })
      .where(and(eq(schema.users.id, userId), eq(schema.users.totpPendingCiphertext, user.totpPendingCiphertext!)))
      .returning({ id: schema.users.id });
    if (!rows.length) return false;
    await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, userId));
    await tx.insert(schema.recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
  return swapped ? { ok: true, recoveryCodes: codes } : { ok: false, reason: "no_secret" };
}

/** Ten new recovery codes in place of the old ones (every unused one stops working); returned once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecovery));
  await db.transaction(async (tx) => {
    await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, userId));
    await tx.insert(schema.recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
  return codes;
}

/** Turns two-factor off (the member, with their password; or an admin's reset): secret and codes erased. */
export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(schema.users)
      .set({ totpSecretCiphertext: null, totpEnabledAt: null, totpLastStep: null, totpPendingCiphertext: null, totpPendingAt: null, totpPendingSessionId: null })
      .where(eq(schema.users.id, userId));
    await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, userId));
  });
}

export type SecondFactor = "totp" | "recovery_code";

/**
 * Checks a second factor for a member with two-factor on: a current TOTP code (recorded, so it is
 * never accepted again) or an unused recovery code (used up). Null when neither matches.
 */
export async function checkSecondFactor(
  db: Db,
  keyring: Keyring,
  user: { id: string; totpSecretCiphertext: string | null; totpLastStep: number | null },
  code: string,
  now = Date.now(),
): Promise<SecondFactor | null> {
  if (!user.totpSecretCiphertext) return null;
  const step = await matchTotp(open(keyring, user.totpSecretCiphertext, secretAad(user.id)), code, user.totpLastStep, now);
  if (step !== null) {
    // Only a later step moves it forward: two sign-ins with the same code race for one update.
    const moved = await db
      .update(schema.users)
      .set({ totpLastStep: step })
      .where(and(eq(schema.users.id, user.id), sql`coalesce(${schema.users.totpLastStep}, -1) < ${step}`))
      .returning({ id: schema.users.id });
    return moved.length ? "totp" : null;
  }
  if (normaliseRecovery(code).length !== 10) return null;
  const unused = await db
    .select({ id: schema.recoveryCodes.id, codeHash: schema.recoveryCodes.codeHash })
    .from(schema.recoveryCodes)
    .where(and(eq(schema.recoveryCodes.userId, user.id), isNull(schema.recoveryCodes.usedAt)));
  const matches = await Promise.all(unused.map((r) => recoveryMatches(code, r.codeHash)));
  const match = unused.find((_, i) => matches[i]);
  if (!match) return null;
  // Two sign-ins with one code race for one update: the code is used once.
  const used = await db
    .update(schema.recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(schema.recoveryCodes.id, match.id), isNull(schema.recoveryCodes.usedAt)))
    .returning({ id: schema.recoveryCodes.id });
  return used.length ? "recovery_code" : null;
}

/** How many recovery codes are left unused. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.recoveryCodes)
    .where(and(eq(schema.recoveryCodes.userId, userId), isNull(schema.recoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}
