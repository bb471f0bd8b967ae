/**
 * The notification outbox: the one way anything tells a member something. `notify` records an
 * event under its key and, in the same transaction, one outbox row per recipient and channel the
 * member wants (the bell, a mail now, or tomorrow's digest), then a live event so that open bells
 * refresh. The key is unique: a second instance (or this one after a restart) that sees the same
 * thing finds it recorded and adds nothing, and the unique (event, recipient, channel) rows make
 * each notification one bell item and at most one mail per member. The mail worker
 * (lib/notifications/delivery.ts) drains the mail rows.
 *
 * No Next.js imports: the runtime, actions, scripts and tests call it with a database.
 */
import { and, eq, inArray, lt } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import { publishMany } from "@/lib/events/live";
import { memberTimeZone } from "@/lib/i18n/zones";
import { DEFAULT_LOCALE } from "@/lib/i18n";
import type { ApiEnvironment, NotificationKind, Role } from "@/lib/vocabulary";
import { preferencesFor } from "./preferences";
import { nextLocalHour } from "./schedule";

export type NotificationEvent = {
  /** names what happened, once ("approval.payout:<id>"): the same key is never notified twice */
  key: string;
  kind: NotificationKind;
  /** null: the person's own (a sign-in, a security change), shown whatever organisation they are in */
  organizationId: string | null;
  environment: ApiEnvironment | null;
  /** what the words need (lib/notifications/render.ts); never a secret, a token or a full document number */
  params: Record<string, unknown>;
};

/**
 * Records `event` for `recipients` unless its key is known; returns the new event's id, or null
 * when it was recorded before (by this instance or another). An event without recipients is
 * recorded all the same, so it is not looked at again.
 */
export async function notify(db: Db, event: NotificationEvent, recipients: readonly string[], now: Date = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const e = schema.notificationEvents;
    const [created] = await tx
      .insert(e)
      .values({ key: event.key, kind: event.kind, organizationId: event.organizationId, environment: event.environment, params: event.params, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: e.id });
    if (!created) return null;
    const userIds = [...new Set(recipients)];
    if (!userIds.length) return created.id;
    const preferences = await preferencesFor(tx, userIds, event.kind);
    const u = schema.users;
    const zones = new Map(
      (await tx.select({ id: u.id, locale: u.locale, timeZone: u.timeZone }).from(u).where(inArray(u.id, userIds))).map((r) => [r.id, memberTimeZone(r.locale ?? DEFAULT_LOCALE, r.timeZone)]),
    );
    const rows: (typeof schema.notificationOutbox.$inferInsert)[] = [];
    for (const userId of userIds) {
      const zone = zones.get(userId);
      if (!zone) continue; // no such user any more
      const p = preferences.get(userId)!;
      const base = { eventId: created.id, userId, createdAt: now };
      if (p.inApp) rows.push({ ...base, channel: "in_app", state: "sent", sentAt: now, nextAttemptAt: now });
      if (p.email === "instant") rows.push({ ...base, channel: "email", nextAttemptAt: now });
      if (p.email === "digest") rows.push({ ...base, channel: "digest", nextAttemptAt: nextLocalHour(now, zone) });
    }
    if (rows.length) await tx.insert(schema.notificationOutbox).values(rows).onConflictDoNothing();
    const bell = rows.filter((r) => r.channel === "in_app").map((r) => r.userId);
    if (bell.length) await announce(tx, event, bell);
    return created.id;
  });
}

/**
 * Tells the open bells to read again (a `notification` live event, with no content: the stream is
 * the organisation's, the list is the member's). A person's own notification goes to each
 * organisation they belong to, since the bell shows it in all of them.
 */
async function announce(db: Db, event: NotificationEvent, userIds: string[]): Promise<void> {
  if (event.organizationId) {
    await publishMany(db, event.organizationId, event.environment ?? "sandbox", [{ kind: "notification", payload: {} }]);
    return;
  }
  const m = schema.memberships;
  const orgs = await db.selectDistinct({ organizationId: m.organizationId }).from(m).where(inArray(m.userId, userIds));
  for (const { organizationId } of orgs) await publishMany(db, organizationId, "sandbox", [{ kind: "notification", payload: {} }]);
}

/** The organisation's members with one of `roles`. */
export async function membersWithRoles(db: Db, organizationId: string, roles: readonly Role[]): Promise<string[]> {
  const m = schema.memberships;
  const rows = await db
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.organizationId, organizationId), inArray(m.role, [...roles])));
  return rows.map((r) => r.userId);
}

/**
 * Notifications older than `days` go, with their outbox rows. Their keys go too: what is still
 * true that long after (a payout waiting for approval for three months) is told again, as a reminder.
 */
export async function purgeNotifications(db: Db, now: Date = new Date(), days = 90): Promise<void> {
  await db.delete(schema.notificationEvents).where(lt(schema.notificationEvents.createdAt, new Date(now.getTime() - days * 86_400_000)));
}
