import "server-only";
/**
 * What a page reads that is the same for every member of an organisation, kept in process until
 * it changes (lib/db/shared-cache.ts): tags name what changes it, as the triggers of migration 0016
 * announce them to every instance —
 *   `mirror:<organization>`  its transactions, sync state and reconciliation findings;
 *   `badges:<organization>`  its payouts, batches, infractions, infraction alerts and settings;
 *   `org:<organization>`     its credentials (the provider's clock among them).
 * Without a shared cache (a benchmark's baseline) every read is made.
 */
import { getSharedCache } from "@/lib/db";
import { frozen } from "@/lib/db/shared-cache";

export type Keep = <T>(key: string, tags: string[], load: () => Promise<T>, opts?: { until?: (value: T) => number }) => Promise<T>;

export const keep: Keep = async (key, tags, load, opts) => {
  const cache = await getSharedCache();
  return cache ? cache.get(key, tags, async () => frozen(await load()), opts) : load();
};

export const mirrorTag = (organizationId: string) => `mirror:${organizationId}`;
export const badgesTag = (organizationId: string) => `badges:${organizationId}`;
