/**
 * Mailing the outbox. Any instance may run a pass: due rows are claimed with `FOR UPDATE SKIP
 * LOCKED` and a lease (their next_attempt_at moved past the lease), as the webhook worker claims
 * deliveries, so a row is mailed by one instance at a time and a crash only delays it until its
 * lease ends. A mail that went out is marked sent; one the server refused is tried again later
 * (2 min, doubling, at most MAX_ATTEMPTS); without SMTP_URL nothing is sent and rows are skipped.
 * Mail is sent to members only while they still belong to the organisation it is about.
 *
 * SMTP takes no part in a database transaction: an instance killed between the server's "250 OK"
 * and the row's "sent" sends that one mail again when the lease ends. Each mail's Message-ID is
 * made from its row, so a mail client sees the repeat as the same message.
 *
 * Digests (a member's rows of channel "digest", due at their next 8:00) are gathered per member
 * under a lock every instance honours, so one member's rows never go out in two mails.
 *
 * No Next.js imports.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import type { OpenedDatabase } from "@/lib/db/driver";
import { createTranslator, DEFAULT_LOCALE, getMessages } from "@/lib/i18n";
import { memberTimeZone } from "@/lib/i18n/zones";
import { sendMail, type Mail } from "@/lib/mail/mailer";
import type { NotificationKind } from "@/lib/vocabulary";
import { ALWAYS_MAILED } from "./kinds";
import { digestMail, notificationMail, renderNotification, type Reader } from "./render";

export type MailConfig = { smtpUrl?: string; from: string; /** the dashboard's address, for the links in mails */ baseUrl: string };

/** How long a claimed row is left to its instance. */
export const MAIL_LEASE_MS = 60_000;
/** A mail the server refused is tried this many times, 2 min apart and doubling (at most 6 h). */
export const MAX_ATTEMPTS = 8;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []));

type Claimed = {
  id: number;
  attempts: number;
  userId: string;
  kind: NotificationKind;
  params: Record<string, unknown>;
  organizationId: string | null;
  email: string;
  name: string;
  locale: schema.Locale | null;
  timeZone: string | null;
  member: boolean;
};

/** The claimed rows with their event and recipient (and whether they still belong to its organisation). */
async function load(db: Db, ids: number[]): Promise<Claimed[]> {
  if (!ids.length) return [];
  const o = schema.notificationOutbox;
  const e = schema.notificationEvents;
  const u = schema.users;
  return db
    .select({
      id: o.id,
      attempts: o.attempts,
      userId: o.userId,
      kind: e.kind,
      params: sql<Record<string, unknown>>`${e.params}`,
      organizationId: e.organizationId,
      email: u.email,
      name: u.name,
      locale: u.locale,
      timeZone: u.timeZone,
      member: sql<boolean>`(${e.organizationId} is null or exists (select 1 from memberships m where m.organization_id = ${e.organizationId} and m.user_id = ${o.userId}))`,
    })
    .from(o)
    .innerJoin(e, eq(e.id, o.eventId))
    .innerJoin(u, eq(u.id, o.userId))
    .where(inArray(o.id, ids))
    .orderBy(asc(o.id));
}

function readerFor(row: Pick<Claimed, "locale" | "timeZone">): Reader {
  const locale = row.locale ?? DEFAULT_LOCALE;
  const timeZone = memberTimeZone(locale, row.timeZone);
  return { locale, timeZone, t: createTranslator(getMessages(locale), locale, timeZone) };
}

async function settle(db: Db, ids: number[], outcome: { sent: true } | { sent: false; reason: string; retry: boolean; attempts: number }, now: Date) {
  if (!ids.length) return;
  const o = schema.notificationOutbox;
  if (outcome.sent) {
    await db.update(o).set({ state: "sent", sentAt: now, lastError: null }).where(inArray(o.id, ids));
  } else if (outcome.retry && outcome.attempts < MAX_ATTEMPTS) {
    const delay = Math.min(6 * 3_600_000, 120_000 * 2 ** (outcome.attempts - 1));
    await db.update(o).set({ nextAttemptAt: new Date(now.getTime() + delay), lastError: outcome.reason }).where(inArray(o.id, ids));
  } else {
    await db.update(o).set({ state: outcome.retry ? "failed" : "skipped", lastError: outcome.reason }).where(inArray(o.id, ids));
  }
}

