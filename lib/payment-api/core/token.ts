/**
 * Access-token cache (spec "Authentication", token lifecycle: valid 3600 s, no revocation,
 * "Clients should cache a token and renew it shortly before expiry").
 *
 * - The token is renewed `refreshMarginMs` (60 s) before it expires, so a request never leaves
 *   with a token that lapses in flight.
 * - Single-flight: however many calls find the cache cold or expiring at once, one token request is
 *   made and they all wait for it. The token endpoint allows 30 requests/min/IP and blocks the IP
 *   after 5 consecutive failures, so a stampede must not reach it.
 * - The store is pluggable: the dashboard keeps the token in PostgreSQL so that several instances
 *   share it and only one renews at a time (`withLock`, e.g. pg_advisory_xact_lock; the store is
 *   re-read inside the lock, so instances that waited reuse the token the first one stored).
 */

export type StoredToken = {
  accessToken: string;
  /** epoch milliseconds */
  expiresAt: number;
  /** epoch milliseconds when it was obtained; lets a short-lived token keep half its life usable */
  issuedAt?: number;
};

type MaybePromise<T> = T | Promise<T>;

export interface TokenStore {
  get(key: string): MaybePromise<StoredToken | null | undefined>;
  set(key: string, token: StoredToken): MaybePromise<void>;
  /**
   * Optional cross-instance lock: run `fn` while holding a lock on `key` that other processes also
   * honour. Without it, single-flight is per process only.
   */
  withLock?<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** The default store: a Map in this process, keyed by baseUrl + clientId. */
export class InMemoryTokenStore implements TokenStore {
  readonly #tokens = new Map<string, StoredToken>();
  get(key: string): StoredToken | undefined {
    return this.#tokens.get(key);
  }
  set(key: string, token: StoredToken): void {
    this.#tokens.set(key, token);
  }
  delete(key: string): void {
    this.#tokens.delete(key);
  }
  clear(): void {
    this.#tokens.clear();
  }
}

/** Shared by every client of this process that is not given a store: one token per credential. */
export const defaultTokenStore = new InMemoryTokenStore();

export const tokenCacheKey = (baseUrl: string, clientId: string) => `${baseUrl.replace(/\/+$/, "")}|${clientId}`;

export const DEFAULT_REFRESH_MARGIN_MS = 60_000;

/** How the caller that starts a renewal bounds the token request (its own deadline). */
export type TokenFetchOptions = { timeoutMs?: number; deadlineMs?: number; maxRetries?: number };

/** In-flight renewals per store and key: the single-flight map. */
const inflight = new WeakMap<TokenStore, Map<string, Promise<string>>>();

export class TokenManager {
  readonly #store: TokenStore;
  readonly #key: string;
  readonly #fetchToken: (opts: TokenFetchOptions) => Promise<StoredToken>;
  readonly #now: () => number;
  readonly #marginMs: number;

  constructor(opts: {
    store: TokenStore;
    key: string;
    fetchToken: (opts: TokenFetchOptions) => Promise<StoredToken>;
    now: () => number;
    refreshMarginMs?: number;
  }) {
    this.#store = opts.store;
    this.#key = opts.key;
    this.#fetchToken = opts.fetchToken;
    this.#now = opts.now;
    this.#marginMs = opts.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  }

  /** Whether `t` can still be sent: not within the margin of its expiry (margin at most half its life). */
  #usable(t: StoredToken | null | undefined, rejected?: string): t is StoredToken {
    if (!t || t.accessToken === rejected) return false;
    const life = t.issuedAt !== undefined ? t.expiresAt - t.issuedAt : Infinity;
    return this.#now() < t.expiresAt - Math.min(this.#marginMs, life / 2);
  }

  /**
   * A usable access token. `rejected` is a token the API just refused (TOKEN_EXPIRED or
   * INVALID_TOKEN): it is not returned again even if the cache still thinks it valid. `fetch`
   * bounds the token request when this caller is the one that makes it.
   */
  async get(rejected?: string, fetch: TokenFetchOptions = {}): Promise<string> {
    const current = await this.#store.get(this.#key);
    if (this.#usable(current, rejected)) return current.accessToken;
    return this.#renew(rejected, fetch);
  }

  #renew(rejected: string | undefined, fetch: TokenFetchOptions): Promise<string> {
    let perStore = inflight.get(this.#store);
    if (!perStore) inflight.set(this.#store, (perStore = new Map()));
    const running = perStore.get(this.#key);
    if (running) return running;

    const work = async (): Promise<string> => {
      // Re-read: another instance may have renewed while we waited for the lock.
      const again = await this.#store.get(this.#key);
      if (this.#usable(again, rejected)) return again.accessToken;
      const fresh = await this.#fetchToken(fetch);
      await this.#store.set(this.#key, fresh);
      return fresh.accessToken;
    };
    const store = this.#store;
    const promise = (store.withLock ? store.withLock(this.#key, work) : work()).finally(() => {
      if (perStore.get(this.#key) === promise) perStore.delete(this.#key);
    });
    perStore.set(this.#key, promise);
    return promise;
  }
}
