import "server-only";
/**
 * The navigation's badges, the same for every member of an organisation and environment: open
 * infractions due within 48 hours (of the internal deadline, on the provider's clock) and requests
 * waiting for an approval. Kept in process until a payout, batch, infraction or the infraction
 * settings change on any instance (migration 0016), or time alone changes the due-soon count.
 */
import { apiContext } from "@/lib/api-context";
import { getDb, getSharedCache } from "@/lib/db";
import type { Scope } from "@/lib/db/scope";
import { dueSoon } from "@/lib/infractions/mirror";
import { pendingApprovalCount } from "@/lib/payouts/service";

export type Badges = { dueSoon: number; waiting: number };

export async function navigationBadges(scope: Scope): Promise<Badges> {
  const [db, cache] = await Promise.all([getDb(), getSharedCache()]);
  const load = async () => {
    const now = await (await apiContext()).providerNow(scope);
    const [due, waiting] = await Promise.all([dueSoon(db, scope, now), pendingApprovalCount(db, scope)]);
    return { dueSoon: due.count, waiting, until: due.changesAt?.getTime() ?? Infinity };
  };
  const org = scope.organizationId;
  // The provider's clock is the credential's: a change of it (org:) counts too.
  const b = cache ? await cache.get(`badges:${org}:${scope.environment}`, [`badges:${org}`, `org:${org}`], load, { until: (v) => v.until }) : await load();
  return { dueSoon: b.dueSoon, waiting: b.waiting };
}
