/**
 * A member's recent searches, kept on the server per member (user and organisation), so they follow
 * the member to another browser and never leak to another organisation's searches: the text they
 * searched when they opened one of its results, newest first, the last few only.
 */
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import { cleanSearchText } from "./text";

/** How many searches a member's list keeps. */
export const RECENT_SEARCHES_KEPT = 8;

export type SearchMember = { userId: string; organizationId: string };

const r = schema.searchRecents;
const mine = (m: SearchMember) => and(eq(r.userId, m.userId), eq(r.organizationId, m.organizationId));

/** Remembers `raw` (cleaned; under two characters is not a search worth keeping) as the member's newest search. */
export async function rememberSearch(db: Db, member: SearchMember, raw: string): Promise<void> {
  const query = cleanSearchText(raw);
  if (query.length < 2) return;
  await db
    .insert(r)
    .values({ ...member, query })
    .onConflictDoUpdate({ target: [r.userId, r.organizationId, r.query], set: { searchedAt: sql`now()` } });
  const kept = db.select({ query: r.query }).from(r).where(mine(member)).orderBy(desc(r.searchedAt), desc(r.query)).limit(RECENT_SEARCHES_KEPT);
  await db.delete(r).where(and(mine(member), notInArray(r.query, kept)));
}

/** The member's recent searches, newest first. */
export async function recentSearches(db: Db, member: SearchMember, limit = 5): Promise<string[]> {
  const rows = await db.select({ query: r.query }).from(r).where(mine(member)).orderBy(desc(r.searchedAt), desc(r.query)).limit(limit);
  return rows.map((row) => row.query);
}

/** Forgets the member's recent searches. */
export async function clearRecentSearches(db: Db, member: SearchMember): Promise<void> {
  await db.delete(r).where(mine(member));
}
