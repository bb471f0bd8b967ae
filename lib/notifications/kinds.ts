/**
 * The kinds of notification and what a member gets of each before choosing (Settings →
 * Preferences). Drizzle-free: the preferences form imports it.
 */
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS, type NotificationEmailMode, type NotificationKind } from "@/lib/vocabulary";

export { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS, type NotificationKind, type NotificationEmailMode };

export type NotificationPreference = { inApp: boolean; email: NotificationEmailMode };

/** Everything in the bell and each one by e-mail, until the member chooses otherwise. */
export const DEFAULT_PREFERENCE: NotificationPreference = { inApp: true, email: "instant" };

/**
 * Mail that cannot be turned off: a sign-in from a new browser and a change to the account's
 * security tell the owner that someone else may be in the account, and an intruder with the
 * session would turn them off first. The bell may still be turned off for them.
 */
export const ALWAYS_MAILED: ReadonlySet<NotificationKind> = new Set(["new_sign_in", "security_change"]);

/** Kinds that belong to an organisation (shown in its bell); the others belong to the person. */
export const PERSONAL_KINDS: ReadonlySet<NotificationKind> = new Set(["new_sign_in", "security_change"]);

/** A stored choice as it applies: the locked mail of ALWAYS_MAILED kinds cannot be off or delayed. */
export function effectivePreference(kind: NotificationKind, stored: NotificationPreference | undefined): NotificationPreference {
  const p = stored ?? DEFAULT_PREFERENCE;
  return ALWAYS_MAILED.has(kind) ? { inApp: p.inApp, email: "instant" } : p;
}

export const isNotificationKind = (v: unknown): v is NotificationKind => typeof v === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(v);
