/**
 * Each member's choice per kind of notification: in the bell or not, and by e-mail each one, in
 * the daily digest, or not at all (Settings → Preferences). A kind without a row follows
 * DEFAULT_PREFERENCE; mail about the account's own security cannot be turned off (kinds.ts).
 */
import { and, eq, inArray } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import { Refusal } from "@/lib/refusal";
import { ALWAYS_MAILED, DEFAULT_PREFERENCE, effectivePreference, NOTIFICATION_KINDS, type NotificationKind, type NotificationPreference } from "./kinds";

/** What each of `userIds` gets of `kind`, as it applies (stored or default, locks applied). */
export async function preferencesFor(db: Db, userIds: string[], kind: NotificationKind): Promise<Map<string, NotificationPreference>> {
  const out = new Map<string, NotificationPreference>();
  if (!userIds.length) return out;
  const p = schema.notificationPreferences;
  const rows = await db
    .select({ userId: p.userId, inApp: p.inApp, email: p.email })
    .from(p)
    .where(and(inArray(p.userId, userIds), eq(p.kind, kind)));
  const stored = new Map(rows.map((r) => [r.userId, { inApp: r.inApp, email: r.email }]));
  for (const id of userIds) out.set(id, effectivePreference(kind, stored.get(id)));
  return out;
}

/** Every kind for one member, in the order of NOTIFICATION_KINDS (for the Preferences page). */
export async function memberPreferences(db: Db, userId: string): Promise<{ kind: NotificationKind; preference: NotificationPreference; emailLocked: boolean }[]> {
  const p = schema.notificationPreferences;
  const rows = await db.select().from(p).where(eq(p.userId, userId));
  const stored = new Map(rows.map((r) => [r.kind, { inApp: r.inApp, email: r.email }]));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, preference: effectivePreference(kind, stored.get(kind)), emailLocked: ALWAYS_MAILED.has(kind) }));
}

export class PreferenceRefused extends Refusal<"ALWAYS_MAILED"> {
  constructor() {
    super("ALWAYS_MAILED", "notifications.preferences.alwaysMailed", undefined, "email");
  }
}

/** Stores a member's choice for a kind; security mail can be neither turned off nor delayed. */
export async function setPreference(db: Db, userId: string, kind: NotificationKind, preference: NotificationPreference): Promise<NotificationPreference> {
  if (ALWAYS_MAILED.has(kind) && preference.email !== "instant") throw new PreferenceRefused();
  const p = schema.notificationPreferences;
  const now = new Date();
  await db
    .insert(p)
    .values({ userId, kind, inApp: preference.inApp, email: preference.email, updatedAt: now })
    .onConflictDoUpdate({ target: [p.userId, p.kind], set: { inApp: preference.inApp, email: preference.email, updatedAt: now } });
  return effectivePreference(kind, preference);
}

export { DEFAULT_PREFERENCE };
