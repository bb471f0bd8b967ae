import "server-only";
/**
 * The dashboard's entry point to the Payment API (server-only): one ApiContext per process, built
 * from the validated configuration and the shared database, and the reads pages make through it.
 * Every function takes the caller's access (organisation and member) explicitly and returns plain
 * data: never a client, a token or a secret.
 */
import { getDatabase, getSharedCache } from "@/lib/db";
import type { Access } from "@/lib/auth/access";
import type { Scope } from "@/lib/db/scope";
import { keyring } from "@/lib/security/keyring";
import { activeEnvironments } from "@/lib/credentials/service";
import { ApiContext, type ApiEnvironment, type ProviderStatus, type Read } from "./context";
import type { JsonObject } from "@/lib/account/json";
import { ACCOUNT_READS } from "@/lib/account/reads";
import { BALANCE_TTL_MS, readBalanceFor, type BalanceDto } from "./balance";
import { describeFailure } from "./describe";

export { ApiContextError, type ApiEnvironment, type ProviderStatus, type Read } from "./context";

const globalForApi = globalThis as unknown as { __apiContext?: Promise<ApiContext> };

export function apiContext(): Promise<ApiContext> {
  if (!globalForApi.__apiContext) {
    globalForApi.__apiContext = Promise.all([getDatabase(), getSharedCache()]).then(
      ([d, cache]) => new ApiContext({ db: d.db, withLock: d.withLock, keyring: keyring(), cache: cache ?? undefined, rateBatches: cache !== null }),
    );
    globalForApi.__apiContext.catch(() => {
      globalForApi.__apiContext = undefined;
    });
  }
  return globalForApi.__apiContext;
}

/** The environment whose data a member's pages show, and which environments are connected. */
export type PageEnvironment = { environment: ApiEnvironment; connected: ApiEnvironment[]; chosen: boolean };

/** The member's choice when made; otherwise production once it is connected, else sandbox. */
export function resolveEnvironment(preferred: ApiEnvironment | null, connected: ApiEnvironment[]): ApiEnvironment {
  if (preferred) return preferred;
  return connected.includes("production") ? "production" : "sandbox";
}

export async function pageEnvironment(access: Access): Promise<PageEnvironment> {
  const [d, cache] = await Promise.all([getDatabase(), getSharedCache()]);
  const org = access.organizationId;
  // Kept until the organisation's credentials change (on any instance).
  const read = () => activeEnvironments(d.db, org);
  const connected = cache ? await cache.get(`environments:${org}`, [`org:${org}`], read) : await read();
  return { environment: resolveEnvironment(access.apiEnvironment, connected), connected, chosen: access.apiEnvironment !== null };
}

/** Where an action or route handler acts for the member: their organisation and the environment their pages show. */
export async function memberScope(access: Access): Promise<Scope> {
  const { environment } = await pageEnvironment(access);
  return { organizationId: access.organizationId, environment };
}

// --- account reads --------------------------------------------------------------------------------

export type { BalanceDto } from "./balance";

/** How long an account read is shared before the API is asked again. */
export const READ_TTL_MS = { balance: BALANCE_TTL_MS, profile: 300_000, limits: 60_000, fees: 300_000 } as const;

export async function readBalance(access: Access, environment: ApiEnvironment, opts: { fresh?: boolean } = {}): Promise<Read<BalanceDto>> {
  return readBalanceFor(await apiContext(), { organizationId: access.organizationId, environment }, { userId: access.userId }, opts);
}

/**
 * Profile, limits and fees as plain JSON (Decimal amounts as exact strings): the spec does not show
 * their layout, so the whole answer is kept, unknown fields included, and lib/account/normalize.ts
 * turns it into labelled rows.
 */
export type AccountJsonDto = JsonObject;

export async function readProfile(access: Access, environment: ApiEnvironment, opts: { fresh?: boolean } = {}): Promise<Read<AccountJsonDto>> {
  const ctx = await apiContext();
  return ctx.read(
    { organizationId: access.organizationId, environment },
    { userId: access.userId },
    "profile",
    READ_TTL_MS.profile,
    ACCOUNT_READS.profile,
    opts,
  );
}

export async function readLimits(access: Access, environment: ApiEnvironment, opts: { fresh?: boolean } = {}): Promise<Read<AccountJsonDto>> {
  const ctx = await apiContext();
  return ctx.read(
    { organizationId: access.organizationId, environment },
    { userId: access.userId },
    "limits",
    READ_TTL_MS.limits,
    ACCOUNT_READS.limits,
    opts,
  );
}

export async function readFees(access: Access, environment: ApiEnvironment, opts: { fresh?: boolean } = {}): Promise<Read<AccountJsonDto>> {
  const ctx = await apiContext();
  return ctx.read(
    { organizationId: access.organizationId, environment },
    { userId: access.userId },
    "fees",
    READ_TTL_MS.fees,
    ACCOUNT_READS.fees,
    opts,
  );
}

/**
 * The last answer kept for an account read ("balance", "profile", "limits", "fees"), however old,
 * marked stale: what a page shows, with its time, when the provider does not answer. Null when
 * there is none (or no active credential).
 */
export async function lastKnownRead<T>(access: Access, environment: ApiEnvironment, key: keyof typeof READ_TTL_MS): Promise<Read<T> | null> {
  const ctx = await apiContext();
  return ctx.lastKnown<T>({ organizationId: access.organizationId, environment }, key).catch(() => null);
}

/**
 * A page's read, or when the API did not give it, the last answer kept (stale, with its time, or
 * null) and the failure to show beside it. Anything that is not an API failure (a bug) is thrown.
 */
export async function readOrLastKnown<T>(
  access: Access,
  environment: ApiEnvironment,
  key: keyof typeof READ_TTL_MS,
  read: () => Promise<Read<T>>,
): Promise<{ read: Read<T>; error: null } | { read: Read<T> | null; error: unknown }> {
  try {
    return { read: await read(), error: null };
  } catch (e) {
    if (!describeFailure(e)) throw e;
    return { read: await lastKnownRead<T>(access, environment, key), error: e };
  }
}

/** Whether the provider answers the environment's credential, as this instance last saw it (no call made). */
export async function providerStatus(access: Access, environment: ApiEnvironment, opts: { waitForProbeMs?: number } = {}): Promise<ProviderStatus> {
  const ctx = await apiContext();
  return ctx.providerStatus({ organizationId: access.organizationId, environment }, opts).catch((): ProviderStatus => ({ answering: true }));
}
