/** The events worker's loop: passes over the webhook inbox (lib/events/worker.ts), kicked by a delivery or a timer. */
import { inBackground } from "@/lib/db/driver";
import { log } from "@/lib/observability/log";
import { outsideRequest } from "@/lib/observability/context";
import { BudgetHints, processDue, type WorkerDeps } from "./worker";

/** Passes start at most this often, unless the last one was full (a backlog). */
const PASS_SPACING_MS = 100;
/** A pass that claimed at least this many means a burst: the next waits for PASS_SPACING_MS. */
const BUSY_PASS_SIZE = 10;
/** Deliveries claimed by one pass. */
const PASS_LIMIT = 100;

/** The background loop: runs a pass when kicked (a delivery arrived) and every `intervalMs`. */
export class EventsWorker {
  #timer: NodeJS.Timeout | null = null;
  readonly #hints = new BudgetHints();
  #kickTimer: NodeJS.Timeout | null = null;
  #lastPassAt = 0;
  #lastPassSize = 0;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  constructor(
    private readonly deps: WorkerDeps,
    private readonly intervalMs = 1_000,
  ) {}

  start(): this {
    // Its passes belong to no request (a delivery's request only wakes it): their lines carry no request id.
    outsideRequest(() => {
      this.#timer = setInterval(() => this.#pass(), this.intervalMs);
      this.#timer.unref();
    });
    this.#pass();
    return this;
  }

  /** Started and not stopped (readiness: /readyz). */
  get running(): boolean {
    return this.#timer !== null && !this.#stopped;
  }

  /**
   * Runs a pass soon: at once when the worker was quiet, else (a burst) at most one pass every
   * PASS_SPACING_MS, so that the burst is claimed in batches rather than one small pass per
   * delivery (each pass costs a few statements whatever its size).
   */
  kick(): void {
    if (this.#stopped || this.#kickTimer) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    // Quiet (the last pass found little): at once. Busy: spaced, so that deliveries gather.
    const delay = this.#lastPassSize < BUSY_PASS_SIZE ? 0 : Math.max(0, this.#lastPassAt + PASS_SPACING_MS - Date.now());
    this.#kickTimer = outsideRequest(() =>
      setTimeout(() => {
        this.#kickTimer = null;
        this.#pass();
      }, delay),
    );
  }

  #pass(): void {
    if (this.#stopped || this.#running) return;
    this.#running = outsideRequest(async () => {
      try {
        this.#again = false;
        this.#lastPassAt = Date.now();
        // A full pass means a backlog: the next follows at once.
        let size: number;
        do size = await inBackground(() => processDue(this.deps, PASS_LIMIT, this.#hints, () => this.#stopped));
        while (size === PASS_LIMIT && !this.#stopped);
        this.#lastPassSize = size;
      } catch (e) {
        log("events").error({ err: e }, "events worker pass failed");
      } finally {
        this.#running = null;
      }
      if (this.#again) this.kick();
    });
  }

  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /**
   * Stops: no new pass; the one running finishes the deliveries it began and hands back those it
   * claimed but had not begun (processDue), so another instance takes them at once.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    if (this.#kickTimer) clearTimeout(this.#kickTimer);
    await this.idle();
  }
}
