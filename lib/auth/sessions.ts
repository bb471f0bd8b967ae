/**
 * Sessions that really end. Each sign-in writes a row; the session cookie (an Auth.js JWT) carries
 * only its id, and every request is served only while the row holds:
 *
 * - not revoked: sign-out (this session), "sign out everywhere", a password change and removal from
 *   an organisation (all of the member's sessions) revoke in the database, so every instance refuses
 *   the cookie at its next request, wherever a copy of it is;
 * - younger than SESSION_LIFETIME_MS since sign-in, never extended by use;
 * - used within the organisation's idle timeout (`organizations.session_idle_minutes`, 30 by
 *   default; the member's active organisation decides).
 *
 * No Next.js imports: unit tested against PGlite and PostgreSQL with an injected clock.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import { accessFromRow, membershipsJson, type Access } from "./access";
import type { Keep } from "@/lib/pages/kept";

export const SESSION_LIFETIME_MS = 12 * 3_600_000;
export const DEFAULT_IDLE_MINUTES = 30;
/** lastSeenAt is written at most this often (a page's requests would otherwise each write it). */
const TOUCH_EVERY_MS = 30_000;

export type RevokeReason = "sign_out" | "sign_out_everywhere" | "revoked" | "password_changed" | "removed" | "two_factor_reset";

export async function createSession(
  db: Db,
  input: { userId: string; twoFactor: boolean; userAgent: string | null; address: string | null },
  now = new Date(),
): Promise<string> {
  const [row] = await db
    .insert(schema.sessions)
    .values({
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      authenticatedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      twoFactor: input.twoFactor,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      address: input.address,
    })
    .returning({ id: schema.sessions.id });
  return row!.id;
}

export type LiveSession = { id: string; userId: string; twoFactor: boolean; authenticatedAt: Date };
export type SessionRefusal = "missing" | "revoked" | "expired" | "idle";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []));

type SessionRow = { id: string; user_id: string; two_factor: boolean; authenticated_at: string | Date; last_seen_at: string | Date; expires_at: string | Date; revoked_at: unknown; idle_minutes: number };

type SessionAccessRow = SessionRow & { email: string; name: string; locale: schema.Locale | null; time_zone: string | null; active_organization_id: string | null; two_factor_enabled: boolean; memberships: string | never[] };

/** What migration 0018 tells when a member's sessions, row or memberships change; `orgs:` any organisation's row. */
export const memberTag = (userId: string) => `member:${userId}`;
export const ORGS_TAG = "orgs:";

/** The session's columns and its idle timeout (the member's active organisation's), for `sessions s join users u`. */
const sessionColumns = sql`s.id, s.user_id, s.two_factor, s.authenticated_at, s.last_seen_at, s.expires_at, s.revoked_at,
           coalesce(o.session_idle_minutes, ${sql.raw(String(DEFAULT_IDLE_MINUTES))}) as idle_minutes`;

/** Whether the session's row lets it serve a request at `now` (and marks it used). */
async function judge(db: Db, row: SessionRow | undefined, now: Date): Promise<{ ok: true; session: LiveSession } | { ok: false; reason: SessionRefusal }> {
  if (!row) return { ok: false, reason: "missing" };
  if (row.revoked_at) return { ok: false, reason: "revoked" };
  if (new Date(row.expires_at) <= now) return { ok: false, reason: "expired" };
  const lastSeen = new Date(row.last_seen_at);
  if (now.getTime() - lastSeen.getTime() > Number(row.idle_minutes) * 60_000) return { ok: false, reason: "idle" };
  if (now.getTime() - lastSeen.getTime() > TOUCH_EVERY_MS) {
    await db.update(schema.sessions).set({ lastSeenAt: now }).where(eq(schema.sessions.id, row.id));
  }
  return { ok: true, session: { id: row.id, userId: row.user_id, twoFactor: row.two_factor, authenticatedAt: new Date(row.authenticated_at) } };
}

/** The session if it may serve a request now (and marks it used), else why not. */
export async function checkSession(db: Db, sessionId: string | null | undefined, now = new Date()): Promise<{ ok: true; session: LiveSession } | { ok: false; reason: SessionRefusal }> {
  if (!sessionId || !UUID.test(sessionId)) return { ok: false, reason: "missing" };
  const r = await db.execute(sql`
    select ${sessionColumns}
    from sessions s
    join users u on u.id = s.user_id
    left join organizations o on o.id = u.active_organization_id
    where s.id = ${sessionId}`);
  return judge(db, rowsOf<SessionRow>(r)[0], now);
}

