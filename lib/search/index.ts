/**
 * Global search (the palette of components/search): one answer for what a member typed, inside
 * their organisation, environment and role. Records come from indexes on the mirror and the
 * dashboard's own tables (./query.ts), pages and actions by their names in the member's language
 * (./catalog.ts); with nothing typed, the member's recent searches (./recent.ts) and what they may do.
 */
import type { Role } from "@/lib/auth/roles";
import type { Db, Scope } from "@/lib/db/scope";
import type { Translate } from "@/lib/i18n/translate";
import { destinationsFor, matchDestinations, type Destination, type DestinationRun } from "./catalog";
import { searchRecords, type RecordResults } from "./query";
import { recentSearches } from "./recent";
import { cleanSearchText } from "./text";

export { MAX_SEARCH_LENGTH } from "./text";

export type SearchDestination = { id: string; group: Destination["group"]; label: string; parent: string | null; href: string | null; run: DestinationRun | null };

export type SearchResponse = {
  /** the text searched, as cleaned */
  query: string;
  /** null when nothing was typed */
  records: RecordResults | null;
  destinations: SearchDestination[];
  /** the member's recent searches, when nothing was typed */
  recent: string[];
};

export type SearchCaller = { userId: string; role: Role; scope: Scope };

export async function search(db: Db, caller: SearchCaller, raw: string, t: Translate): Promise<SearchResponse> {
  const query = cleanSearchText(raw);
  const all = destinationsFor(caller.role, caller.scope.environment);
  const present = (d: Destination): SearchDestination => ({ id: d.id, group: d.group, label: t(d.label), parent: d.parent ? t(d.parent) : null, href: d.href, run: d.run ?? null });
  if (!query) {
    const recent = await recentSearches(db, { userId: caller.userId, organizationId: caller.scope.organizationId });
    return { query, records: null, destinations: all.filter((d) => d.group === "actions").slice(0, 6).map(present), recent };
  }
  const records = await searchRecords(db, { scope: caller.scope, role: caller.role }, query);
  return { query, records, destinations: matchDestinations(t, all, query).map(present), recent: [] };
}
