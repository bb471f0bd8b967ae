/**
 * The organisation's API context (ARCHITECTURE "How the dashboard reads and learns"): the only way
 * from the dashboard to the Payment API. Given an organisation explicitly, it loads that
 * organisation's credential, opens its secrets, and runs the call through a client whose every HTTP
 * attempt
 *   - takes a slot of the shared rate budget first (rate-budget.ts), waiting briefly or refusing with
 *     the time to wait instead of sending a request the API would answer with 429;
 *   - uses the credential's token shared through PostgreSQL (token-store.ts), renewed by one
 *     instance at a time;
 *   - is written to the request log with the member who caused it (request-log.ts).
 * Account reads go through a short cache shared by all instances, each answer with when it was read.
 *
 * It hands back what the caller's mapper returns: plain data. The client and the secrets never
 * leave this module. No Next.js imports: tests and scripts build one directly; the dashboard's
 * server-only entry point is lib/api-context/index.ts.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { open, secretAad, type Keyring } from "@/lib/security/sealing";
import {
  CircuitBreaker,
  InMemoryTokenStore,
  isPaymentApiError,
  PaymentApiClient,
  type BreakerOptions,
  type FetchLike,
  type PaymentApiClientOptions,
} from "@/lib/payment-api";
import { parseRateLimit } from "@/lib/payment-api/core/rate-limit";
import { localRefusal, summarise } from "./answers";
import { endpointBudget } from "./endpoints";
import { RateBudget } from "./rate-budget";
import { RequestLog } from "./request-log";
import { PgTokenStore } from "./token-store";
import type { WithLock } from "./types";
import { inScope, type Db } from "@/lib/db/scope";
import { frozen, type SharedCache } from "@/lib/db/shared-cache";

export type ApiEnvironment = schema.ApiEnvironment;

/** Which credential: the organisation's active one for an environment, or a given one of its own. */
export type ApiTarget = { organizationId: string; environment: ApiEnvironment } | { organizationId: string; credentialId: string };

/** Who caused the call: a member, or null for the dashboard's own background work. */
export type Caller = { userId: string | null };

export type ApiContextErrorCode = "NO_ACTIVE_CREDENTIAL" | "CREDENTIAL_NOT_FOUND" | "CREDENTIAL_REVOKED" | "CREDENTIAL_UNREADABLE";

const CONTEXT_BRAND = Symbol.for("api-context.ApiContextError");

/** A failure before any call was made; its message never names a secret. */
export class ApiContextError extends Error {
  readonly [CONTEXT_BRAND] = true;

  /** Also true for one made by another bundled copy of this module (see isPaymentApiError). */
  static is(e: unknown): e is ApiContextError {
    return e instanceof ApiContextError || (typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[CONTEXT_BRAND] === true);
  }

  constructor(
    readonly code: ApiContextErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiContextError";
  }
}

export type CredentialInfo = { id: string; name: string; environment: ApiEnvironment; baseUrl: string; clientId: string; status: schema.CredentialStatus };

/** An account read with where and when it came from. */
export type Read<T> = {
  data: T;
  /** ISO 8601: when the API answered it */
  readAt: string;
  /** served from the shared cache rather than a new call */
  cached: boolean;
  /** the last answer kept, past its shelf life: shown while the provider is not answering */
  stale?: boolean;
  credential: { id: string; name: string; environment: ApiEnvironment };
};

/**
 * How long a call may take, by who waits for it:
 * - `page`: a page's read. A few seconds and no retries: the page shows what it has without it.
 * - `action`: a member pressed a button. The spec's retries (the same external_id) while they fit in
 *   a deadline the member can wait for; after it the outcome of what was sent is "unknown" and the
 *   writer's "never twice" rules take over (core/outcome.ts).
 * - `background`: sync, webhook read-backs, the demo. Nobody waits: the client's defaults.
 * Whatever the deadline, the credential's circuit breaker makes a provider that hangs cost one timeout.
 */
export type CallDeadline = "page" | "action" | "background";
/** How long the provider notice waits for a page's read to start the breaker's probe, once its cool-down is over (`providerStatus`). */
const PROBE_START_WAIT_MS = 1_500;

