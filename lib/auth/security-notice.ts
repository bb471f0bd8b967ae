/**
 * "Was this you?": a mail to a member when something about their sign-in changes (two-factor turned
 * on, moved to a new phone, turned off, recovery codes replaced, reset by an admin), in their
 * language, saying when and from which address. It names no code, secret or link: whoever reads the
 * member's mail learns nothing that signs in. Without SMTP_URL nothing is sent (the audit log keeps
 * the change). No Next.js imports.
 */
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import type { Actor } from "@/lib/audit/audit";
import { createTranslator, DEFAULT_LOCALE, getMessages } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/format";
import { sendMail } from "@/lib/mail/mailer";

export const SECURITY_NOTICES = ["auth.two_factor_enrolled", "auth.two_factor_replaced", "auth.two_factor_disabled", "auth.recovery_codes_regenerated", "auth.two_factor_reset"] as const;
export type SecurityNoticeKind = (typeof SECURITY_NOTICES)[number];

/** Sends the notice; never throws (the change is made and audited whether the mail goes or not). */
export type SecurityNotice = (userId: string, kind: SecurityNoticeKind, actor: Actor) => Promise<void>;

export function securityNotice(db: Database<typeof schema>, mail: { smtpUrl?: string; from: string }, now: () => Date = () => new Date()): SecurityNotice {
  return async (userId, kind, actor) => {
    try {
      const [user] = await db.select({ email: schema.users.email, name: schema.users.name, locale: schema.users.locale }).from(schema.users).where(eq(schema.users.id, userId)).limit(1);
      if (!user) return;
      const locale = user.locale ?? DEFAULT_LOCALE;
      const t = createTranslator(getMessages(locale), locale);
      const what = t(`securityMail.kinds.${kind.replace(".", "_") as "auth_two_factor_enrolled"}`);
      const byAdmin = actor.userId !== null && actor.userId !== userId;
      await sendMail(mail, {
        to: user.email,
        subject: t("securityMail.subject", { what }),
        text: t(byAdmin ? "securityMail.textByAdmin" : "securityMail.text", {
          name: user.name,
          what,
          when: formatDateTime(now(), locale),
          address: actor.address ?? t("securityMail.unknownAddress"),
        }),
      });
    } catch (e) {
      console.error(`[mail] security notice not sent: ${(e as Error).message}`);
    }
  };
}
