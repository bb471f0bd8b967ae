import "server-only";
/**
 * The one preamble of a signed-in page: the member's access to it (sign-in redirect or the 403 page,
 * lib/auth/authorize.ts), their language, the environment the page shows and whether it has an active
 * credential, the tenant scope of its queries, and the live stream's cursor. Every page checks for
 * itself: the layout's check does not protect what a page renders.
 *
 * `after` is the newest live event when the page began (components/live/live-refresh.tsx starts its
 * stream there): it is read before the page's data, so an event landing in between is not missed.
 */
import { authorizePage } from "@/lib/auth/authorize";
import type { Access } from "@/lib/auth/access";
import type { Permission } from "@/lib/auth/roles";
import { pageEnvironment } from "@/lib/api-context";
import { getDb, getSharedCache } from "@/lib/db";
import type { Db, Scope } from "@/lib/db/scope";
import { latestEventId } from "@/lib/events/live";
import { getI18n } from "@/lib/i18n/server";
import type { ApiEnvironment } from "@/lib/vocabulary";

export type PageContext = Awaited<ReturnType<typeof getI18n>> & {
  access: Access;
  db: Db;
  /** the environment the page shows */
  environment: ApiEnvironment;
  /** whether that environment has an active credential (else the page shows how to get one) */
  isConnected: boolean;
  /** every environment with an active credential */
  connected: ApiEnvironment[];
  /** the page's tenant: its organisation and environment */
  scope: Scope;
  /** the newest live event id before the page read its data */
  after: number;
};

export async function pageContext(permission: Permission): Promise<PageContext> {
  const access = await authorizePage(permission);
  const [db, cache] = await Promise.all([getDb(), getSharedCache()]);
  const org = access.organizationId;
  // Kept until the organisation's next event is heard: an older cursor only replays an event the page already shows.
  const latest = () => latestEventId(db, org);
  const [i18n, env, after] = await Promise.all([getI18n(), pageEnvironment(access), cache ? cache.get(`live:${org}`, [`live:${org}`], latest) : latest()]);
  return {
    ...i18n,
    access,
    db,
    environment: env.environment,
    isConnected: env.connected.includes(env.environment),
    connected: env.connected,
    scope: { organizationId: access.organizationId, environment: env.environment },
    after,
  };
}
