import "server-only";
/**
 * What a page reads that is the same for every member of an organisation, kept in process until
 * it changes (lib/db/shared-cache.ts): tags name what changes it, as the triggers of migration 0016
 * announce them to every instance —
 *   `mirror:<organization>`    its transactions;
 *   `settled:<organization>`   its transactions that are, or were, anything but pending (migration 0017);
 *   `sync:<organization>`      its sync state (migration 0017; before, under `mirror:`);
 *   `findings:<organization>`  its reconciliation findings (migration 0017; before, under `mirror:`);
 *   `currencies:<organization>` the currencies its mirror holds: a transaction in one it had not,
 *                              or a row's currency changed or gone (migration 0019);
 *   `outgoing:<organization>`  its transactions other than cash-ins: payouts, transfers, conversions
 *                              (migration 0019; a charge created does not tell it);
 *   `badges:<organization>`    its payouts, batches, infractions, infraction alerts and settings;
 *   `charges:<organization>`   its charges; `conversions:<organization>` its conversions;
 *   `policy:<organization>`    its approval policy;
 *   `views:<user>`             a member's saved views; `users:` any member's name or e-mail;
 *   `org:<organization>`       its credentials (the provider's clock among them);
 *   `member:<user>`            a member's sessions, row and memberships; `orgs:` any organisation's
 *                              row (migration 0018: the session and access every request checks,
 *                              lib/auth/sessions.ts).
 * A server action waits, after its writes, until this instance has heard them (`caughtUp`), so that
 * the page the member's own action renders next never shows what was before it.
 * Without a shared cache (a benchmark's baseline) every read is made.
 */
import { sql } from "drizzle-orm";
import { getDatabase, getSharedCache } from "@/lib/db";
import { CACHE_CHANNEL, frozen } from "@/lib/db/shared-cache";

export type Keep = <T>(key: string, tags: string[], load: () => Promise<T>, opts?: { until?: (value: T) => number }) => Promise<T>;

export const keep: Keep = async (key, tags, load, opts) => {
  const cache = await getSharedCache();
  return cache ? cache.get(key, tags, async () => frozen(await load()), opts) : load();
};

export const mirrorTag = (organizationId: string) => `mirror:${organizationId}`;
export const badgesTag = (organizationId: string) => `badges:${organizationId}`;
export const settledTag = (organizationId: string) => `settled:${organizationId}`;
export const syncTag = (organizationId: string) => `sync:${organizationId}`;
export const currenciesTag = (organizationId: string) => `currencies:${organizationId}`;
export const outgoingTag = (organizationId: string) => `outgoing:${organizationId}`;
export const findingsTag = (organizationId: string) => `findings:${organizationId}`;
export const chargesTag = (organizationId: string) => `charges:${organizationId}`;
export const conversionsTag = (organizationId: string) => `conversions:${organizationId}`;
export const policyTag = (organizationId: string) => `policy:${organizationId}`;
export const viewsTag = (userId: string) => `views:${userId}`;
/** Any member's name or e-mail changed (rare): lists that name people. */
export const USERS_TAG = "users:";

/**
 * After a server action's writes: this instance has heard every change committed before (their
 * notifications come back in commit order), so the page rendered next shows what the member just did.
 * PGlite tells its one process while the write runs: nothing to wait for.
 */
export async function caughtUp(): Promise<void> {
  const cache = await getSharedCache();
  if (!cache?.active) return;
  const d = await getDatabase();
  if (d.kind !== "postgres") return;
  await cache.caughtUp(async (mark) => {
    await d.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${mark})`);
  });
}
