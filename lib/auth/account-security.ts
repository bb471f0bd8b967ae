/**
 * What a member does about their own access, and what an admin may do for them: change the
 * password, turn two-factor on and off, end sessions; an admin resets a member's two-factor (a lost
 * phone) and sets the organisation's policy. Each writes the audit log. Callers (server actions)
 * have already checked the session; functions take the user explicitly.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import type { Keyring } from "@/lib/credentials/crypto";
import { recordAudit, recordUserAudit, type Actor } from "@/lib/audit/audit";
import { hashPassword, verifyPassword } from "./password";
import { passwordProblem, type PasswordProblem } from "./password-policy";
import { attempt, succeeded } from "./throttle";
import { markReauthenticated, revokeSession, revokeUserSessions } from "./sessions";
import { beginEnrolment, checkSecondFactor, confirmEnrolment, disableTwoFactor } from "./two-factor";
import { policyCoversRole } from "./access";

type Db = Database<typeof schema>;

export class SecurityChangeRefused extends Error {
  constructor(
    readonly code: "WRONG_PASSWORD" | "THROTTLED" | "WEAK_PASSWORD" | "WRONG_CODE" | "NO_ENROLMENT" | "POLICY_REQUIRES_TWO_FACTOR" | "NOT_A_MEMBER" | "NOT_FOUND",
    readonly detail?: PasswordProblem | number,
  ) {
    super(code);
  }
}

async function userById(db: Db, userId: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!user) throw new SecurityChangeRefused("NOT_FOUND");
  return user;
}

/** The member's current password, counted by the sign-in throttle (a stolen session cannot guess it freely). */
async function provePassword(db: Db, user: { email: string; passwordHash: string }, password: string, address: string | null): Promise<void> {
  const keys = { email: user.email, address };
  const decision = await attempt(db, keys);
  if (!decision.allowed) throw new SecurityChangeRefused("THROTTLED", decision.retryAfterSeconds);
  if (!(await verifyPassword(password, user.passwordHash))) throw new SecurityChangeRefused("WRONG_PASSWORD");
  await succeeded(db, keys);
}

/**
 * A new password: the current one first; the new one long enough and not easy to guess. Every
 * other session of the member ends (whoever knew the old password is signed out).
 */
export async function changePassword(db: Db, userId: string, input: { current: string; next: string }, sessionId: string | null, actor: Actor): Promise<{ endedSessions: number }> {
  const user = await userById(db, userId);
  await provePassword(db, user, input.current, actor.address);
  const problem = passwordProblem(input.next, [user.email, user.name]);
  if (problem) throw new SecurityChangeRefused("WEAK_PASSWORD", problem);
  await db.update(schema.users).set({ passwordHash: await hashPassword(input.next), passwordChangedAt: new Date() }).where(eq(schema.users.id, userId));
  const endedSessions = await revokeUserSessions(db, userId, "password_changed", sessionId ?? undefined);
  await recordUserAudit(db, userId, { actor, action: "auth.password_changed", details: { endedSessions } });
  return { endedSessions };
}

/**
 * Re-authentication before money moves (and other sensitive changes): the password again, and a
 * code when two-factor is on. The session remembers when.
 */
/** `now`: the clock sessions are judged by (lib/auth/authorize.ts's sessionClock), so that the proof counts by it. */
export async function reauthenticate(db: Db, keyring: Keyring, userId: string, sessionId: string, input: { password: string; code?: string | null }, actor: Actor, now = new Date()): Promise<void> {
  const user = await userById(db, userId);
  await provePassword(db, user, input.password, actor.address);
  let twoFactor = false;
  if (user.totpEnabledAt) {
    if (!input.code || !(await checkSecondFactor(db, keyring, user, input.code))) throw new SecurityChangeRefused("WRONG_CODE");
    twoFactor = true;
  }
  await markReauthenticated(db, sessionId, twoFactor, now);
}

export async function startTwoFactor(db: Db, keyring: Keyring, userId: string): Promise<{ secret: string; uri: string }> {
  const user = await userById(db, userId);
  return beginEnrolment(db, keyring, userId, user.email);
}

export async function finishTwoFactor(db: Db, keyring: Keyring, userId: string, code: string, actor: Actor): Promise<string[]> {
  const result = await confirmEnrolment(db, keyring, userId, code);
  if (!result.ok) throw new SecurityChangeRefused(result.reason === "no_secret" ? "NO_ENROLMENT" : "WRONG_CODE");
  await recordUserAudit(db, userId, { actor, action: "auth.two_factor_enrolled" });
  return result.recoveryCodes;
}

/** The member turns two-factor off (their password first); refused while a policy of theirs requires it. */
export async function turnOffTwoFactor(db: Db, userId: string, password: string, actor: Actor): Promise<void> {
  const user = await userById(db, userId);
  await provePassword(db, user, password, actor.address);
  const covered = await db
    .select({ role: schema.memberships.role })
    .from(schema.memberships)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.memberships.organizationId))
    .where(and(eq(schema.memberships.userId, userId), eq(schema.organizations.requireTwoFactor, true)));
  if (covered.some((m) => policyCoversRole(m.role))) throw new SecurityChangeRefused("POLICY_REQUIRES_TWO_FACTOR");
  await disableTwoFactor(db, userId);
  await recordUserAudit(db, userId, { actor, action: "auth.two_factor_disabled" });
}

/**
 * An admin resets a member's two-factor (lost phone): secret and recovery codes erased, the
 * member's sessions ended; they set it up again at their next sign-in if the policy asks.
 */
export async function resetMemberTwoFactor(db: Db, organizationId: string, memberId: string, actor: Actor): Promise<void> {
  const [m] = await db
    .select({ userId: schema.memberships.userId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.organizationId, organizationId), eq(schema.memberships.userId, memberId)));
  if (!m) throw new SecurityChangeRefused("NOT_A_MEMBER");
  await disableTwoFactor(db, memberId);
  await revokeUserSessions(db, memberId, "two_factor_reset");
  await recordAudit(db, { organizationId, actor, action: "auth.two_factor_reset", target: memberId });
}

export async function endSession(db: Db, userId: string, sessionId: string, actor: Actor): Promise<boolean> {
  const ended = await revokeSession(db, sessionId, "revoked", userId);
  if (ended) await recordUserAudit(db, userId, { actor, action: "auth.session_revoked", target: sessionId });
  return ended;
}

/** "Sign out everywhere": every session of the member, this one included. */
export async function endAllSessions(db: Db, userId: string, actor: Actor): Promise<number> {
  const n = await revokeUserSessions(db, userId, "sign_out_everywhere");
  await recordUserAudit(db, userId, { actor, action: "auth.sessions_revoked", details: { sessions: n } });
  return n;
}

export const IDLE_MINUTES_RANGE = { min: 5, max: 720 } as const;

export async function setSecurityPolicy(db: Db, organizationId: string, policy: { requireTwoFactor: boolean; sessionIdleMinutes: number }, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(schema.organizations).set(policy).where(eq(schema.organizations.id, organizationId));
    await recordAudit(tx, { organizationId, actor, action: "organization.security_changed", details: policy });
  });
}

export async function securityPolicy(db: Db, organizationId: string): Promise<{ requireTwoFactor: boolean; sessionIdleMinutes: number }> {
  const [o] = await db
    .select({ requireTwoFactor: schema.organizations.requireTwoFactor, sessionIdleMinutes: schema.organizations.sessionIdleMinutes })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  return o ?? { requireTwoFactor: false, sessionIdleMinutes: 30 };
}
