/**
 * The bell: a member's notifications in the organisation and environment they are looking at,
 * with their own (sign-ins, security changes), newest first; read and unread. Every query is the
 * member's own rows (user_id) within the scope given by the caller, which checked the session.
 * No Next.js imports.
 */
import { and, count, desc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db, Scope } from "@/lib/db/scope";
import type { NotificationKind } from "@/lib/vocabulary";
import { renderNotification, type Reader } from "./render";

export type BellItem = { id: number; kind: NotificationKind; title: string; body: string; href: string; at: string; read: boolean };
export type Bell = { unread: number; items: BellItem[] };

/** At most this many in the list (the unread count counts them all). */
export const BELL_SIZE = 20;

/** The member's bell rows in `scope`, and their own. */
function mine(userId: string, scope: Scope): SQL {
  const o = schema.notificationOutbox;
  const e = schema.notificationEvents;
  return and(
    eq(o.userId, userId),
    eq(o.channel, "in_app"),
    or(and(eq(e.organizationId, scope.organizationId), eq(e.environment, scope.environment)), isNull(e.organizationId)),
  )!;
}

export async function bell(db: Db, userId: string, scope: Scope, reader: Reader, limit = BELL_SIZE): Promise<Bell> {
  const o = schema.notificationOutbox;
  const e = schema.notificationEvents;
  const [rows, [unread]] = await Promise.all([
    db
      .select({ id: o.id, kind: e.kind, params: e.params, createdAt: o.createdAt, readAt: o.readAt })
      .from(o)
      .innerJoin(e, eq(e.id, o.eventId))
      .where(mine(userId, scope))
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(o)
      .innerJoin(e, eq(e.id, o.eventId))
      .where(and(mine(userId, scope), isNull(o.readAt))),
  ]);
  return {
    unread: Number(unread?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      ...renderNotification(r.kind, (r.params ?? {}) as Record<string, unknown>, reader),
      at: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
  };
}

/** Marks the member's `ids` read (others' rows and other channels are left alone); `all`: every unread one in `scope`. */
export async function markRead(db: Db, userId: string, scope: Scope, which: { ids: number[] } | { all: true }, now: Date = new Date()): Promise<number> {
  const o = schema.notificationOutbox;
  const e = schema.notificationEvents;
  const visible = db
    .select({ id: o.id })
    .from(o)
    .innerJoin(e, eq(e.id, o.eventId))
    .where(and(mine(userId, scope), isNull(o.readAt), "ids" in which ? inArray(o.id, which.ids.length ? which.ids : [-1]) : undefined));
  const rows = await db
    .update(o)
    .set({ readAt: now })
    .where(inArray(o.id, visible))
    .returning({ id: o.id });
  return rows.length;
}
