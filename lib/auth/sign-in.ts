/**
 * Checking an e-mail, a password and (when the member has two-factor on) a code, with throttling.
 * Used by the Auth.js credentials provider (the only way a session is issued) and unit tested
 * without Next.js.
 *
 * Order: the attempt is counted by the throttle first (refused attempts never reach the password);
 * then the password (an unknown e-mail costs the same time); then the second factor, counted per
 * member (lib/auth/throttle.ts, `code:`). A right password without a code is not a guess: its
 * count is given back and the form asks for the code.
 * A success clears only its own e-mail and address pair, and redoes a hash made with weaker
 * parameters.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import type { Keyring } from "@/lib/security/sealing";
import { recordUserAudit } from "@/lib/audit/audit";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { attempt, codeAttempt, codeSucceeded, giveBack, isKnownAddress, succeeded, waitFor } from "./throttle";
import { checkSecondFactor, type SecondFactor } from "./two-factor";

export const signInSchema = z.object({
  email: z.email().max(254).transform((s) => s.trim().toLowerCase()),
  password: z.string().min(1).max(200),
  code: z.string().max(40).optional(),
});

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string }; secondFactor: SecondFactor | null }
  | { ok: false; reason: "invalid" | "two_factor_required" | "two_factor_invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export async function verifyCredentials(
  db: Database<typeof schema>,
  keyring: Keyring,
  input: { email: string; password: string; code?: string | null; address: string | null },
  now = new Date(),
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  const keys = { email, address: input.address, knownAddress: user ? await isKnownAddress(db, user.id, input.address, now) : false };

  const decision = await attempt(db, keys, now);
  if (!decision.allowed) {
    if (decision.tripped && user) {
      await recordUserAudit(db, user.id, { actor: { userId: null, address: input.address }, action: "auth.sign_in_throttled", details: { retryAfterSeconds: decision.retryAfterSeconds } });
    }
    return { ok: false, reason: "throttled", retryAfterSeconds: decision.retryAfterSeconds };
  }

  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) return { ok: false, reason: "invalid" };

  let secondFactor: SecondFactor | null = null;
  if (user.totpEnabledAt) {
    const code = input.code?.trim();
    if (!code) {
      await giveBack(db, keys);
      return { ok: false, reason: "two_factor_required" };
    }
    // Codes are counted per member wherever they come from: many addresses share one budget.
    const codes = await codeAttempt(db, user.id, now);
    if (!codes.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: codes.retryAfterSeconds };
    secondFactor = await checkSecondFactor(db, keyring, user, code, now.getTime());
    if (!secondFactor) return { ok: false, reason: "two_factor_invalid" };
    await codeSucceeded(db, user.id);
    if (secondFactor === "recovery_code") {
      await recordUserAudit(db, user.id, { actor: { userId: user.id, address: input.address }, action: "auth.recovery_code_used" });
    }
  }

  await succeeded(db, keys);
  if (needsRehash(user.passwordHash)) {
    await db.update(schema.users).set({ passwordHash: await hashPassword(input.password) }).where(eq(schema.users.id, user.id));
  }
  return { ok: true, user: { id: user.id, email: user.email, name: user.name }, secondFactor };
}

/** How long a sign-in of this e-mail from this address must wait (what the sign-in page says once refused). */
export async function signInWait(db: Database<typeof schema>, email: string, address: string | null, now = new Date()): Promise<number> {
  const e = email.trim().toLowerCase();
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, e)).limit(1);
  const knownAddress = user ? await isKnownAddress(db, user.id, address, now) : false;
  return waitFor(db, { email: e, address, knownAddress, userId: user?.id ?? null }, now);
}
