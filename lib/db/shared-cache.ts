/**
 * Facts an instance keeps in its own memory for as long as they stay true, and forgets the moment
 * any instance changes them: triggers on their tables NOTIFY `dashboard_cache` with a tag
 * (migration 0016: `org:<organization>` when a credential changes, `read:<credential>:<key>` and
 * the read's expiry when a shared account read is written or expired), and every instance LISTENs (PostgreSQL: a
 * connection of its own; PGlite: its own instance, which is the only one). What it holds:
 *
 * - while the LISTEN connection is down (not yet up, lost, reconnecting), nothing: every `get` loads;
 *   when it comes back, everything kept before is dropped (what changed meanwhile was not heard);
 * - a load that started before a notification of its tag is not kept (it may have read the old row),
 *   unless the notification announced the version the load read (its own write, heard late);
 * - nothing longer than its own `until`, nor than `maxAgeMs` (a bound on a notification never heard).
 *
 * It is a shortcut for reads, never a source of truth: writes go to the database, whose triggers
 * tell every instance, this one included.
 */
import type { OpenedDatabase } from "./driver";

export const CACHE_CHANNEL = "dashboard_cache";

/** A value kept for every request of the process is shared by them: frozen, so that none can change it for the others. */
export function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) frozen(v);
  }
  return value;
}

type Entry = { value: unknown; tags: string[]; until: number; version?: string };
const MAX_ENTRIES = 5_000;
type Listen = OpenedDatabase<Record<string, unknown>>["listen"];

