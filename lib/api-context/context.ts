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
import { open, type Keyring } from "@/lib/credentials/crypto";
import { secretAad } from "@/lib/credentials/aad";
import { InMemoryTokenStore, PaymentApiClient, type FetchLike, type PaymentApiClientOptions } from "@/lib/payment-api";
import { parseRateLimit } from "@/lib/payment-api/core/rate-limit";
import { endpointBudget } from "./endpoints";
import { RateBudget } from "./rate-budget";
import { RequestLog } from "./request-log";
import { PgTokenStore } from "./token-store";
import type { AppDb, WithLock } from "./types";

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
  credential: { id: string; name: string; environment: ApiEnvironment };
};

export type ApiContextOptions = {
  db: AppDb;
  withLock: WithLock;
  keyring: Keyring;
  /** the HTTP client under everything (tests inject faults here) */
  fetch?: FetchLike;
  now?: () => number;
  /** how long a call may wait for a slot of its budget before it is refused (default 2 000 ms) */
  budgetWaitMs?: number;
  /** per endpoint name (endpoints.ts), for tests that need a small budget */
  limitOverrides?: Partial<Record<string, number>>;
  /** passed to every client: timeoutMs, maxRetries, sleep */
  client?: Pick<PaymentApiClientOptions, "timeoutMs" | "maxRetries" | "sleep">;
};

type CredentialRow = typeof schema.apiCredentials.$inferSelect;

/** The body of the refusal the budget answers in place of the API: the client reads it like a 429. */
function localRefusal(retryAfterMs: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const body = {
    success: false,
    error: {
      code: "RATE_LIMIT_EXCEEDED",
      message: `held back by the dashboard's rate budget; try again in ${seconds} s`,
      group: "SECURITY",
      retryable: true,
      details: { retry_after_seconds: seconds, source: "dashboard_budget" },
    },
  };
  return new Response(JSON.stringify(body), { status: 429, headers: { "content-type": "application/json", "retry-after": String(seconds) } });
}

/** request_id, error code and the provider's time of an answer; nothing else of the body is kept. */
function summarise(text: string): { requestId: string | null; errorCode: string | null; serverTime: number | null } {
  try {
    const j = JSON.parse(text) as { request_id?: unknown; error?: { code?: unknown }; timestamp?: unknown };
    const at = typeof j.timestamp === "string" ? Date.parse(j.timestamp) : NaN;
    return {
      requestId: typeof j.request_id === "string" ? j.request_id : null,
      errorCode: typeof j.error?.code === "string" ? j.error.code : null,
      serverTime: Number.isFinite(at) ? at : null,
    };
  } catch {
    return { requestId: null, errorCode: null, serverTime: null };
  }
}

/** A change of the provider's clock offset smaller than this is network jitter, not worth a write. */
const CLOCK_OFFSET_TOLERANCE_MS = 2_000;

export class ApiContext {
  readonly budget: RateBudget;
  readonly requestLog: RequestLog;
  readonly #db: AppDb;
  readonly #withLock: WithLock;
  readonly #keyring: Keyring;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #budgetWaitMs: number;
  readonly #limitOverrides: Partial<Record<string, number>>;
  readonly #clientOptions: ApiContextOptions["client"];
  readonly #stores = new Map<string, PgTokenStore>();
  readonly #inflightReads = new Map<string, Promise<unknown>>();

  constructor(o: ApiContextOptions) {
    this.#db = o.db;
    this.#withLock = o.withLock;
    this.#keyring = o.keyring;
    this.#fetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#now = o.now ?? Date.now;
    this.#budgetWaitMs = o.budgetWaitMs ?? 2_000;
    this.#limitOverrides = o.limitOverrides ?? {};
    this.#clientOptions = o.client;
    this.budget = new RateBudget(o.db);
    this.requestLog = new RequestLog(o.db);
  }

  /** The credential a target names, checked to belong to the organisation; no secret is read. */
  async credential(target: ApiTarget): Promise<CredentialInfo> {
    const row = await this.#row(target);
    return { id: row.id, name: row.name, environment: row.environment, baseUrl: row.baseUrl, clientId: row.clientId, status: row.status };
  }

  /** Credential reads in flight, by what they look for (see #row). */
  readonly #rowReads = new Map<string, Promise<CredentialRow>>();

