/**
 * The team of an organisation: members, their roles, adding and removing.
 * Functions take the organisation explicitly and return plain objects.
 * Callers (server actions) have already authorised the admin.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/driver";
import * as schema from "@/lib/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { recordAudit, type Actor } from "@/lib/audit/audit";
import type { Role } from "@/lib/auth/roles";

type Db = Database<typeof schema>;

export type MemberDto = { userId: string; name: string; email: string; role: Role; since: string };

export async function listMembers(db: Db, organizationId: string): Promise<MemberDto[]> {
  const rows = await db
    .select({
      userId: schema.users.id,
      name: schema.users.name,
      email: schema.users.email,
      role: schema.memberships.role,
      since: schema.memberships.createdAt,
    })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(eq(schema.memberships.organizationId, organizationId))
    .orderBy(asc(schema.memberships.createdAt), asc(schema.users.email));
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
}

export type TeamChangeError = "LAST_ADMIN" | "NOT_A_MEMBER" | "ALREADY_MEMBER";
export class TeamChangeRefused extends Error {
  constructor(readonly code: TeamChangeError) {
    super(code);
  }
}

/** Serialises changes to one organisation's admins so it can never lose its last one. */
async function lockOrganization(tx: Db, organizationId: string) {
  await tx.execute(sql`select 1 from organizations where id = ${organizationId} for update`);
}

async function adminsOf(tx: Db, organizationId: string) {
  return tx
    .select({ userId: schema.memberships.userId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.organizationId, organizationId), eq(schema.memberships.role, "admin")));
}

export async function changeRole(db: Db, organizationId: string, userId: string, role: Role, actor: Actor) {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const admins = await adminsOf(tx, organizationId);
    if (role !== "admin" && admins.length === 1 && admins[0]!.userId === userId) throw new TeamChangeRefused("LAST_ADMIN");
    const updated = await tx
      .update(schema.memberships)
      .set({ role })
      .where(and(eq(schema.memberships.organizationId, organizationId), eq(schema.memberships.userId, userId)))
      .returning();
    if (updated.length === 0) throw new TeamChangeRefused("NOT_A_MEMBER");
    await recordAudit(tx, { organizationId, actor, action: "member.role_changed", target: userId, details: { role } });
  });
}

export async function removeMember(db: Db, organizationId: string, userId: string, actor: Actor) {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const admins = await adminsOf(tx, organizationId);
    if (admins.length === 1 && admins[0]!.userId === userId) throw new TeamChangeRefused("LAST_ADMIN");
    const removed = await tx
      .delete(schema.memberships)
      .where(and(eq(schema.memberships.organizationId, organizationId), eq(schema.memberships.userId, userId)))
      .returning();
    if (removed.length === 0) throw new TeamChangeRefused("NOT_A_MEMBER");
    await recordAudit(tx, { organizationId, actor, action: "member.removed", target: userId });
  });
}

/**
 * Adds a member. A new e-mail gets an account with the given temporary
 * password; an e-mail that already has an account (in another organisation)
 * joins with its existing password.
 */
export async function addMember(
  db: Db,
  organizationId: string,
  input: { name: string; email: string; role: Role; temporaryPassword: string },
  actor: Actor,
): Promise<{ userId: string; createdAccount: boolean }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.temporaryPassword);
  return db.transaction(async (tx) => {
    let [user] = await tx.select().from(schema.users).where(eq(schema.users.email, email)).limit(1);
    let createdAccount = false;
    if (!user) {
      [user] = await tx
        .insert(schema.users)
        .values({ email, name: input.name, passwordHash, activeOrganizationId: organizationId })
        .returning();
      createdAccount = true;
    }
    const inserted = await tx
      .insert(schema.memberships)
      .values({ organizationId, userId: user!.id, role: input.role })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new TeamChangeRefused("ALREADY_MEMBER");
    await recordAudit(tx, { organizationId, actor, action: "member.added", target: user!.id, details: { role: input.role } });
    return { userId: user!.id, createdAccount };
  });
}
