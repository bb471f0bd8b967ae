/**
 * Sign-in throttling, per account and per client address, kept in the
 * database so every dashboard instance sees the same counts.
 *
 * - account: 5 failed attempts within 15 minutes (since its last success)
 *   refuse further attempts until the oldest of them leaves the window;
 * - address: 20 failed attempts within 15 minutes, likewise (one address
 *   trying many accounts).
 */
import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export type ThrottleKeys = { email: string; address: string | null };

export function throttleKeys({ email, address }: ThrottleKeys): { account: string; address: string | null } {
  return { account: `account:${email.trim().toLowerCase()}`, address: address ? `address:${address}` : null };
}

export type ThrottleState = { throttled: false } | { throttled: true; retryAfterSeconds: number };

/**
 * Times of the failures after the key's latest success inside the window,
 * oldest first. At most a few dozen rows: the window is short and throttled
 * attempts are not recorded.
 */
async function recentFailures(db: Database<typeof schema>, key: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ succeeded: schema.loginAttempts.succeeded, at: schema.loginAttempts.createdAt })
    .from(schema.loginAttempts)
    .where(and(eq(schema.loginAttempts.key, key), gt(schema.loginAttempts.createdAt, since)))
    .orderBy(asc(schema.loginAttempts.createdAt), asc(schema.loginAttempts.id));
  const lastSuccess = rows.findLastIndex((r) => r.succeeded);
  return rows.slice(lastSuccess + 1).map((r) => r.at);
}

export async function checkThrottle(db: Database<typeof schema>, keys: ThrottleKeys, now = new Date()): Promise<ThrottleState> {
  const k = throttleKeys(keys);
  const since = new Date(now.getTime() - THROTTLE_WINDOW_SECONDS * 1000);
  const checks: Array<[string, number]> = [[k.account, ACCOUNT_FAILURE_LIMIT]];
  if (k.address) checks.push([k.address, ADDRESS_FAILURE_LIMIT]);
  let retryAfter = 0;
  for (const [key, limit] of checks) {
    const failures = await recentFailures(db, key, since);
    if (failures.length >= limit) {
      // Attempts resume when enough failures have left the window to be under the limit again.
      const frees = failures[failures.length - limit]!.getTime() + THROTTLE_WINDOW_SECONDS * 1000;
      retryAfter = Math.max(retryAfter, Math.ceil((frees - now.getTime()) / 1000));
    }
  }
  return retryAfter > 0 ? { throttled: true, retryAfterSeconds: retryAfter } : { throttled: false };
}

export async function recordAttempt(db: Database<typeof schema>, keys: ThrottleKeys, succeeded: boolean, now = new Date()) {
  const k = throttleKeys(keys);
  const rows = [k.account, k.address].filter((x): x is string => !!x).map((key) => ({ key, succeeded, createdAt: now }));
  await db.insert(schema.loginAttempts).values(rows);
  // Keep the table small: attempts older than a day no longer matter.
  if (Math.random() < 0.05) {
    await db.delete(schema.loginAttempts).where(lt(schema.loginAttempts.createdAt, new Date(now.getTime() - 86_400_000)));
  }
}

/** Clears an account's counters (after an admin resets a password, for instance). */
export async function clearAccountAttempts(db: Database<typeof schema>, email: string) {
  await db.delete(schema.loginAttempts).where(eq(schema.loginAttempts.key, throttleKeys({ email, address: null }).account));
}
