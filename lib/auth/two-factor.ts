/**
 * Two-factor sign-in: TOTP (RFC 6238, 30-second codes of 6 digits, what authenticator apps use)
 * through otplib, and ten recovery codes.
 *
 * - The secret is sealed at rest like the API credentials (AES-256-GCM with the configured key,
 *   bound to the user's id); enrolment stores it unconfirmed and turns two-factor on only when a
 *   code from the app proves the member scanned it.
 * - A code is accepted within one step of the current one (clock drift), and never twice: the time
 *   step of the last accepted code is kept, and a code of that step or an earlier one is refused.
 * - Recovery codes are random (10 base32 characters, 50 bits), shown once, stored as SHA-256, each
 *   usable once. Enrolling again replaces them.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { open, seal, type Keyring } from "@/lib/credentials/crypto";

type Db = Database<typeof schema>;

export const TOTP_ISSUER = "Payments Dashboard";
export const RECOVERY_CODE_COUNT = 10;
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
const hashRecovery = (code: string) => createHash("sha256").update(normaliseRecovery(code)).digest("hex");

/** Ten fresh recovery codes, formatted `XXXXX-XXXXX`. */
export function newRecoveryCodes(): string[] {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Starts enrolment: the sealed secret waits for its first code (two-factor stays off until then). */
export async function beginEnrolment(db: Db, keyring: Keyring, userId: string, email: string): Promise<{ secret: string; uri: string }> {
  const s = newTotpSecret(email);
  await db
    .update(schema.users)
    .set({ totpSecretCiphertext: seal(keyring, s.secret, secretAad(userId)), totpEnabledAt: null, totpLastStep: null })
    .where(eq(schema.users.id, userId));
  return s;
}

export type EnrolmentResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: "no_secret" | "wrong_code" };

/** Confirms enrolment with a code from the app: two-factor on, ten recovery codes (returned once). */
export async function confirmEnrolment(db: Db, keyring: Keyring, userId: string, code: string, now = Date.now()): Promise<EnrolmentResult> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!user?.totpSecretCiphertext) return { ok: false, reason: "no_secret" };
  const step = await matchTotp(open(keyring, user.totpSecretCiphertext, secretAad(userId)), code, null, now);
  if (step === null) return { ok: false, reason: "wrong_code" };
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ totpEnabledAt: new Date(now), totpLastStep: step }).where(eq(schema.users.id, userId));
    await tx.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, userId));
    await tx.insert(schema.recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecovery(c) })));
  });
  return { ok: true, recoveryCodes: codes };
}

/** Turns two-factor off (the member, with their password; or an admin's reset): secret and codes erased. */
export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ totpSecretCiphertext: null, totpEnabledAt: null, totpLastStep: null }).where(eq(schema.users.id, userId));
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
  const used = await db
    .update(schema.recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(schema.recoveryCodes.userId, user.id), eq(schema.recoveryCodes.codeHash, hashRecovery(code)), isNull(schema.recoveryCodes.usedAt)))
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
