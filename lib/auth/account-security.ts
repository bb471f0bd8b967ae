/**
 * What a member does about their own access, and what an admin may do for them: change the
 * password, turn two-factor on and off, end sessions; an admin resets a member's two-factor (a lost
 * phone) and sets the organisation's policy. Each writes the audit log. Callers (server actions)
 * have already checked the session; functions take the user explicitly.
 */
import type { MessageKey } from "@/lib/i18n/translate";
import { Refusal } from "@/lib/refusal";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import type { Keyring } from "@/lib/security/sealing";
import { recordAudit, recordUserAudit, type Actor } from "@/lib/audit/audit";
import { hashPassword, verifyPassword } from "./password";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem, type PasswordProblem } from "./password-policy";
import { attempt, codeAttempt, codeSucceeded, isKnownAddress, succeeded } from "./throttle";
import { markReauthenticated, revokeSession, revokeUserSessions } from "./sessions";
import { beginEnrolment, checkSecondFactor, confirmEnrolment, disableTwoFactor, replaceRecoveryCodes } from "./two-factor";
import { policyCoversRole } from "./access";
import type { SecurityNotice } from "./security-notice";

type SecurityRefusal =
  | "WRONG_PASSWORD"
  | "THROTTLED"
  | "WEAK_PASSWORD"
  | "WRONG_CODE"
  | "NO_ENROLMENT"
  | "NOT_ENABLED"
  | "POLICY_REQUIRES_TWO_FACTOR"
  | "NOT_A_MEMBER"
  | "OTHER_ORGANIZATIONS"
  | "NOT_FOUND";
const SECURITY_WORDS = {
  WRONG_PASSWORD: "security.wrongPassword",
  THROTTLED: "security.throttled",
  WEAK_PASSWORD: "auth.passwordTooCommon",
  WRONG_CODE: "auth.twoFactorInvalid",
  NO_ENROLMENT: "security.enrolmentExpired",
  NOT_ENABLED: "security.twoFactorNotOn",
  POLICY_REQUIRES_TWO_FACTOR: "security.policyRequiresTwoFactor",
  NOT_A_MEMBER: "errors.forbidden",
  OTHER_ORGANIZATIONS: "team.resetOtherOrganizations",
  NOT_FOUND: "errors.forbidden",
} as const satisfies Record<SecurityRefusal, MessageKey>;
const SECURITY_FIELDS: Partial<Record<SecurityRefusal, string>> = { WRONG_PASSWORD: "password", WEAK_PASSWORD: "next", WRONG_CODE: "code" };

/** `detail`: the password's problem (WEAK_PASSWORD) or the seconds to wait (THROTTLED). */
export class SecurityChangeRefused extends Refusal<SecurityRefusal> {
  constructor(
    code: SecurityRefusal,
    readonly detail?: PasswordProblem | number,
  ) {
    const key = code === "WEAK_PASSWORD" ? PASSWORD_PROBLEM_MESSAGES[(detail as PasswordProblem | undefined) ?? "too_common"] : SECURITY_WORDS[code];
    super(code, key, code === "THROTTLED" ? { minutes: Math.max(1, Math.ceil(Number(detail ?? 60) / 60)) } : undefined, SECURITY_FIELDS[code]);
  }
}

async function userById(db: Db, userId: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  if (!user) throw new SecurityChangeRefused("NOT_FOUND");
  return user;
}

type User = typeof schema.users.$inferSelect;
/** What a member gives to prove it is them: the password, and a code while two-factor is on. */
export type Proof = { password: string; code?: string | null };

/**
 * The member proves it is them: the password (counted by the sign-in throttle, so a stolen session
 * cannot guess it freely), then, while two-factor is on, a current code or an unused recovery code
 * (counted per member). The password's count starts again only once the whole proof holds.
 */
