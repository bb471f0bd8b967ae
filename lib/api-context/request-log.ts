/**
 * The API request log (Settings → Developers): one row per HTTP attempt the dashboard makes, with
 * who caused it. Rows carry no secret, token, body or document number; `path` is the route without
 * its query string, so nothing a caller put in the URL is kept.
 *
 * Rows are written in small batches after the answer has been handed back (what arrives within
 * 50 ms goes in one insert), so logging adds no round trip to a member's request; `flush()` waits
 * for what is queued (tests, shutdown).
 */
import { lt } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/scope";
import { recordApiCall } from "@/lib/observability/api-calls";
import { log } from "@/lib/observability/log";

export type RequestLogEntry = typeof schema.apiRequestLog.$inferInsert;

export const REQUEST_LOG_RETENTION_DAYS = 30;

/** How long a row waits for others to be written with it. */
const BATCH_DELAY_MS = 50;

export class RequestLog {
  #queue: RequestLogEntry[] = [];
  #writing: Promise<void> | null = null;
  #lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (e: unknown) => void = (err) => log("api").error({ err }, "request log write failed"),
  ) {}

  add(entry: RequestLogEntry): void {
    // Its log line and metrics, now: in the context of the request that caused the call.
    recordApiCall(entry);
    this.#queue.push(entry);
    this.#writing ??= this.#drain();
  }

  async #drain(): Promise<void> {
    // Let the current burst of answers queue up first: one insert for a burst's calls, not one each.
    await new Promise((r) => setTimeout(r, BATCH_DELAY_MS));
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, 200);
        await this.db.insert(schema.apiRequestLog).values(batch);
      }
      await this.#purgeNowAndThen();
    } catch (e) {
      this.onError(e);
    } finally {
      this.#writing = null;
      if (this.#queue.length > 0) this.#writing = this.#drain();
    }
  }

  /** Kept 30 days: older rows go, at most once an hour per instance. */
  async #purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPurge < 3_600_000) return;
    this.#lastPurge = now;
    await this.db.delete(schema.apiRequestLog).where(lt(schema.apiRequestLog.createdAt, new Date(now - REQUEST_LOG_RETENTION_DAYS * 86_400_000)));
  }

  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }
}
