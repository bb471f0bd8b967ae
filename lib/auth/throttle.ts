/**
 * Sign-in throttling, shared by every dashboard instance through the database.
 *
 * Every attempt is counted before its password is looked at, under a row lock per key (`attempt`):
 * thirty attempts at once are counted one after another, and only those the count allows go on to
 * the password check. Two keys:
 *
 * - `pair:<email>|<address>`: one address trying one account; 5 attempts a window. Keyed by the pair
 *   so that whoever knows a member's e-mail cannot lock the member out from elsewhere: the owner
 *   signs in from their own address.
 * - `address:<address>`: one address trying many accounts (password spraying); 20 attempts a window.
 *
 * The attempt that reaches the limit starts a delay, and every further attempt allowed after a
 * delay doubles the next (30 s, 1 min, 2 min … at most the 15-minute window); attempts during a
 * delay are refused without a check. A growing delay, not a lock held for ever: after a quiet window
 * the count starts again. A success clears its own pair's counter and gives its own attempt back to
 * the address (a team behind one address signs in as often as it likes), never the address's
 * failures: holding one valid account does not buy more guesses at others. An attempt that could
 * not be judged (the second factor was still to come) gives its count back.
 */
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const PAIR_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
const FIRST_DELAY_SECONDS = 30;

type Db = Database<typeof schema>;
export type ThrottleKeys = { email: string; address: string | null };

export function throttleKeys({ email, address }: ThrottleKeys): { pair: string; address: string | null } {
  const e = email.trim().toLowerCase();
  return { pair: `pair:${e}|${address ?? "unknown"}`, address: address ? `address:${address}` : null };
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; tripped: boolean };

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []));

/**
 * Counts one attempt on `key` and says whether it may be checked (under the row's lock, so that
 * concurrent attempts are counted one at a time). `tripped`: the first attempt a delay refused.
 */
async function countAttempt(db: Db, key: string, limit: number, now: Date): Promise<ThrottleDecision> {
  const t = schema.signInThrottle;
  await db.insert(t).values({ key, attempts: 0, windowStartedAt: now }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ attempts: number; window_started_at: string | Date; blocked_until: string | Date | null; refused: boolean }>(
      await tx.execute(sql`select attempts, window_started_at, blocked_until, refused from sign_in_throttle where key = ${key} for update`),
    );
    const blockedUntil = row!.blocked_until ? new Date(row!.blocked_until) : null;
    if (blockedUntil && blockedUntil > now) {
      await tx.execute(sql`update sign_in_throttle set refused = true where key = ${key}`);
      return { allowed: false, retryAfterSeconds: Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000), tripped: !row!.refused } as const;
    }
    const expired = new Date(row!.window_started_at).getTime() < now.getTime() - THROTTLE_WINDOW_SECONDS * 1000;
    const attempts = expired ? 1 : Number(row!.attempts) + 1;
    const delay = attempts >= limit ? Math.min(THROTTLE_WINDOW_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(attempts - limit, 10)) : 0;
    await tx.execute(sql`
      update sign_in_throttle set attempts = ${attempts}, refused = false,
        window_started_at = ${expired ? now : new Date(row!.window_started_at)},
        blocked_until = ${delay ? new Date(now.getTime() + delay * 1000) : null}
      where key = ${key}`);
    return { allowed: true } as const;
  });
}

/** Counts the attempt on both keys; refused when either is past its limit. */
export async function attempt(db: Db, keys: ThrottleKeys, now = new Date()): Promise<ThrottleDecision> {
  const k = throttleKeys(keys);
  const decisions = [await countAttempt(db, k.pair, PAIR_LIMIT, now)];
  if (k.address) decisions.push(await countAttempt(db, k.address, ADDRESS_LIMIT, now));
  const refused = decisions.filter((d): d is Extract<ThrottleDecision, { allowed: false }> => !d.allowed);
  if (!refused.length) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((d) => d.retryAfterSeconds)), tripped: refused.some((d) => d.tripped) };
}

/**
 * Takes back one attempt's count on `key`, and the delay that attempt started (the count was at the
 * limit because of it); a delay that earlier failures started stays.
 */
async function takeBack(db: Db, key: string, limit: number): Promise<void> {
  await db.execute(sql`
    update sign_in_throttle
       set blocked_until = case when attempts <= ${limit} then null else blocked_until end,
           attempts = greatest(0, attempts - 1)
     where key = ${key}`);
}

/**
 * A successful sign-in: its own pair starts again, and the address gets this attempt's count back,
 * so that a team behind one address is never throttled by its own sign-ins. The address's failures
 * stay: holding one valid account buys no more guesses at others.
 */
export async function succeeded(db: Db, keys: ThrottleKeys): Promise<void> {
  const k = throttleKeys(keys);
  await db.execute(sql`delete from sign_in_throttle where key = ${k.pair}`);
  if (k.address) await takeBack(db, k.address, ADDRESS_LIMIT);
}

/** An attempt that was not a guess (the password was right, the second factor still to come): its count given back. */
export async function giveBack(db: Db, keys: ThrottleKeys): Promise<void> {
  const k = throttleKeys(keys);
  await takeBack(db, k.pair, PAIR_LIMIT);
  if (k.address) await takeBack(db, k.address, ADDRESS_LIMIT);
}

/** How long the pair (or the address) must wait, without counting an attempt: what the sign-in page says. */
export async function waitFor(db: Db, keys: ThrottleKeys, now = new Date()): Promise<number> {
  const k = throttleKeys(keys);
  const r = await db.execute(sql`select max(blocked_until) as until from sign_in_throttle where key in (${k.pair}, ${k.address ?? k.pair})`);
  const until = rowsOf<{ until: string | Date | null }>(r)[0]?.until;
  return until ? Math.max(0, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)) : 0;
}

/** Keys untouched for a day no longer matter. */
export async function purgeThrottle(db: Db, now = new Date()): Promise<void> {
  await db.execute(sql`delete from sign_in_throttle where window_started_at < ${new Date(now.getTime() - 86_400_000)} and (blocked_until is null or blocked_until < ${now})`);
}