export class SharedCache {
  readonly #entries = new Map<string, Entry>();
  readonly #byTag = new Map<string, Set<string>>();
  /** Bumped by each notification of a tag: a load that saw another number keeps nothing. */
  readonly #generation = new Map<string, number>();
  /** The version the last notification of each tag carried (none for a plain invalidation). */
  readonly #lastVersion = new Map<string, string | undefined>();
  #epoch = 0;
  #listening = false;
  /** When each tag was last heard, and who waits to hear one (`heard`). */
  readonly #lastHeard = new Map<string, number>();
  readonly #waiters = new Set<{ prefix: string; since: number; done: () => void }>();
  /** Marks sent by `caughtUp`, by payload: each resolves when it comes back. */
  readonly #marks = new Map<string, () => void>();
  #started: Promise<void> | null = null;
  #stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly listen: Listen | null,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** Starts listening (once); until it is up, nothing is kept. */
  start(): Promise<void> {
    if (!this.listen) return Promise.resolve();
    this.#started ??= this.listen(
      CACHE_CHANNEL,
      (payload) => this.#heard(payload),
      () => {
        // Back after a loss: what changed meanwhile was not heard.
        this.clear();
        this.#listening = true;
      },
      () => {
        this.#listening = false;
        this.clear();
      },
    ).then(
      (stop) => {
        this.#stop = stop;
        this.#listening = true;
      },
      () => {
        // Tried again by the next use.
        this.#started = null;
      },
    );
    return this.#started;
  }

  async close(): Promise<void> {
    this.#listening = false;
    this.clear();
    await this.#stop?.();
  }

  /** Whether anything is kept at the moment (the LISTEN connection is up). */
  get active(): boolean {
    return this.#listening;
  }

  /**
   * The value kept under `key`, else `load()`'s, kept under `tags` (and `moreTags` of the value)
   * until `until` (epoch ms; at most `maxAgeMs` from now) when no notification of `tags` came while
   * it loaded. `version`: a notification of the tag that carries this same version is this value's
   * own write and keeps it.
   */
  async get<T>(
    key: string,
    tags: string[],
    load: () => Promise<T>,
    opts: { until?: (value: T) => number; version?: (value: T) => string | undefined; moreTags?: (value: T) => string[] } = {},
  ): Promise<T> {
    const hit = this.peek<T>(key);
    if (hit !== undefined) return hit;
    if (!this.#listening) {
      void this.start();
      return load();
    }
    const epoch = this.#epoch;
    const generations = tags.map((t) => this.#generation.get(t) ?? 0);
    const value = await load();
    // A notification heard while loading leaves the value stale, unless it announced this very
    // version (the write the load read, heard late): then the value is as new as the news.
    const version = opts.version?.(value);
    const current = (t: string, i: number) =>
      (this.#generation.get(t) ?? 0) === generations[i] || (version !== undefined && this.#lastVersion.has(t) && this.#lastVersion.get(t) === version);
    if (this.#listening && epoch === this.#epoch && tags.every(current)) {
      this.set(key, [...tags, ...(opts.moreTags?.(value) ?? [])], value, { until: opts.until?.(value), version });
    }
    return value;
  }

  /** The value kept under `key`, if any (and still fresh). */
  peek<T>(key: string): T | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (!this.#listening || e.until <= this.now()) {
      this.#drop(key);
      return undefined;
    }
    return e.value as T;
  }

  /** Keeps a value this instance has just written (nothing is kept while not listening). */
  set(key: string, tags: string[], value: unknown, opts: { until?: number; version?: string } = {}): void {
    if (!this.#listening) return;
    const until = Math.min(opts.until ?? Infinity, this.now() + this.maxAgeMs);
    if (until <= this.now()) return;
    this.#drop(key);
    // A bound on what many distinct reads (searches) could keep: the oldest go first.
    if (this.#entries.size >= MAX_ENTRIES) this.#drop(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, tags, until, version: opts.version });
    for (const t of tags) {
      let keys = this.#byTag.get(t);
      if (!keys) this.#byTag.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Forgets what is kept under `tag` in this instance (the others hear it from the database). */
  invalidate(tag: string, version?: string): void {
    this.#generation.set(tag, (this.#generation.get(tag) ?? 0) + 1);
    this.#lastVersion.set(tag, version);
    for (const key of [...(this.#byTag.get(tag) ?? [])]) {
      if (version !== undefined && this.#entries.get(key)?.version === version) continue;
      this.#drop(key);
    }
  }

  clear(): void {
    this.#epoch++;
    this.#lastHeard.clear();
    this.#entries.clear();
    this.#byTag.clear();
    this.#generation.clear();
    this.#lastVersion.clear();
  }

  /**
   * Resolves once this instance has heard a notification whose tag starts with `prefix` at or after
   * `since` (epoch ms), or after `timeoutMs`, or at once when it is not listening. A writer waits for
   * its own change to come back: by then it has been sent to every instance listening.
   */
  heard(prefix: string, since: number, timeoutMs = 1_000): Promise<void> {
    if (!this.#listening) return Promise.resolve();
    for (const [tag, at] of this.#lastHeard) if (at >= since && tag.startsWith(prefix)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter = {
        prefix,
        since,
        done: () => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, timeoutMs);
      timer.unref?.();
      this.#waiters.add(waiter);
    });
  }

  /**
   * Resolves once every notification committed before the call has been heard here: `send` NOTIFYs a
   * mark of its own on the channel, and PostgreSQL delivers notifications in the order their
   * transactions committed. A server action waits for it after its writes, so that the page it
   * renders next reads what the member just did, not what was kept before (PostgreSQL delivers the
   * news on another connection, a moment later). At most `timeoutMs`; at once when not listening.
   */
  async caughtUp(send: (payload: string) => Promise<void>, timeoutMs = 1_000): Promise<void> {
    if (!this.#listening) return;
    const mark = `caught-up:${crypto.randomUUID()}`;
    const back = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#marks.delete(mark);
        resolve();
      }, timeoutMs);
      timer.unref?.();
      this.#marks.set(mark, () => {
        clearTimeout(timer);
        this.#marks.delete(mark);
        resolve();
      });
    });
    try {
      await send(mark);
    } catch {
      this.#marks.get(mark)?.();
    }
    await back;
  }

  /** A tag; a read's ends with its version (`read:<credential>:<key>:<expiry in epoch ms>`). */
  #heard(payload: string): void {
    if (payload.startsWith("caught-up:")) {
      this.#marks.get(payload)?.();
      return;
    }
    let tag = payload;
    if (payload.startsWith("read:")) {
      const cut = payload.lastIndexOf(":");
      tag = payload.slice(0, cut);
      this.invalidate(tag, payload.slice(cut + 1));
    } else this.invalidate(payload);
    const at = this.now();
    this.#lastHeard.delete(tag);
    this.#lastHeard.set(tag, at);
    // Only the recent past matters to a writer waiting for its change.
    if (this.#lastHeard.size > 1_000) this.#lastHeard.delete(this.#lastHeard.keys().next().value!);
    for (const w of [...this.#waiters]) if (w.since <= at && tag.startsWith(w.prefix)) w.done();
  }

  #drop(key: string): void {
    const e = this.#entries.get(key);
    if (!e) return;
    this.#entries.delete(key);
    for (const t of e.tags) {
      const keys = this.#byTag.get(t);
      keys?.delete(key);
      if (keys && !keys.size) this.#byTag.delete(t);
    }
  }
}