export type DeadlineSettings = { deadlineMs?: number; timeoutMs: number; maxRetries: number };
export const CALL_DEADLINES: Record<CallDeadline, DeadlineSettings> = {
  page: { deadlineMs: 4_000, timeoutMs: 4_000, maxRetries: 0 },
  action: { deadlineMs: 15_000, timeoutMs: 10_000, maxRetries: 4 },
  background: { timeoutMs: 30_000, maxRetries: 4 },
};

/** Whether the provider answers a credential, as this instance's breaker sees it. */
export type ProviderStatus = { answering: true } | { answering: false; since: string; retryInSeconds: number };

export type ApiContextOptions = {
  db: Db;
  withLock: WithLock;
  keyring: Keyring;
  /** the HTTP client under everything (tests inject faults here) */
  fetch?: FetchLike;
  now?: () => number;
  /** how long a call may wait for a slot of its budget before it is refused (default 2 000 ms) */
  budgetWaitMs?: number;
  /** per endpoint name (endpoints.ts), for tests that need a small budget */
  limitOverrides?: Partial<Record<string, number>>;
  /** passed to every client: timeoutMs, maxRetries, sleep (over the deadline's settings) */
  client?: Pick<PaymentApiClientOptions, "timeoutMs" | "maxRetries" | "sleep">;
  /** per kind of caller, over CALL_DEADLINES (tests shorten them) */
  deadlines?: Partial<Record<CallDeadline, Partial<DeadlineSettings>>>;
  /** the circuit breaker of each credential (tests shorten its cool-down) */
  breaker?: Omit<BreakerOptions, "now">;
  /**
   * Credentials and shared reads kept in this process while they stay true (lib/db/shared-cache.ts:
   * forgotten on every instance when their rows change). Without it, every call reads them.
   */
  cache?: SharedCache;
  /** rate slots taken a few at a time (rate-budget.ts, BATCH_LEASE_MS) instead of one statement per call */
  rateBatches?: boolean;
};

type CredentialRow = typeof schema.apiCredentials.$inferSelect;
type CachedRead = { data: unknown; readAt: Date; expiresAt: Date };

/** A change of the provider's clock offset smaller than this is network jitter, not worth a write. */
const CLOCK_OFFSET_TOLERANCE_MS = 2_000;

export class ApiContext {
  readonly budget: RateBudget;
  readonly requestLog: RequestLog;
  readonly #db: Db;
  readonly #withLock: WithLock;
  readonly #keyring: Keyring;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #budgetWaitMs: number;
  readonly #limitOverrides: Partial<Record<string, number>>;
  readonly #clientOptions: ApiContextOptions["client"];
  readonly #deadlines: Record<CallDeadline, DeadlineSettings>;
  readonly #breakerOptions: ApiContextOptions["breaker"];
  /** One breaker per credential, in this process (not a source of truth: each instance guesses for itself). */
  readonly #breakers = new Map<string, CircuitBreaker>();
  readonly #stores = new Map<string, PgTokenStore>();
  readonly #inflightReads = new Map<string, Promise<unknown>>();
  readonly #cache: SharedCache | null;
  /** A credential's opened secrets, by the row they were read from (a row read again opens them again). */
  readonly #secrets = new WeakMap<CredentialRow, { clientSecret: string; signingKey: string | null }>();

