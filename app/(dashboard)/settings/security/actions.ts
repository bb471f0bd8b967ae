"use server";
/**
 * The member's own security (any signed-in member, `selfAction`): password, two-factor, sessions;
 * and the organisation's security policy (admins, `organization.manage`). Each writes the audit log.
 */
import { z } from "zod";
import { protectedAction, selfAction, type ActionContext } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { keyring } from "@/lib/security/keyring";
import { getDb } from "@/lib/db";
import { env, publicBaseUrl } from "@/lib/env";
import { securityNotice } from "@/lib/auth/security-notice";
import { signOut } from "@/lib/auth";
import { sessionClock } from "@/lib/auth/authorize";
import {
  changePassword,
  endAllSessions,
  endSession,
  finishTwoFactor,
  IDLE_MINUTES_RANGE,
  reauthenticate,
  regenerateRecoveryCodes,
  SecurityChangeRefused,
  setSecurityPolicy,
  startTwoFactor,
  turnOffTwoFactor,
} from "@/lib/auth/account-security";

export const changePasswordAction = selfAction(
  z
    .object({ current: z.string().min(1, "auth.passwordRequired").max(200), next: z.string().min(12, "auth.passwordTooShort").max(200, "auth.passwordTooLong"), confirm: z.string() })
    .refine((v) => v.next === v.confirm, { path: ["confirm"], message: "auth.passwordsDoNotMatch" }),
  async (input, { access, actor }) =>
    changePassword(await getDb(), access.userId, { current: input.current, next: input.next }, access.session?.id ?? null, actor, await memberNotice()).catch((e: unknown) => {
      // This form calls its password field "current".
      if (e instanceof SecurityChangeRefused && e.code === "WRONG_PASSWORD") throw new Refusal(e.code, e.messageKey, undefined, "current");
      throw e;
    }),
);

/** Tells the member of a change to their account's security (bell and mail, lib/auth/security-notice.ts). */
async function memberNotice() {
  const e = env();
  return securityNotice(await getDb(), { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, baseUrl: publicBaseUrl(e) });
}

/** The password, and a code while two-factor is on: what every two-factor change asks for. */
const proofSchema = z.object({ password: z.string().min(1, "auth.passwordRequired").max(200), code: z.string().trim().max(40).optional() });

async function twoFactorChange({ access, actor }: ActionContext) {
  if (!access.session) throw new Refusal("UNAUTHENTICATED", "errors.unauthenticated");
  return { change: { db: await getDb(), keyring: keyring(), actor, notice: await memberNotice() }, sessionId: access.session.id };
}

/** Step one of enrolment (or of a move to a new phone): the password (and a current code) first, then a new secret for the app. */
export const startTwoFactorAction = selfAction(proofSchema, async (proof, ctx) => {
  const { change, sessionId } = await twoFactorChange(ctx);
  return startTwoFactor(change, ctx.access.userId, sessionId, proof);
});

/** Step two: a code from the new app proves it, in the session that started; the ten recovery codes come back once. */
export const confirmTwoFactorAction = selfAction(z.object({ code: z.string().trim().min(6, "auth.twoFactorInvalid").max(10) }), async ({ code }, ctx) => {
  const { change, sessionId } = await twoFactorChange(ctx);
  return { recoveryCodes: await finishTwoFactor(change, ctx.access.userId, sessionId, code) };
});

export const turnOffTwoFactorAction = selfAction(proofSchema, async (proof, ctx) => {
  const { change } = await twoFactorChange(ctx);
  await turnOffTwoFactor(change, ctx.access.userId, proof);
  return { off: true };
});

/** Ten new recovery codes for the old ones (password and a code first). */
export const regenerateRecoveryCodesAction = selfAction(proofSchema, async (proof, ctx) => {
  const { change } = await twoFactorChange(ctx);
  return { recoveryCodes: await regenerateRecoveryCodes(change, ctx.access.userId, proof) };
});

export const revokeSessionAction = selfAction(z.object({ id: z.uuid() }), async ({ id }, { access, actor }) => ({ ended: await endSession(await getDb(), access.userId, id, actor, await memberNotice()) }));

/** Ends every session of the member, this one too, and signs this browser out. */
export async function signOutEverywhereAction(): Promise<{ ok: false; error: { code: string; message: string } } | void> {
  const result = await selfAction(z.object({}), async (_input, { access, actor }) => endAllSessions(await getDb(), access.userId, actor, await memberNotice()))({});
  if (!result.ok) return result;
  await signOut({ redirectTo: "/login" });
}

export const setSecurityPolicyAction = protectedAction(
  "organization.manage",
  z.object({ requireTwoFactor: z.boolean(), sessionIdleMinutes: z.number().int().min(IDLE_MINUTES_RANGE.min, "security.idleRange").max(IDLE_MINUTES_RANGE.max, "security.idleRange") }),
  async (policy, { access, actor }) => {
    // An admin who turns the policy on without two-factor of their own would lock themselves out of every page but enrolment.
    if (policy.requireTwoFactor && !access.twoFactorEnabled) throw new Refusal("TWO_FACTOR_FIRST", "security.enrolYourselfFirst");
    await setSecurityPolicy(await getDb(), access.organizationId, policy, actor);
    return policy;
  },
);

/** The member proves it is still them (password, and a code when two-factor is on) before a sensitive change. */
export const reauthenticateAction = selfAction(
  z.object({ password: z.string().min(1, "auth.passwordRequired").max(200), code: z.string().trim().max(40).optional() }),
  async ({ password, code }, { access, actor }) => {
    if (!access.session) throw new Refusal("UNAUTHENTICATED", "errors.unauthenticated");
    await reauthenticate(await getDb(), keyring(), access.userId, access.session.id, { password, code: code || null }, actor, sessionClock());
  },
);
