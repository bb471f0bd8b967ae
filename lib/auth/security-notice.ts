/**
 * "Was this you?": the member is told when something about their sign-in changes (password,
 * two-factor turned on, moved, turned off, reset by an admin, recovery codes replaced, sessions
 * ended) and when they sign in from a browser they have not used before. Through the notification
 * outbox like every other notification (lib/notifications/outbox.ts): one bell item and one mail,
 * in their language and time zone, saying what, when and from which address. The mail goes out at
 * once from the request that caused it (the outbox's lease keeps the background worker from
 * sending it too), and is never one a member can turn off (lib/notifications/kinds.ts). It names no
 * code, secret or link that signs in: whoever reads the member's mail learns nothing that opens
 * the account. Never throws: the change is made and audited whether the mail goes or not.
 * No Next.js imports.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import type { Actor } from "@/lib/audit/audit";
import { notify, type NotificationEvent } from "@/lib/notifications/outbox";
import { mailDue, type MailConfig } from "@/lib/notifications/delivery";
import { browserOf } from "./browser";

export const SECURITY_NOTICES = [
  "auth.two_factor_enrolled",
  "auth.two_factor_replaced",
  "auth.two_factor_disabled",
  "auth.recovery_codes_regenerated",
  "auth.two_factor_reset",
  "auth.password_changed",
  "auth.session_revoked",
  "auth.sessions_revoked",
] as const;
export type SecurityNoticeKind = (typeof SECURITY_NOTICES)[number];

export type SecurityNotice = (userId: string, kind: SecurityNoticeKind, actor: Actor) => Promise<void>;

/** Where the mail goes out; `baseUrl` (the dashboard's address) makes the mail's link absolute. */
export type NoticeMail = Omit<MailConfig, "baseUrl"> & { baseUrl?: string };

/** Records the notification, then mails it (awaited unless `background`: a sign-in does not wait for the mail server). */
async function tell(db: Db, mail: NoticeMail, event: NotificationEvent, userId: string, now: Date, background = false): Promise<void> {
  const id = await notify(db, event, [userId], now);
  if (id === null) return;
  const sending = mailDue(db, { ...mail, baseUrl: mail.baseUrl ?? "" }, { eventId: id, now });
  if (!background) return void (await sending);
  sending.catch((e: Error) => console.error(`[notifications] sign-in notice not mailed yet: ${e.message}`));
}

export function securityNotice(db: Db, mail: NoticeMail, now: () => Date = () => new Date()): SecurityNotice {
  return async (userId, kind, actor) => {
    try {
      const at = now();
      const byAdmin = actor.userId !== null && actor.userId !== userId;
      await tell(db, mail, { key: `security:${userId}:${randomUUID()}`, kind: "security_change", organizationId: null, environment: null, params: { what: kind, at: at.toISOString(), address: actor.address, byAdmin } }, userId, at);
    } catch (e) {
      console.error(`[notifications] security notice not recorded: ${(e as Error).message}`);
    }
  };
}

/** Days a browser stays known without a sign-in from it. */
const KNOWN_BROWSER_DAYS = 180;

/**
 * After a sign-in (`sessionId` just made): a browser the member has not signed in from lately
 * ("Chrome · Linux", versions aside) is told to them. Their first sign-in ever tells nothing (there
 * is nothing to compare with); from then on each browser is remembered (`known_browsers`).
 */
export async function signInNotice(db: Db, mail: NoticeMail, input: { userId: string; sessionId: string; userAgent: string | null; address: string | null }, now: Date = new Date()): Promise<void> {
  try {
    const browser = browserOf(input.userAgent);
    const k = schema.knownBrowsers;
    const since = new Date(now.getTime() - KNOWN_BROWSER_DAYS * 86_400_000);
    const [known] = await db
      .select({ n: sql<number>`count(*)::int`, same: sql<number>`count(*) filter (where ${k.browser} = ${browser} and ${k.lastSeenAt} > ${since.toISOString()}::timestamptz)::int` })
      .from(k)
      .where(eq(k.userId, input.userId));
    await db
      .insert(k)
      .values({ userId: input.userId, browser, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({ target: [k.userId, k.browser], set: { lastSeenAt: now } });
    if (known && known.same > 0) return;
    // Nothing remembered yet (a first sign-in, or the first since browsers were remembered): the
    // member's other sessions of the last week are what there is to compare with.
    if (!known || known.n === 0) {
      const s = schema.sessions;
      const earlier = await db
        .select({ userAgent: s.userAgent })
        .from(s)
        .where(and(eq(s.userId, input.userId), ne(s.id, input.sessionId), gt(s.createdAt, new Date(now.getTime() - 7 * 86_400_000))))
        .limit(50);
      if (!earlier.length || earlier.some((e) => browserOf(e.userAgent) === browser)) return;
    }
    await tell(db, mail, { key: `sign_in.new_browser:${input.sessionId}`, kind: "new_sign_in", organizationId: null, environment: null, params: { browser, address: input.address, at: now.toISOString() } }, input.userId, now, true);
  } catch (e) {
    console.error(`[notifications] sign-in notice not recorded: ${(e as Error).message}`);
  }
}
