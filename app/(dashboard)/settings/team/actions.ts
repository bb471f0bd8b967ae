"use server";
/**
 * Team management: admin only. Each action checks `team.manage` itself, and each changes who may do
 * what, so each asks the admin to confirm it is them when their last proof is old (`reauth`): a
 * session left open cannot invite a second admin (who would then defeat the two-admin rules) or
 * remove the other one.
 */
import { z } from "zod";
import { protectedAction, type ActionContext } from "@/lib/actions/safe-action";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { env, publicBaseUrl } from "@/lib/env";
import { changeRole, removeMember } from "@/lib/team/members";
import { createInvitation, invitationLink, withdrawInvitation } from "@/lib/team/invitations";
import { resetMemberTwoFactor } from "@/lib/auth/account-security";
import { securityNotice } from "@/lib/auth/security-notice";
import { sendMail } from "@/lib/mail/mailer";
import { getI18n } from "@/lib/i18n/server";

/** Every team action: admins only (`team.manage`), with a recent proof that it is them. */
function teamAction<S extends z.core.$ZodType, T>(schema: S, handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>) {
  return protectedAction("team.manage", schema, handler, { reauth: true });
}

export const changeRoleAction = teamAction(
  z.object({ userId: z.uuid(), role: z.enum(ROLES) }),
  async ({ userId, role }, { access, actor }) => {
    await changeRole(await getDb(), access.organizationId, userId, role, actor);
    return { userId, role };
  },
);

export const removeMemberAction = teamAction(
  z.object({ userId: z.uuid() }),
  async ({ userId }, { access, actor }) => {
    await removeMember(await getDb(), access.organizationId, userId, actor);
    return { userId };
  },
);

/**
 * Invites an e-mail with a role. The link goes out by mail when SMTP_URL is set; otherwise it comes
 * back to this admin to hand over, and only to them: a link that makes an admin is not written to
 * the console, where whoever reads the server's output would find it. Never a password.
 */
export const inviteMemberAction = teamAction(
  z.object({ email: z.email("auth.invalidEmail").max(254), role: z.enum(ROLES) }),
  async (input, { access, actor }) => {
    const { id, token } = await createInvitation(await getDb(), access.organizationId, input, actor);
    const link = invitationLink(publicBaseUrl(), token);
    // The mail is in the invitee's language only once they choose one: the inviter's is the best guess.
    const { t } = await getI18n();
    const e = env();
    const sent = await sendMail(
      { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
      {
        to: input.email.trim().toLowerCase(),
        subject: t("team.inviteMailSubject", { organization: access.organizationName }),
        text: t("team.inviteMailText", { organization: access.organizationName, inviter: access.name, role: t(`roles.${input.role}`), link, days: 7 }),
      },
    );
    return { id, mailed: sent.delivered, link: sent.delivered ? null : link };
  },
);

export const withdrawInvitationAction = teamAction(
  z.object({ id: z.uuid() }),
  async ({ id }, { access, actor }) => {
    await withdrawInvitation(await getDb(), access.organizationId, id, actor);
    return { id };
  },
);

/**
 * A member lost their authenticator: an admin erases their two-factor and ends their sessions
 * (only for a member of no organisation the admin does not run). Whoever could do this at will
 * could take an account over, so it asks for the password again too; the member is told by mail.
 */
export const resetTwoFactorAction = teamAction(
  z.object({ userId: z.uuid() }),
  async ({ userId }, { access, actor }) => {
    const db = await getDb();
    const e = env();
    await resetMemberTwoFactor(db, access.organizationId, userId, actor, securityNotice(db, { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, baseUrl: publicBaseUrl(e) }));
    return { userId };
  },
);