async function proveIdentity(db: Db, keyring: Keyring | null, user: User, proof: Proof, address: string | null): Promise<{ twoFactor: boolean }> {
  const keys = { email: user.email, address, knownAddress: await isKnownAddress(db, user.id, address) };
  const decision = await attempt(db, keys);
  if (!decision.allowed) throw new SecurityChangeRefused("THROTTLED", decision.retryAfterSeconds);
  if (!(await verifyPassword(proof.password, user.passwordHash))) throw new SecurityChangeRefused("WRONG_PASSWORD");
  let twoFactor = false;
  if (user.totpEnabledAt) {
    if (!proof.code?.trim() || !keyring) throw new SecurityChangeRefused("WRONG_CODE");
    const codes = await codeAttempt(db, user.id);
    if (!codes.allowed) throw new SecurityChangeRefused("THROTTLED", codes.retryAfterSeconds);
    if (!(await checkSecondFactor(db, keyring, user, proof.code.trim()))) throw new SecurityChangeRefused("WRONG_CODE");
    await codeSucceeded(db, user.id);
    twoFactor = true;
  }
  await succeeded(db, keys);
  return { twoFactor };
}

/**
 * A new password: the current one first; the new one long enough and not easy to guess. Every
 * other session of the member ends (whoever knew the old password is signed out).
 */
export async function changePassword(db: Db, userId: string, input: { current: string; next: string }, sessionId: string | null, actor: Actor, notice?: SecurityNotice): Promise<{ endedSessions: number }> {
  const user = await userById(db, userId);
  await proveIdentity(db, null, { ...user, totpEnabledAt: null }, { password: input.current }, actor.address);
  const problem = passwordProblem(input.next, [user.email, user.name]);
  if (problem) throw new SecurityChangeRefused("WEAK_PASSWORD", problem);
  await db.update(schema.users).set({ passwordHash: await hashPassword(input.next), passwordChangedAt: new Date() }).where(eq(schema.users.id, userId));
  const endedSessions = await revokeUserSessions(db, userId, "password_changed", sessionId ?? undefined);
  await recordUserAudit(db, userId, { actor, action: "auth.password_changed", details: { endedSessions } });
  await notice?.(userId, "auth.password_changed", actor);
  return { endedSessions };
}

/**
 * Re-authentication before money moves (and other sensitive changes): the password again, and a
 * code when two-factor is on. The session remembers when.
 * `now`: the clock sessions are judged by (lib/auth/authorize.ts's sessionClock), so that the proof counts by it.
 */
export async function reauthenticate(db: Db, keyring: Keyring, userId: string, sessionId: string, input: Proof, actor: Actor, now = new Date()): Promise<void> {
  const user = await userById(db, userId);
  const { twoFactor } = await proveIdentity(db, keyring, user, input, actor.address);
  await markReauthenticated(db, sessionId, twoFactor, now);
}

/**
 * Every change to a member's two-factor asks for the password and, while two-factor is on, a
 * current code, whatever the session: a copy of the session cookie alone changes nothing. Each is
 * in the audit log and mailed to the member (`notice`).
 */
type TwoFactorChange = { db: Db; keyring: Keyring; notice: SecurityNotice; actor: Actor };

/** Starts setting up two-factor (or moving it to a new phone): the current one keeps working until the new one is confirmed. */
export async function startTwoFactor({ db, keyring, actor }: TwoFactorChange, userId: string, sessionId: string, proof: Proof): Promise<{ secret: string; uri: string }> {
  const user = await userById(db, userId);
  await proveIdentity(db, keyring, user, proof, actor.address);
  const started = await beginEnrolment(db, keyring, userId, user.email, sessionId);
  await recordUserAudit(db, userId, { actor, action: "auth.two_factor_started" });
  return started;
}

/** A code from the new app confirms it (same session, within minutes of the start); codes are counted like any other. */
export async function finishTwoFactor({ db, keyring, notice, actor }: TwoFactorChange, userId: string, sessionId: string, code: string): Promise<string[]> {
  const user = await userById(db, userId);
  const codes = await codeAttempt(db, userId);
  if (!codes.allowed) throw new SecurityChangeRefused("THROTTLED", codes.retryAfterSeconds);
  const result = await confirmEnrolment(db, keyring, userId, code, sessionId);
  if (!result.ok) throw new SecurityChangeRefused(result.reason === "no_secret" ? "NO_ENROLMENT" : "WRONG_CODE");
  await codeSucceeded(db, userId);
  const action = user.totpEnabledAt ? "auth.two_factor_replaced" : "auth.two_factor_enrolled";
  await recordUserAudit(db, userId, { actor, action });
  await notice(userId, action, actor);
  return result.recoveryCodes;
}

