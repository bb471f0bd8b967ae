/**
 * The sandbox clock: real time plus an offset persisted in the database. `POST /sandbox/clock/advance`
 * moves it forward (`PUT /sandbox/clock` sets the offset, backwards too, to back-date history); every expiry, token validity, signature window, rate-limit window and usage day
 * reads it, so tests advance the clock instead of sleeping.
 */
import type { Sql } from "./db/sql";
import { readOrInitState, writeState } from "./state";

const KEY = "clock_offset_ms";
/** Ten years: a generous bound that still keeps dates sane. */
export const MAX_ADVANCE_SECONDS = 10 * 365 * 86_400;

export class SandboxClock {
  private constructor(
    private readonly q: Sql,
    private offset: number,
  ) {}

  static async load(q: Sql): Promise<SandboxClock> {
    const offset = await readOrInitState<number>(q, KEY, () => 0);
    return new SandboxClock(q, Number(offset) || 0);
  }

  /** Milliseconds since the Unix epoch on the sandbox clock. */
  now(): number {
    return Date.now() + this.offset;
  }

  date(): Date {
    return new Date(this.now());
  }

  iso(): string {
    return this.date().toISOString();
  }

  /** Unix whole seconds (the unit of X-Timestamp and JWT iat/exp). */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  get offsetMs(): number {
    return this.offset;
  }

  /**
   * Sets the offset from real time; negative puts the clock in the past. For back-dating history
   * (the demo's): moving back undoes nothing, it only changes what "now" is from here on.
   */
  async setOffset(seconds: number): Promise<void> {
    const next = Math.round(seconds * 1000);
    await writeState(this.q, KEY, next);
    this.offset = next;
  }

  async advance(seconds: number): Promise<void> {
    const next = this.offset + Math.round(seconds * 1000);
    await writeState(this.q, KEY, next);
    this.offset = next;
  }
}