  constructor(o: ApiContextOptions) {
    this.#db = o.db;
    this.#withLock = o.withLock;
    this.#keyring = o.keyring;
    this.#fetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#now = o.now ?? Date.now;
    this.#budgetWaitMs = o.budgetWaitMs ?? 2_000;
    this.#limitOverrides = o.limitOverrides ?? {};
    this.#clientOptions = o.client;
    this.#deadlines = {
      page: { ...CALL_DEADLINES.page, ...o.deadlines?.page },
      action: { ...CALL_DEADLINES.action, ...o.deadlines?.action },
      background: { ...CALL_DEADLINES.background, ...o.deadlines?.background },
    };
    this.#breakerOptions = o.breaker;
    this.budget = new RateBudget(o.db, undefined, { batches: o.rateBatches ?? false });
    this.requestLog = new RequestLog(o.db);
    this.#cache = o.cache ?? null;
    void this.#cache?.start();
  }

  /** The credential a target names, checked to belong to the organisation; no secret is read. */
  async credential(target: ApiTarget): Promise<CredentialInfo> {
    const row = await this.#row(target);
    return { id: row.id, name: row.name, environment: row.environment, baseUrl: row.baseUrl, clientId: row.clientId, status: row.status };
  }

  /** Credential reads in flight, by what they look for (see #row). */
  readonly #rowReads = new Map<string, Promise<CredentialRow>>();

  /**
   * The credential a call uses. With the shared cache, kept in this process until any instance
   * changes the organisation's credentials (a trigger tells every instance: a revocation or an
   * activation elsewhere counts at once); without it, read for every call. A page's calls run
   * together: a call that finds the same read already in flight shares it instead of sending its
   * own (its answer is as fresh as its own would have been).
   */
  #row(target: ApiTarget): Promise<CredentialRow> {
    const key = "credentialId" in target ? `id:${target.organizationId}:${target.credentialId}` : `active:${target.organizationId}:${target.environment}`;
    const kept = this.#cache?.peek<CredentialRow>(`credential:${key}`);
    if (kept) return Promise.resolve(kept);
    const inFlight = this.#rowReads.get(key);
    if (inFlight) return inFlight;
    const load = () => this.#readRow(target);
    const read = (this.#cache ? this.#cache.get(`credential:${key}`, [`org:${target.organizationId}`], load, { moreTags: (row) => [`cred:${row.id}`] }) : load()).finally(() =>
      this.#rowReads.delete(key),
    );
    this.#rowReads.set(key, read);
    return read;
  }

  async #readRow(target: ApiTarget): Promise<CredentialRow> {
    const c = schema.apiCredentials;
    if ("credentialId" in target) {
      const [row] = await this.#db
        .select()
        .from(c)
        .where(and(eq(c.id, target.credentialId), eq(c.organizationId, target.organizationId)))
        .limit(1);
      if (!row) throw new ApiContextError("CREDENTIAL_NOT_FOUND", "no such credential in this organisation");
      if (row.status === "revoked") throw new ApiContextError("CREDENTIAL_REVOKED", "this credential was revoked");
      return row;
    }
    const [row] = await this.#db
      .select()
      .from(c)
      .where(and(inScope(c, target), eq(c.status, "active")))
      .limit(1);
    if (!row) throw new ApiContextError("NO_ACTIVE_CREDENTIAL", `no active ${target.environment} credential`);
    return row;
  }

  #store(credentialId: string): PgTokenStore {
    let s = this.#stores.get(credentialId);
    if (!s) this.#stores.set(credentialId, (s = new PgTokenStore(this.#db, this.#withLock, this.#keyring, credentialId, this.#now)));
    return s;
  }

  #breaker(credentialId: string): CircuitBreaker {
    let b = this.#breakers.get(credentialId);
    if (!b) this.#breakers.set(credentialId, (b = new CircuitBreaker({ ...this.#breakerOptions, now: this.#now })));
    return b;
  }

  /**
   * Whether the provider answers the target's credential (this instance's breaker; no call is made).
   * With `waitForProbeMs`, a breaker whose cool-down is over is given that long for the probe a
   * page's own reads send as it renders, so that the page does not say "not answering" above
   * figures it has just read fresh.
   */
  async providerStatus(target: ApiTarget, opts: { waitForProbeMs?: number } = {}): Promise<ProviderStatus> {
    const row = await this.#row(target);
    const breaker = this.#breakers.get(row.id);
    if (breaker && opts.waitForProbeMs) {
      const until = Date.now() + opts.waitForProbeMs;
      // The page's reads start beside this (their own Suspense boundaries): on a slow or busy machine
      // well after 300 ms (a journey saw "not answering" above figures its page had just read fresh).
      for (let waited = 0; breaker.undecided && !breaker.probing && waited < PROBE_START_WAIT_MS; waited += 25) await new Promise((r) => setTimeout(r, 25));
      if (breaker.probing) await breaker.probeSettled(Math.max(0, until - Date.now()));
    }
    const s = breaker?.status();
    if (!s || s.state === "closed" || s.since === null) return { answering: true };
    return { answering: false, since: new Date(s.since).toISOString(), retryInSeconds: Math.ceil(s.retryInMs / 1000) };
  }

  #opened(row: CredentialRow): { clientSecret: string; signingKey: string | null } {
    const known = this.#secrets.get(row);
    if (known) return known;
    try {
      if (!row.clientSecretCiphertext) throw new ApiContextError("CREDENTIAL_REVOKED", "this credential's secrets were erased");
      const clientSecret = open(this.#keyring, row.clientSecretCiphertext, secretAad(row.id, "client_secret"));
      const signingKey = row.signingKeyCiphertext ? open(this.#keyring, row.signingKeyCiphertext, secretAad(row.id, "signing_key")) : null;
      const opened = { clientSecret, signingKey };
      this.#secrets.set(row, opened);
      return opened;
    } catch (e) {
      if (e instanceof ApiContextError) throw e;
      throw new ApiContextError("CREDENTIAL_UNREADABLE", "the stored secrets cannot be opened with the configured encryption key");
    }
  }

  #client(row: CredentialRow, caller: Caller, opts: { budgetWaitMs?: number; isolatedToken?: boolean; deadline: CallDeadline }): PaymentApiClient {
    const { clientSecret, signingKey } = this.#opened(row);
    const waitMs = opts.budgetWaitMs ?? this.#budgetWaitMs;
    const { deadlineMs, timeoutMs, maxRetries } = this.#deadlines[opts.deadline];
    return new PaymentApiClient({
      baseUrl: row.baseUrl,
      clientId: row.clientId,
      clientSecret,
      signingKey,
      tokenStore: opts.isolatedToken ? new InMemoryTokenStore() : this.#store(row.id),
      fetch: this.#budgetedFetch(row, caller, waitMs),
      now: this.#now,
      // Signatures on the provider's clock, as its answers showed it (read at each attempt).
      signingNow: () => this.#now() + (row.clockOffsetMs ?? 0),
      // A wait the budget (or the API's Retry-After) asks for beyond this is not waited: the
      // member is told when to try again instead.
      maxRetryDelayMs: waitMs,
      deadlineMs,
      timeoutMs,
      maxRetries,
      breaker: this.#breaker(row.id),
      ...this.#clientOptions,
    });
  }

  #budgetedFetch(row: CredentialRow, caller: Caller, waitMs: number): FetchLike {
    return async (input, init) => {
      const url = new URL(input);
      const v2 = url.pathname.indexOf("/v2/");
      const path = v2 >= 0 ? url.pathname.slice(v2) : url.pathname;
      const method = (init.method ?? "GET").toUpperCase();
      const ep = endpointBudget(method, path);
      const limit = this.#limitOverrides[ep.name] ?? ep.limit;
      const bucket = ep.scope === "address" ? `host:${url.host}:${ep.name}` : `cred:${row.id}:${ep.name}`;
      const entry = { organizationId: row.organizationId, credentialId: row.id, environment: row.environment, userId: caller.userId, method, path };

      const permit = await this.budget.acquire(bucket, limit, waitMs, init.signal ?? undefined);
      if (!permit.ok) {
        this.requestLog.add({ ...entry, status: 429, latencyMs: 0, errorCode: "RATE_LIMIT_EXCEEDED", local: true });
        return localRefusal(permit.retryAfterMs);
      }
      const started = performance.now();
      let res: Response;
      let text = "";
      try {
        const answered = await this.#fetch(input, init);
        // Read once here, for the log (request id, error code), and handed on to the client as an
        // answer with the same status and headers: a clone would tee the body and read it twice.
        // A body that fails to arrive fails the call as a failed connection would, under the same
        // deadline (the client's signal).
        text = await answered.text();
        res = new Response(text === "" ? null : text, { status: answered.status, statusText: answered.statusText, headers: answered.headers });
      } catch (e) {
        const latencyMs = Math.round(performance.now() - started);
        this.requestLog.add({ ...entry, status: 0, latencyMs, errorCode: init.signal?.aborted ? "TIMEOUT" : "CONNECTION_ERROR" });
        throw e;
      }
      const latencyMs = Math.round(performance.now() - started);
      const { requestId, errorCode, serverTime } = summarise(text);
      if (serverTime !== null) await this.#observeClock(row, serverTime - (this.#now() - latencyMs / 2)).catch(() => undefined);
      this.requestLog.add({ ...entry, status: res.status, latencyMs, requestId: requestId ?? res.headers.get("x-request-id"), errorCode });
      const now = this.#now();
      await this.budget.observe(bucket, limit, res.status, parseRateLimit(res.headers, now), now).catch(() => undefined);
      return res;
    };
  }

  /** Keeps the provider's clock offset of a credential in PostgreSQL when it moved (every instance reads it). */
  async #observeClock(row: CredentialRow, offsetMs: number): Promise<void> {
    const known = row.clockOffsetMs ?? null;
    if (known !== null && Math.abs(known - offsetMs) < CLOCK_OFFSET_TOLERANCE_MS) return;
    row.clockOffsetMs = Math.round(offsetMs);
    await this.#db.update(schema.apiCredentials).set({ clockOffsetMs: row.clockOffsetMs }).where(eq(schema.apiCredentials.id, row.id));
  }

  /**
   * The provider's "now" for a target: our clock plus the offset its answers showed (0 until one
   * did). Deadlines the API sets are judged on this clock.
   */
  async providerNow(target: ApiTarget): Promise<Date> {
    return new Date(this.#now() + (await this.clockOffsetMs(target)));
  }

  /** The provider's clock minus ours for a target, in ms (0 until one of its answers showed it). */
  async clockOffsetMs(target: ApiTarget): Promise<number> {
    const row = await this.#row(target).catch(() => null);
    return row?.clockOffsetMs ?? 0;
  }

  /**
   * Runs `fn` with the target's client and returns what it returns (plain data, by contract). The
   * deadline is the member's (`action`) when a member caused the call, else `background`; a page's
   * read says `page`.
   */
  async call<T>(target: ApiTarget, caller: Caller, fn: (client: PaymentApiClient) => PromiseLike<T>, opts: { budgetWaitMs?: number; deadline?: CallDeadline } = {}): Promise<T> {
    const deadline = opts.deadline ?? (caller.userId === null ? "background" : "action");
    // What a member does (a payout, a charge, a conversion) reads the credential from the database
    // itself: a revocation an instance has not heard of yet (a notification is a moment away)
    // never lets money move. Reads and background work use the one kept in process.
    const row = deadline === "action" ? await this.#readRow(target) : await this.#row(target);
    return this.#run(row, caller, () => fn(this.#client(row, caller, { ...opts, deadline })));
  }

  /** Runs a call; a request the breaker kept back is written to the request log as a local refusal. */
  async #run<T>(row: CredentialRow, caller: Caller, run: () => PromiseLike<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (isPaymentApiError(e) && e.code === "CIRCUIT_OPEN") {
        this.requestLog.add({
          organizationId: row.organizationId,
          credentialId: row.id,
          environment: row.environment,
          userId: caller.userId,
          method: e.method ?? "GET",
          path: e.path ?? "",
          status: 0,
          latencyMs: 0,
          errorCode: "CIRCUIT_OPEN",
          local: true,
        });
      }
      throw e;
    }
  }

  /**
   * "Test connection": a new token (never the shared one, so the credential itself is proven) and a
   * balance read. Returns the answer's request id; throws the PaymentApiError or ApiContextError.
   */
  async probe(target: ApiTarget, caller: Caller): Promise<{ currencies: number; requestId: string | null }> {
    const row = await this.#row(target);
    const res = await this.#run(row, caller, () => this.#client(row, caller, { isolatedToken: true, deadline: "action" }).account.balance().withResponse());
    return { currencies: res.data.balances.length, requestId: res.requestId };
  }

  /**
   * An account read through the shared cache: a fresh enough answer (younger than `ttlMs`) is served
   * from PostgreSQL; otherwise one call per process is made and stored for every instance. A page's
   * deadline when a member waits for it, else the background's.
   */
  async read<T>(
    target: ApiTarget,
    caller: Caller,
    key: string,
    ttlMs: number,
    fn: (client: PaymentApiClient) => PromiseLike<T>,
    opts: { fresh?: boolean; deadline?: CallDeadline } = {},
  ): Promise<Read<T>> {
    const row = await this.#row(target);
    const credential = { id: row.id, name: row.name, environment: row.environment };
    const rc = schema.apiReadCache;
    const kept = { key: `read:${row.id}:${key}`, tags: [`read:${row.id}:${key}`, `cred:${row.id}`] };
    if (!opts.fresh) {
      const shared = async (): Promise<CachedRead | null> => {
        const [hit] = await this.#db
          .select()
          .from(rc)
          .where(and(eq(rc.credentialId, row.id), eq(rc.key, key), gt(rc.expiresAt, sql`now()`)))
          .limit(1);
        return hit ? { data: this.#cache ? frozen(hit.data) : hit.data, readAt: hit.readAt, expiresAt: hit.expiresAt } : null;
      };
      // The team's copy, kept in this process too until it expires or any instance writes or expires it.
      const hit = this.#cache
        ? await this.#cache.get(kept.key, kept.tags, shared, { until: (h) => h?.expiresAt.getTime() ?? 0, version: (h) => (h ? String(h.expiresAt.getTime()) : undefined) })
        : await shared();
      if (hit) return { data: hit.data as T, readAt: hit.readAt.toISOString(), cached: true, credential };
    }
    const flightKey = `${row.id}|${key}`;
    let flight = this.#inflightReads.get(flightKey) as Promise<Read<T>> | undefined;
    if (!flight) {
      flight = (async () => {
        const deadline = opts.deadline ?? (caller.userId === null ? "background" : "page");
        const data = await this.#run(row, caller, () => fn(this.#client(row, caller, { deadline })));
        const readAt = new Date(this.#now());
        const expiresAt = new Date(readAt.getTime() + ttlMs);
        await this.#db
          .insert(rc)
          .values({ credentialId: row.id, key, data: data as object, readAt, expiresAt })
          .onConflictDoUpdate({ target: [rc.credentialId, rc.key], set: { data: data as object, readAt, expiresAt } });
        // Stored as the table has it (JSON), so a page reads the same from here as from there.
        this.#cache?.set(kept.key, kept.tags, { data: frozen(JSON.parse(JSON.stringify(data))), readAt, expiresAt } satisfies CachedRead, {
          until: expiresAt.getTime(),
          version: String(expiresAt.getTime()),
        });
        return { data, readAt: readAt.toISOString(), cached: false, credential };
      })().finally(() => this.#inflightReads.delete(flightKey));
      this.#inflightReads.set(flightKey, flight);
    }
    return flight;
  }

  /**
   * The last answer kept for a read, however old (null when there never was one): what a page shows,
   * with its time, while the provider is not answering.
   */
  async lastKnown<T>(target: ApiTarget, key: string): Promise<Read<T> | null> {
    const row = await this.#row(target);
    const rc = schema.apiReadCache;
    const [hit] = await this.#db
      .select()
      .from(rc)
      .where(and(eq(rc.credentialId, row.id), eq(rc.key, key)))
      .limit(1);
    if (!hit) return null;
    return { data: hit.data as T, readAt: hit.readAt.toISOString(), cached: true, stale: true, credential: { id: row.id, name: row.name, environment: row.environment } };
  }

  /**
   * Expires cached reads of a credential (all, or the keys named), e.g. when a webhook moved the
   * balance: the next read asks the API; the answer stays as the last known one.
   */
  async invalidate(credentialId: string, keys?: string | string[]): Promise<void> {
    const rc = schema.apiReadCache;
    const named = typeof keys === "string" ? [keys] : keys;
    const since = Date.now();
    // This instance at once; the others when the trigger tells them, which this one waits to hear.
    for (const tag of named ? named.map((k) => `read:${credentialId}:${k}`) : [`cred:${credentialId}`]) this.#cache?.invalidate(tag);
    const expired = await this.#db
      .update(rc)
      .set({ expiresAt: sql`least(${rc.expiresAt}, now())` })
      .where(named ? and(eq(rc.credentialId, credentialId), inArray(rc.key, named)) : eq(rc.credentialId, credentialId))
      .returning({ key: rc.key });
    if (expired.length) await this.#cache?.heard(`read:${credentialId}:`, since);
  }

  /**
   * The organisation's credentials changed (activated, rotated, revoked) since `since` (epoch ms,
   * taken before the change): forgotten here at once, and back once every instance has been told.
   */
  async credentialsChanged(organizationId: string, since: number): Promise<void> {
    this.#cache?.invalidate(`org:${organizationId}`);
    await this.#cache?.heard(`org:${organizationId}`, since);
  }

  /** Drops the cached reads of the target's active credential (a webhook moved its balance). */
  async invalidateTarget(target: ApiTarget, keys?: string | string[]): Promise<void> {
    const row = await this.#row(target).catch(() => null);
    if (row) await this.invalidate(row.id, keys);
  }

  /** Forgets a credential's token and cached reads everywhere (revocation, rotation). */
  async forget(credentialId: string): Promise<void> {
    this.#cache?.invalidate(`cred:${credentialId}`);
    await this.#store(credentialId).clear();
    this.#stores.delete(credentialId);
    this.#breakers.delete(credentialId);
    await this.#db.delete(schema.apiReadCache).where(eq(schema.apiReadCache.credentialId, credentialId));
  }

  /** Waits for queued request-log rows to be written. */
  flush(): Promise<void> {
    return this.requestLog.flush();
  }
}