/**
 * checkSession and lib/auth/access.ts's loadAccess in one statement (every request of a signed-in
 * member makes both): the session judged as checkSession judges it, and the member's access read
 * from the same snapshot. `access` is null when the user has no organisation left to act in.
 */
export async function checkSessionWithAccess(
  db: Db,
  sessionId: string | null | undefined,
  now = new Date(),
  kept?: { keep: Keep; userId: string },
): Promise<{ ok: true; session: LiveSession; access: Access | { userId: string; memberships: [] } } | { ok: false; reason: SessionRefusal }> {
  if (!sessionId || !UUID.test(sessionId)) return { ok: false, reason: "missing" };
  const read = async () => {
    const r = await db.execute(sql`
      select ${sessionColumns},
             u.email, u.name, u.locale, u.time_zone, u.active_organization_id, u.totp_enabled_at is not null as two_factor_enabled,
             ${membershipsJson(sql`s.user_id`)} as memberships
      from sessions s
      join users u on u.id = s.user_id
      left join organizations o on o.id = u.active_organization_id
      where s.id = ${sessionId}`);
    return rowsOf<SessionAccessRow>(r)[0] ?? null;
  };
  // Kept until the member's sessions, row or memberships change, or any organisation's (migration
  // 0018): judged again on every request (revoked, expired, idle at `now`).
  const row = kept
    ? await kept.keep(`session:${sessionId}:${kept.userId}`, [memberTag(kept.userId), ORGS_TAG], read, { until: (r) => (r ? new Date(r.expires_at).getTime() : Infinity) })
    : await read();
  if (row && kept && row.user_id !== kept.userId) return { ok: false, reason: "missing" };
  const live = await judge(db, row ?? undefined, now);
  if (!live.ok) return live;
  const access = accessFromRow({
    id: row!.user_id,
    email: row!.email,
    name: row!.name,
    locale: row!.locale,
    timeZone: row!.time_zone,
    activeOrganizationId: row!.active_organization_id,
    twoFactorEnabled: row!.two_factor_enabled,
    memberships: row!.memberships,
  });
  return { ...live, access };
}

export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason, userId?: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const rows = await db
    .update(schema.sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(schema.sessions.id, sessionId), isNull(schema.sessions.revokedAt), ...(userId ? [eq(schema.sessions.userId, userId)] : [])))
    .returning({ id: schema.sessions.id });
  return rows.length > 0;
}

/** Every live session of a member, but `exceptId` (the one making the change, when it stays). */
export async function revokeUserSessions(db: Db, userId: string, reason: RevokeReason, exceptId?: string): Promise<number> {
  const rows = await db
    .update(schema.sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt), ...(exceptId ? [ne(schema.sessions.id, exceptId)] : [])))
    .returning({ id: schema.sessions.id });
  return rows.length;
}

/** The member proved who they are again (password, and code when enrolled): money may move for a while. */
export async function markReauthenticated(db: Db, sessionId: string, twoFactor: boolean, now = new Date()): Promise<void> {
  await db.update(schema.sessions).set({ authenticatedAt: now, ...(twoFactor ? { twoFactor: true } : {}) }).where(eq(schema.sessions.id, sessionId));
}

export type SessionDto = { id: string; createdAt: string; lastSeenAt: string; expiresAt: string; userAgent: string | null; address: string | null; twoFactor: boolean; current: boolean };

/** A member's sessions still in force (newest first). */
export async function listSessions(db: Db, userId: string, currentId: string | null, now = new Date()): Promise<SessionDto[]> {
  const s = schema.sessions;
  const rows = await db
    .select()
    .from(s)
    .where(and(eq(s.userId, userId), isNull(s.revokedAt), sql`${s.expiresAt} > ${now}`))
    .orderBy(desc(s.lastSeenAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    userAgent: r.userAgent,
    address: r.address,
    twoFactor: r.twoFactor,
    current: r.id === currentId,
  }));
}

/** Sessions ended more than a week ago are of no further use. */
export async function purgeSessions(db: Db, now = new Date()): Promise<void> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  await db.delete(schema.sessions).where(sql`${schema.sessions.expiresAt} < ${weekAgo} or ${schema.sessions.revokedAt} < ${weekAgo}`);
}