/** The member turns two-factor off (password and a code); refused while a policy of theirs requires it. */
export async function turnOffTwoFactor({ db, keyring, notice, actor }: TwoFactorChange, userId: string, proof: Proof): Promise<void> {
  const user = await userById(db, userId);
  if (!user.totpEnabledAt) throw new SecurityChangeRefused("NOT_ENABLED");
  await proveIdentity(db, keyring, user, proof, actor.address);
  const covered = await db
    .select({ role: schema.memberships.role })
    .from(schema.memberships)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.memberships.organizationId))
    .where(and(eq(schema.memberships.userId, userId), eq(schema.organizations.requireTwoFactor, true)));
  if (covered.some((m) => policyCoversRole(m.role))) throw new SecurityChangeRefused("POLICY_REQUIRES_TWO_FACTOR");
  await disableTwoFactor(db, userId);
  await recordUserAudit(db, userId, { actor, action: "auth.two_factor_disabled" });
  await notice(userId, "auth.two_factor_disabled", actor);
}

/** Ten new recovery codes (password and a code); the old ones stop working. */
export async function regenerateRecoveryCodes({ db, keyring, notice, actor }: TwoFactorChange, userId: string, proof: Proof): Promise<string[]> {
  const user = await userById(db, userId);
  if (!user.totpEnabledAt) throw new SecurityChangeRefused("NOT_ENABLED");
  await proveIdentity(db, keyring, user, proof, actor.address);
  const codes = await replaceRecoveryCodes(db, userId);
  await recordUserAudit(db, userId, { actor, action: "auth.recovery_codes_regenerated" });
  await notice(userId, "auth.recovery_codes_regenerated", actor);
  return codes;
}

/**
 * An admin resets a member's two-factor (lost phone): secret and recovery codes erased, the
 * member's sessions ended; they set it up again at their next sign-in if the policy asks. Two-factor
 * belongs to the person, not the organisation, so an admin may reset it only for a member of no
 * organisation where they are not an admin themselves: an admin of one shop cannot weaken the
 * member's sign-in to another.
 */
export async function resetMemberTwoFactor(db: Db, organizationId: string, memberId: string, actor: Actor, notice?: SecurityNotice): Promise<void> {
  const m = schema.memberships;
  const [member] = await db
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.organizationId, organizationId), eq(m.userId, memberId)));
  if (!member) throw new SecurityChangeRefused("NOT_A_MEMBER");
  const theirs = await db.select({ organizationId: m.organizationId }).from(m).where(eq(m.userId, memberId));
  const mine = actor.userId
    ? await db
        .select({ organizationId: m.organizationId })
        .from(m)
        .where(and(eq(m.userId, actor.userId), eq(m.role, "admin")))
    : [];
  const adminOf = new Set(mine.map((r) => r.organizationId));
  if (theirs.some((r) => !adminOf.has(r.organizationId))) throw new SecurityChangeRefused("OTHER_ORGANIZATIONS");
  await disableTwoFactor(db, memberId);
  await revokeUserSessions(db, memberId, "two_factor_reset");
  await recordAudit(db, { organizationId, actor, action: "auth.two_factor_reset", target: memberId });
  await notice?.(memberId, "auth.two_factor_reset", actor);
}

export async function endSession(db: Db, userId: string, sessionId: string, actor: Actor, notice?: SecurityNotice): Promise<boolean> {
  const ended = await revokeSession(db, sessionId, "revoked", userId);
  if (ended) {
    await recordUserAudit(db, userId, { actor, action: "auth.session_revoked", target: sessionId });
    await notice?.(userId, "auth.session_revoked", actor);
  }
  return ended;
}

/** "Sign out everywhere": every session of the member, this one included. */
export async function endAllSessions(db: Db, userId: string, actor: Actor, notice?: SecurityNotice): Promise<number> {
  const n = await revokeUserSessions(db, userId, "sign_out_everywhere");
  await recordUserAudit(db, userId, { actor, action: "auth.sessions_revoked", details: { sessions: n } });
  await notice?.(userId, "auth.sessions_revoked", actor);
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
