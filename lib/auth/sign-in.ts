/**
 * Checking an e-mail and password, with throttling. Used by the Auth.js
 * credentials provider (the only way a session is issued) and unit tested
 * without Next.js.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { dummyPasswordHash, verifyPassword } from "./password";
import { checkThrottle, recordAttempt } from "./throttle";

export const signInSchema = z.object({
  email: z.email().max(254).transform((s) => s.trim().toLowerCase()),
  password: z.string().min(1).max(200),
});

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export async function verifyCredentials(
  db: Database<typeof schema>,
  input: { email: string; password: string; address: string | null },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const keys = { email, address: input.address };
  const throttle = await checkThrottle(db, keys);
  // A throttled attempt is refused without looking at the password, and not recorded.
  if (throttle.throttled) return { ok: false, reason: "throttled", retryAfterSeconds: throttle.retryAfterSeconds };

  const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  const ok = !!user && valid;
  await recordAttempt(db, keys, ok);
  if (!ok) return { ok: false, reason: "invalid" };
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}