  /**
   * The credential a call uses, read for every call (a revocation or an activation elsewhere counts
   * at once). A page's calls run together: a call that finds the same read already in flight
   * shares it instead of sending its own (its answer is as fresh as its own would have been), so
   * the Overview's nine calls cost one statement, not nine.
   */
  #row(target: ApiTarget): Promise<CredentialRow> {
    const key = "credentialId" in target ? `id:${target.organizationId}:${target.credentialId}` : `active:${target.organizationId}:${target.environment}`;
    const inFlight = this.#rowReads.get(key);
    if (inFlight) return inFlight;
    const read = this.#readRow(target).finally(() => this.#rowReads.delete(key));
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
      .where(and(eq(c.organizationId, target.organizationId), eq(c.environment, target.environment), eq(c.status, "active")))
      .limit(1);
    if (!row) throw new ApiContextError("NO_ACTIVE_CREDENTIAL", `no active ${target.environment} credential`);
    return row;
  }

  #store(credentialId: string): PgTokenStore {
    let s = this.#stores.get(credentialId);
    if (!s) this.#stores.set(credentialId, (s = new PgTokenStore(this.#db, this.#withLock, this.#keyring, credentialId, this.#now)));
    return s;
  }

  #client(row: CredentialRow, caller: Caller, opts: { budgetWaitMs?: number; isolatedToken?: boolean }): PaymentApiClient {
    let clientSecret: string;
    let signingKey: string | null = null;
    try {
      if (!row.clientSecretCiphertext) throw new ApiContextError("CREDENTIAL_REVOKED", "this credential's secrets were erased");
      clientSecret = open(this.#keyring, row.clientSecretCiphertext, secretAad(row.id, "client_secret"));
      if (row.signingKeyCiphertext) signingKey = open(this.#keyring, row.signingKeyCiphertext, secretAad(row.id, "signing_key"));
    } catch (e) {
      if (e instanceof ApiContextError) throw e;
      throw new ApiContextError("CREDENTIAL_UNREADABLE", "the stored secrets cannot be opened with the configured encryption key");
    }
    const waitMs = opts.budgetWaitMs ?? this.#budgetWaitMs;
    return new PaymentApiClient({
      baseUrl: row.baseUrl,
      clientId: row.clientId,
      clientSecret,
      signingKey,
      tokenStore: opts.isolatedToken ? new InMemoryTokenStore() : this.#store(row.id),
      fetch: this.#budgetedFetch(row, caller, waitMs),
      now: this.#now,
      // A wait the budget (or the API's Retry-After) asks for beyond this is not waited: the
      // member is told when to try again instead.
      maxRetryDelayMs: waitMs,
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

      const permit = await this.budget.acquire(bucket, limit, waitMs);
      if (!permit.ok) {
        this.requestLog.add({ ...entry, status: 429, latencyMs: 0, errorCode: "RATE_LIMIT_EXCEEDED", local: true });
        return localRefusal(permit.retryAfterMs);
      }
      const started = performance.now();
      let res: Response;
      let text = "";
      try {
        res = await this.#fetch(input, init);
        // Read a copy for the log (request id, error code); the client reads the answer itself.
        text = await res.clone().text().catch(() => "");
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
    const row = await this.#row(target).catch(() => null);
    return new Date(this.#now() + (row?.clockOffsetMs ?? 0));
  }

  /** Runs `fn` with the target's client and returns what it returns (plain data, by contract). */
  async call<T>(target: ApiTarget, caller: Caller, fn: (client: PaymentApiClient) => PromiseLike<T>, opts: { budgetWaitMs?: number } = {}): Promise<T> {
    const row = await this.#row(target);
    return fn(this.#client(row, caller, opts));
  }

  /**
   * "Test connection": a new token (never the shared one, so the credential itself is proven) and a
   * balance read. Returns the answer's request id; throws the PaymentApiError or ApiContextError.
   */
  async probe(target: ApiTarget, caller: Caller): Promise<{ currencies: number; requestId: string | null }> {
    const row = await this.#row(target);
    const res = await this.#client(row, caller, { isolatedToken: true }).account.balance().withResponse();
    return { currencies: res.data.balances.length, requestId: res.requestId };
  }

  /**
   * An account read through the shared cache: a fresh enough answer (younger than `ttlMs`) is served
   * from PostgreSQL; otherwise one call per process is made and stored for every instance.
   */
  async read<T>(
    target: ApiTarget,
    caller: Caller,
    key: string,
    ttlMs: number,
    fn: (client: PaymentApiClient) => PromiseLike<T>,
    opts: { fresh?: boolean } = {},
  ): Promise<Read<T>> {
    const row = await this.#row(target);
    const credential = { id: row.id, name: row.name, environment: row.environment };
    const rc = schema.apiReadCache;
    if (!opts.fresh) {
      const [hit] = await this.#db
        .select()
        .from(rc)
        .where(and(eq(rc.credentialId, row.id), eq(rc.key, key), gt(rc.expiresAt, sql`now()`)))
        .limit(1);
      if (hit) return { data: hit.data as T, readAt: hit.readAt.toISOString(), cached: true, credential };
    }
    const flightKey = `${row.id}|${key}`;
    let flight = this.#inflightReads.get(flightKey) as Promise<Read<T>> | undefined;
    if (!flight) {
      flight = (async () => {
        const data = await fn(this.#client(row, caller, {}));
        const readAt = new Date(this.#now());
        const expiresAt = new Date(readAt.getTime() + ttlMs);
        await this.#db
          .insert(rc)
          .values({ credentialId: row.id, key, data: data as object, readAt, expiresAt })
          .onConflictDoUpdate({ target: [rc.credentialId, rc.key], set: { data: data as object, readAt, expiresAt } });
        return { data, readAt: readAt.toISOString(), cached: false, credential };
      })().finally(() => this.#inflightReads.delete(flightKey));
      this.#inflightReads.set(flightKey, flight);
    }
    return flight;
  }

  /** Drops cached reads of a credential (all, or the keys named), e.g. when a webhook moved the balance. */
  async invalidate(credentialId: string, keys?: string | string[]): Promise<void> {
    const rc = schema.apiReadCache;
    const named = typeof keys === "string" ? [keys] : keys;
    await this.#db.delete(rc).where(named ? and(eq(rc.credentialId, credentialId), inArray(rc.key, named)) : eq(rc.credentialId, credentialId));
  }

  /** Drops the cached reads of the target's active credential (a webhook moved its balance). */
  async invalidateTarget(target: ApiTarget, keys?: string | string[]): Promise<void> {
    const row = await this.#row(target).catch(() => null);
    if (row) await this.invalidate(row.id, keys);
  }

  /** Forgets a credential's token and cached reads everywhere (revocation, rotation). */
  async forget(credentialId: string): Promise<void> {
    await this.#store(credentialId).clear();
    this.#stores.delete(credentialId);
    await this.invalidate(credentialId);
  }

  /** Waits for queued request-log rows to be written. */
  flush(): Promise<void> {
    return this.requestLog.flush();
  }
}
