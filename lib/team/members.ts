/**
 * The team of an organisation: members, their roles, removing (people join by invitation:
 * lib/team/invitations.ts).
 * Functions take the organisation explicitly and return plain objects.
 * Callers (server actions) have already authorised the admin.
 */
import { Refusal } from "@/lib/refusal";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/scope";
import * as schema from "@/lib/db/schema";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { recordAudit, type Actor } from "@/lib/audit/audit";
import type { Role } from "@/lib/auth/roles";

export type MemberDto = { userId: string; name: string; email: string; role: Role; since: string; twoFactor: boolean };

/** Who is in the organisation, by name and role: enough to show an assignee or offer one. */
export async function memberNames(db: Db, organizationId: string): Promise<{ id: string; name: string; role: Role }[]> {
  return db
    .select({ id: schema.users.id, name: schema.users.name, role: schema.memberships.role })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(eq(schema.memberships.organizationId, organizationId));
}

export async function listMembers(db: Db, organizationId: string): Promise<MemberDto[]> {
  const rows = await db
    .select({
      userId: schema.users.id,
      name: schema.users.name,
      email: schema.users.email,
      role: schema.memberships.role,
      since: schema.memberships.createdAt,
      totpEnabledAt: schema.users.totpEnabledAt,
    })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .where(eq(schema.memberships.organizationId, organizationId))
    .orderBy(asc(schema.memberships.createdAt), asc(schema.users.email));
  return rows.map(({ totpEnabledAt, ...r }) => ({ ...r, since: r.since.toISOString(), twoFactor: totpEnabledAt !== null }));
}

export type TeamChangeError = "LAST_ADMIN" | "NOT_A_MEMBER";
export class TeamChangeRefused extends Refusal<TeamChangeError> {
  constructor(code: TeamChangeError) {
    super(code, code === "LAST_ADMIN" ? "team.lastAdmin" : "errors.forbidden");
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
    // Removal ends the member's sessions at once, on every instance (lib/auth/sessions.ts).
    await revokeUserSessions(tx, userId, "removed");
    await recordAudit(tx, { organizationId, actor, action: "member.removed", target: userId });
  });
}
