/**
 * The notifier of one instance: every few seconds it looks for what is new (lib/notifications/
 * sources.ts) and mails what is due (lib/notifications/delivery.ts). Every instance runs one; the
 * outbox's unique keys and leases make the work of two the work of one. Background work: on
 * PGlite its statements wait for a request's (lib/db/driver.ts, `inBackground`).
 */
import type { OpenedDatabase } from "@/lib/db/driver";
import { inBackground } from "@/lib/db/driver";
import type * as schema from "@/lib/db/schema";
import type { Scope } from "@/lib/db/scope";
import { connectedTargets } from "@/lib/events/sync";
import { mailDigests, mailDue, type MailConfig } from "./delivery";
import { infractionNotifications, organizationNotifications } from "./sources";

export type NotifierDeps = {
  opened: Pick<OpenedDatabase<typeof schema>, "db" | "withLock">;
  mail: MailConfig;
  /** the provider's clock for an organisation and environment (ApiContext.providerNow): MED deadlines are its own */
  providerNow: (target: Scope) => Promise<Date>;
  /** how long a claimed mail is left to this instance (tests shorten it) */
  leaseMs?: number;
};

/** How often an instance looks for news; a mail pass runs after each look and when kicked. */
export const SCAN_EVERY_MS = 5_000;
const MAIL_BATCH = 50;

export class NotificationWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  constructor(
    private readonly deps: NotifierDeps,
    private readonly everyMs = SCAN_EVERY_MS,
  ) {}

  start(): this {
    this.#timer = setInterval(() => void this.tick().catch(() => undefined), this.everyMs);
    this.#timer.unref();
    void this.tick().catch(() => undefined);
    return this;
  }

  /** Looks for news now, for every organisation (and each connected environment's MED deadlines on its provider's clock). */
  async scan(): Promise<number> {
    const { db } = this.deps.opened;
    let made = 0;
    for (const target of await connectedTargets(db)) {
      made += await infractionNotifications(db, target, await this.deps.providerNow(target)).catch((e: Error) => {
        console.error(`[notifications] infractions of ${target.organizationId}/${target.environment}: ${e.message}`);
        return 0;
      });
    }
    made += await organizationNotifications(db).catch((e: Error) => {
      console.error(`[notifications] ${e.message}`);
      return 0;
    });
    return made;
  }

  /** Mails what is due: single mails until none is left, then the digests. */
  async mail(now?: Date): Promise<number> {
    const opts = { now, leaseMs: this.deps.leaseMs };
    let sent = 0;
    for (;;) {
      const n = await mailDue(this.deps.opened.db, this.deps.mail, { ...opts, limit: MAIL_BATCH });
      sent += n;
      if (n < MAIL_BATCH || this.#stopped) break;
    }
    return sent + (await mailDigests(this.deps.opened, this.deps.mail, opts));
  }

  /** A look and a mail pass, one at a time on this instance (a call during a pass runs another after it). */
  tick(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = inBackground(async () => {
      try {
        do {
          this.#again = false;
          await this.scan();
          await this.mail();
        } while (this.#again && !this.#stopped);
      } catch (e) {
        console.error(`[notifications] pass failed: ${(e as Error).message}`);
      } finally {
        this.#running = null;
      }
    });
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    while (this.#running) await this.#running;
  }
}
