/**
 * Creating organisations and their first admin: the first-run page, the demo
 * seed and the team page. No Next.js imports (used by scripts/start.ts too).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { recordAudit } from "@/lib/audit/audit";

export const DEMO_ORGANIZATION_NAME = "Demo Merchant";
export const DEMO_ADMIN_EMAIL = "admin@demo.test";

/**
 * The first-run page's one-time token: printed by `npm start` while no user exists, and asked for by
 * /setup, so that whoever reaches an empty dashboard first is not made its admin by that alone.
 * Derived from AUTH_SECRET (shared by every instance): no instance can be told apart, and nobody
 * without the server's secret can compute it. Useless once the first admin exists.
 */
export function setupToken(authSecret: string): string {
  return createHmac("sha256", authSecret).update("first-run setup").digest("base64url").slice(0, 32);
}

export function isSetupToken(authSecret: string, candidate: string | null | undefined): boolean {
  const expected = Buffer.from(setupToken(authSecret));
  const given = Buffer.from(String(candidate ?? ""));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(schema.users);
  return row?.n ?? 0;
}

export type NewAdmin = { organizationName: string; name: string; email: string; password: string; locale?: schema.Locale };

/**
 * Creates an organisation with its admin, only while the database has no user
 * at all. Two concurrent first-run submissions serialise on an advisory lock,
 * so exactly one succeeds; the other gets `null`.
 */
export async function createFirstAdmin(db: Db, input: NewAdmin, opts: { isDemo?: boolean; address?: string | null } = {}) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7300201)`);
    const [row] = await tx.select({ n: count() }).from(schema.users);
    if ((row?.n ?? 0) > 0) return null;
    const [org] = await tx.insert(schema.organizations).values({ name: input.organizationName, isDemo: !!opts.isDemo }).returning();
    const [user] = await tx
      .insert(schema.users)
      .values({ email: input.email.trim().toLowerCase(), name: input.name, passwordHash, activeOrganizationId: org!.id, locale: input.locale ?? null })
      .returning();
    await tx.insert(schema.memberships).values({ organizationId: org!.id, userId: user!.id, role: "admin" });
    await recordAudit(tx, { organizationId: org!.id, actor: { userId: user!.id, address: opts.address ?? null }, action: "organization.created", target: org!.id });
    return { organizationId: org!.id, userId: user!.id };
  });
}

/**
 * A member starts another organisation (another business of theirs): they are its first admin, and
 * it becomes their active one. Nothing is shared with their other organisations.
 */
export async function createOrganization(db: Db, actor: { userId: string; address: string | null }, name: string): Promise<{ organizationId: string }> {
  return db.transaction(async (tx) => {
    const [org] = await tx.insert(schema.organizations).values({ name }).returning();
    await tx.insert(schema.memberships).values({ organizationId: org!.id, userId: actor.userId, role: "admin" });
    await tx.update(schema.users).set({ activeOrganizationId: org!.id }).where(eq(schema.users.id, actor.userId));
    await recordAudit(tx, { organizationId: org!.id, actor, action: "organization.created", target: org!.id, details: { name } });
    return { organizationId: org!.id };
  });
}

/** The demo organisation and its admin, on an empty embedded database. */
export async function seedDemo(db: Db, password: string) {
  return createFirstAdmin(
    db,
    { organizationName: DEMO_ORGANIZATION_NAME, name: "Demo Admin", email: DEMO_ADMIN_EMAIL, password },
    { isDemo: true },
  );
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email.trim().toLowerCase())).limit(1);
  return user ?? null;
}

export async function adminCount(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.organizationId, organizationId), eq(schema.memberships.role, "admin")));
  return row?.n ?? 0;
}
