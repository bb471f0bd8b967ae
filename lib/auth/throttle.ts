/**
 * Sign-in throttling, shared by every dashboard instance through the database.
 *
 * Every attempt is counted before its password is looked at, under a row lock per key (`attempt`):
 * thirty attempts at once are counted one after another, and only those the count allows go on to
 * the password check. Addresses are grouped as a provider hands them out: an IPv6 address by its
 * /64 (one subscriber's whole network), an IPv4-mapped one as the IPv4 address. Keys:
 *
 * - `pair:<email>|<address>`: one address trying one account; 5 attempts a window. Keyed by the pair
 *   so that whoever knows a member's e-mail cannot lock the member out from elsewhere: the owner
 *   signs in from their own address.
 * - `address:<address>`: one address trying many accounts (password spraying); 20 attempts a window.
 * - `account:<email>`: many addresses trying one account (a botnet); 10 attempts a window that got
 *   past the other two. It does not apply at an address the member has signed in from before (a
 *   session of theirs in the last 90 days, `knownAddress`), so an outsider who trips it delays only
 *   sign-ins from new places, never the member's usual ones.
 * - `code:<user id>`: second-factor codes of one member, wherever they are typed (sign-in,
 *   re-authentication, two-factor changes); 5 wrong codes a window. Counted only once the password
 *   was right, so only whoever knows it can spend them.
 *
 * The attempt that reaches the limit starts a delay, and every further attempt allowed after a
 * delay doubles the next (30 s, 1 min, 2 min … at most the 15-minute window); attempts during a
 * delay are refused without a check. A growing delay, not a lock held for ever: after a quiet window
 * the count starts again. A success clears its own pair's counter and gives its own attempt back to
 * the address (a team behind one address signs in as often as it likes), never the address's
 * failures: holding one valid account does not buy more guesses at others. An attempt that could
 * not be judged (the second factor was still to come) gives its count back.
 */
import { isIPv4, isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const PAIR_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
export const ACCOUNT_LIMIT = 10;
export const CODE_LIMIT = 5;
const FIRST_DELAY_SECONDS = 30;
/** A member's address counts as known for this long after a sign-in from it. */
const KNOWN_ADDRESS_DAYS = 90;

/** `knownAddress`: the member has signed in from this address before (the account key does not apply). */
export type ThrottleKeys = { email: string; address: string | null; knownAddress?: boolean };

/** Expands an IPv6 address to its eight groups, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let a = address.split("%")[0]!;
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = a.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [b0, b1, b2, b3] = v4.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, -v4[0].length)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = a.includes("::") ? (a.split("::") as [string, string]) : [a, null];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === null ? h : [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The address as the throttle counts it: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its /64, since
 * one subscriber is handed a whole /64 and could otherwise try from 2^64 addresses.
 */
export function throttleAddress(address: string | null): string | null {
  if (!address) return null;
  const a = address.trim().toLowerCase();
  if (isIPv4(a)) return a;
  const g = ipv6Groups(a);
  if (!g) return a;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(":")}::/64`;
}

export function throttleKeys({ email, address }: ThrottleKeys): { pair: string; address: string | null; account: string } {
  const e = email.trim().toLowerCase();
  const a = throttleAddress(address);
  return { pair: `pair:${e}|${a ?? "unknown"}`, address: a ? `address:${a}` : null, account: `account:${e}` };
}

const codeKey = (userId: string) => `code:${userId}`;

/** Whether the member has signed in from this address (grouped as the throttle groups it) lately. */
export async function isKnownAddress(db: Db, userId: string, address: string | null, now = new Date()): Promise<boolean> {
  const a = throttleAddress(address);
  if (!a) return false;
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const r = await db.execute(sql`select distinct address from sessions where user_id = ${userId} and created_at > ${since} and address is not null limit 200`);
  return rowsOf<{ address: string }>(r).some((row) => throttleAddress(row.address) === a);
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

function combine(decisions: ThrottleDecision[]): ThrottleDecision {
  const refused = decisions.filter((d): d is Extract<ThrottleDecision, { allowed: false }> => !d.allowed);
  if (!refused.length) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((d) => d.retryAfterSeconds)), tripped: refused.some((d) => d.tripped) };
}

/**
 * Counts the attempt on the pair and the address; refused when either is past its limit. Only an
 * attempt both let through counts on the account (one address alone cannot trip it), and not at an
 * address the member is known at.
 */
export async function attempt(db: Db, keys: ThrottleKeys, now = new Date()): Promise<ThrottleDecision> {
  const k = throttleKeys(keys);
  const decisions = [await countAttempt(db, k.pair, PAIR_LIMIT, now)];
  if (k.address) decisions.push(await countAttempt(db, k.address, ADDRESS_LIMIT, now));
  const first = combine(decisions);
  if (!first.allowed || keys.knownAddress) return first;
  return countAttempt(db, k.account, ACCOUNT_LIMIT, now);
}

/** Counts one second-factor code of the member (after the right password); refused past the limit. */
export function codeAttempt(db: Db, userId: string, now = new Date()): Promise<ThrottleDecision> {
  return countAttempt(db, codeKey(userId), CODE_LIMIT, now);
}

/** A right code: the member's code count starts again. */
export async function codeSucceeded(db: Db, userId: string): Promise<void> {
  await db.execute(sql`delete from sign_in_throttle where key = ${codeKey(userId)}`);
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
  await db.execute(sql`delete from sign_in_throttle where key in (${k.pair}, ${k.account})`);
  if (k.address) await takeBack(db, k.address, ADDRESS_LIMIT);
}

/** An attempt that was not a guess (the password was right, the second factor still to come): its count given back. */
export async function giveBack(db: Db, keys: ThrottleKeys): Promise<void> {
  const k = throttleKeys(keys);
  await takeBack(db, k.pair, PAIR_LIMIT);
  if (k.address) await takeBack(db, k.address, ADDRESS_LIMIT);
  if (!keys.knownAddress) await takeBack(db, k.account, ACCOUNT_LIMIT);
}

/**
 * How long a sign-in from here must wait, without counting an attempt: what the sign-in page says.
 * `userId`: the member's second-factor count too.
 */
export async function waitFor(db: Db, keys: ThrottleKeys & { userId?: string | null }, now = new Date()): Promise<number> {
  const k = throttleKeys(keys);
  const names = [k.pair, k.address ?? k.pair, keys.knownAddress ? k.pair : k.account, keys.userId ? codeKey(keys.userId) : k.pair];
  const r = await db.execute(sql`select max(blocked_until) as until from sign_in_throttle where key in (${names[0]}, ${names[1]}, ${names[2]}, ${names[3]})`);
  const until = rowsOf<{ until: string | Date | null }>(r)[0]?.until;
  return until ? Math.max(0, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)) : 0;
}

/** Keys untouched for a day no longer matter. */
export async function purgeThrottle(db: Db, now = new Date()): Promise<void> {
  await db.execute(sql`delete from sign_in_throttle where window_started_at < ${new Date(now.getTime() - 86_400_000)} and (blocked_until is null or blocked_until < ${now})`);
}