const messageId = (id: number, baseUrl: string) => `<notification-${id}.${createHash("sha256").update(baseUrl).digest("hex").slice(0, 12)}@payments-dashboard>`;

async function send(db: Db, config: MailConfig, ids: number[], attempts: number, mail: Mail & { messageId: string }, now: Date): Promise<boolean> {
  if (!config.smtpUrl) {
    await settle(db, ids, { sent: false, reason: "no_smtp", retry: false, attempts }, now);
    return false;
  }
  const result = await sendMail(config, mail);
  await settle(db, ids, result.delivered ? { sent: true } : { sent: false, reason: "smtp_failed", retry: true, attempts }, now);
  return result.delivered;
}

/**
 * One pass over due single mails (channel "email"): claims up to `limit`, mails each, settles it.
 * `eventId`: only that event's rows (a security notice goes out at once, from the request that
 * caused it). Returns how many went out.
 */
export async function mailDue(db: Db, config: MailConfig, opts: { now?: Date; limit?: number; leaseMs?: number; eventId?: number } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const lease = new Date(now.getTime() + (opts.leaseMs ?? MAIL_LEASE_MS));
  const only = opts.eventId === undefined ? sql`` : sql` and event_id = ${opts.eventId}`;
  const claimed = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      update notification_outbox set attempts = attempts + 1, next_attempt_at = ${lease.toISOString()}::timestamptz
      where id in (
        select id from notification_outbox
        where state = 'pending' and channel = 'email' and next_attempt_at <= ${now.toISOString()}::timestamptz${only}
        order by id limit ${opts.limit ?? 50} for update skip locked
      )
      returning id`),
  ).map((r) => Number(r.id));
  let sent = 0;
  for (const row of await load(db, claimed)) {
    if (!row.member) {
      await settle(db, [row.id], { sent: false, reason: "not_a_member", retry: false, attempts: row.attempts }, now);
      continue;
    }
    const reader = readerFor(row);
    const parts = notificationMail(renderNotification(row.kind, row.params, reader), reader, row, config.baseUrl, ALWAYS_MAILED.has(row.kind));
    if (await send(db, config, [row.id], row.attempts, { to: row.email, ...parts, messageId: messageId(row.id, config.baseUrl) }, now)) sent++;
  }
  return sent;
}

/**
 * One pass over due digests: for each member with digest rows due (at most `limit` members), all of
 * them claimed at once and mailed as one. Under a lock every instance honours, so that two never
 * split one member's digest. Returns how many digests went out.
 */
export async function mailDigests(opened: Pick<OpenedDatabase<typeof schema>, "db" | "withLock">, config: MailConfig, opts: { now?: Date; limit?: number; leaseMs?: number } = {}): Promise<number> {
  const { db } = opened;
  const now = opts.now ?? new Date();
  const o = schema.notificationOutbox;
  return opened.withLock("notification-digests", async () => {
    const members = await db
      .selectDistinct({ userId: o.userId })
      .from(o)
      .where(and(eq(o.state, "pending"), eq(o.channel, "digest"), lte(o.nextAttemptAt, now)))
      .limit(opts.limit ?? 50);
    let sent = 0;
    for (const { userId } of members) {
      const claimed = await db
        .update(o)
        .set({ attempts: sql`${o.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + (opts.leaseMs ?? MAIL_LEASE_MS)) })
        .where(and(eq(o.userId, userId), eq(o.state, "pending"), eq(o.channel, "digest"), lte(o.nextAttemptAt, now)))
        .returning({ id: o.id });
      const rows = await load(db, claimed.map((r) => r.id));
      const gone = rows.filter((r) => !r.member);
      await settle(db, gone.map((r) => r.id), { sent: false, reason: "not_a_member", retry: false, attempts: 0 }, now);
      const items = rows.filter((r) => r.member);
      if (!items.length) continue;
      const first = items[0]!;
      const reader = readerFor(first);
      const parts = digestMail(items.map((r) => renderNotification(r.kind, r.params, reader)), reader, first, config.baseUrl);
      const attempts = Math.max(...items.map((r) => r.attempts));
      if (await send(db, config, items.map((r) => r.id), attempts, { to: first.email, ...parts, messageId: messageId(first.id, config.baseUrl) }, now)) sent++;
    }
    return sent;
  });
}
