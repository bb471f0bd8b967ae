/**
 * Live updates. A change writes a row to `live_events` in its own transaction; a trigger NOTIFYs
 * every instance (PostgreSQL LISTEN/NOTIFY; PGlite: its own instance), and each instance's hub
 * hands the organisation's new rows to the streams open on it. The stream (`/api/events`) resumes
 * from Last-Event-ID by reading the table, so nothing is lost across a reconnection.
 */
import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { OpenedDatabase } from "@/lib/db/driver";
import type { ApiEnvironment } from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";

import type { LiveKind } from "./live-kinds";
export type { LiveKind } from "./live-kinds";
export type LiveEvent = { id: number; environment: ApiEnvironment; kind: string; payload: unknown; createdAt: string };

export async function publish(db: Db, organizationId: string, environment: ApiEnvironment, kind: LiveKind, payload: Record<string, unknown>): Promise<void> {
  await db.insert(schema.liveEvents).values({ organizationId, environment, kind, payload });
}

/** Several events in one statement. */
export async function publishMany(db: Db, organizationId: string, environment: ApiEnvironment, events: { kind: LiveKind; payload: Record<string, unknown> }[]): Promise<void> {
  if (!events.length) return;
  await db.insert(schema.liveEvents).values(events.map((e) => ({ organizationId, environment, kind: e.kind, payload: e.payload })));
}

/** The organisation's events after `afterId`, oldest first. */
export async function eventsSince(db: Db, organizationId: string, afterId: number, limit = 500): Promise<LiveEvent[]> {
  const l = schema.liveEvents;
  const rows = await db
    .select()
    .from(l)
    .where(and(eq(l.organizationId, organizationId), gt(l.id, afterId)))
    .orderBy(asc(l.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, environment: r.environment, kind: r.kind, payload: r.payload, createdAt: r.createdAt.toISOString() }));
}

/** The newest event id (a new stream without Last-Event-ID starts after it). */
export async function latestEventId(db: Db, organizationId: string): Promise<number> {
  const l = schema.liveEvents;
  const [row] = await db.select({ id: l.id }).from(l).where(eq(l.organizationId, organizationId)).orderBy(desc(l.id)).limit(1);
  return row?.id ?? 0;
}

/** Live events older than a day are of no use to a reconnecting stream. */
export async function purgeLiveEvents(db: Db, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.delete(schema.liveEvents).where(lt(schema.liveEvents.createdAt, new Date(Date.now() - olderThanMs)));
}

type Subscriber = (organizationId: string) => void;

/** One LISTEN per process, fanned out to the streams by organisation. */
export class LiveHub {
  #subs = new Map<string, Set<Subscriber>>();
  #stop: Promise<() => Promise<void>> | null = null;
  constructor(private readonly opened: Pick<OpenedDatabase<typeof schema>, "listen">) {}

  #start() {
    this.#stop ??= this.opened.listen(
      "live_events",
      (payload) => {
        try {
          const { organization_id } = JSON.parse(payload) as { organization_id: string };
          this.#notify(organization_id);
        } catch {
          /* not ours */
        }
      },
      // After a lost connection every stream re-reads from its last id.
      () => [...this.#subs.keys()].forEach((org) => this.#notify(org)),
    );
    // A LISTEN that could not start is tried again by the next subscriber, not remembered as failed.
    this.#stop.catch(() => (this.#stop = null));
    return this.#stop;
  }

  #notify(organizationId: string) {
    for (const fn of this.#subs.get(organizationId) ?? []) fn(organizationId);
  }

  /** `onChange` is called (without data) when the organisation has new events; the caller reads them. */
  async subscribe(organizationId: string, onChange: Subscriber): Promise<() => void> {
    await this.#start();
    let set = this.#subs.get(organizationId);
    if (!set) this.#subs.set(organizationId, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (!set.size) this.#subs.delete(organizationId);
    };
  }
}
