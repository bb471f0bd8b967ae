import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { AuthorizationError, isMember, resolveAccess } from "@/lib/auth/access";
import { PERMISSIONS, ROLES, can, type Permission, type Role } from "@/lib/auth/roles";
import * as schema from "@/lib/db/schema";
import { changeRole, removeMember } from "@/lib/team/members";
import { invitedMember } from "../support/team";
import { createFirstAdmin } from "@/lib/organizations/setup";
import { describeEachDatabase } from "../support/databases";

const PERMS = Object.keys(PERMISSIONS) as Permission[];

async function denial(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "allowed";
  } catch (e) {
    if (e instanceof AuthorizationError) return e.reason;
    throw e;
  }
}

describeEachDatabase("the authorisation function", (db) => {
  it("grants each role exactly its permissions, reading the role from the database", async () => {
    const created = await createFirstAdmin(db(), { organizationName: "Org A", name: "Admin A", email: "admin-a@test.dev", password: "x".repeat(12) });
    // createFirstAdmin only works on an empty database; later suites add members instead.
    expect(created).not.toBeNull();
    const orgId = created!.organizationId;
    const users: Record<Role, string> = { admin: created!.userId } as Record<Role, string>;
    for (const role of ROLES.filter((r) => r !== "admin")) {
      users[role] = (await invitedMember(db(), orgId, { email: `${role}@test.dev`, role }, created!.userId)).userId;
    }
    for (const role of ROLES) {
      for (const permission of PERMS) {
        const outcome = await denial(resolveAccess(db(), users[role], permission));
        expect(outcome, `${role} / ${permission}`).toBe(can(role, permission) ? "allowed" : "forbidden");
      }
      const access = await resolveAccess(db(), users[role], "dashboard.view");
      expect(access).toMatchObject({ role, organizationId: orgId, organizationName: "Org A" });
    }
  });

  it("refuses a caller without a session, and a user that no longer exists", async () => {
    expect(await denial(resolveAccess(db(), null, "dashboard.view"))).toBe("unauthenticated");
    expect(await denial(resolveAccess(db(), "00000000-0000-4000-8000-000000000000", "dashboard.view"))).toBe("unauthenticated");
  });

  it("applies a demotion or a removal on the very next check", async () => {
    const [org] = await db().select().from(schema.organizations).limit(1);
    const [admin] = await db().select().from(schema.users).where(eq(schema.users.email, "admin-a@test.dev"));
    const { userId } = await invitedMember(db(), org!.id, { email: "demoted@test.dev", role: "admin" }, admin!.id);
    expect(await denial(resolveAccess(db(), userId, "team.manage"))).toBe("allowed");
    await changeRole(db(), org!.id, userId, "viewer", { userId: admin!.id, address: null });
    expect(await denial(resolveAccess(db(), userId, "team.manage"))).toBe("forbidden");
    await removeMember(db(), org!.id, userId, { userId: admin!.id, address: null });
    expect(await denial(resolveAccess(db(), userId, "dashboard.view"))).toBe("no_organization");
  });

  it("uses the role of the organisation the user switched to", async () => {
    const [admin] = await db().select().from(schema.users).where(eq(schema.users.email, "admin-a@test.dev"));
    const [orgB] = await db().insert(schema.organizations).values({ name: "Org B" }).returning();
    await db().insert(schema.memberships).values({ organizationId: orgB!.id, userId: admin!.id, role: "viewer" });
    expect(await isMember(db(), admin!.id, orgB!.id)).toBe(true);
    expect((await resolveAccess(db(), admin!.id, "dashboard.view")).organizationName).toBe("Org A");
    await db().update(schema.users).set({ activeOrganizationId: orgB!.id }).where(eq(schema.users.id, admin!.id));
    const access = await resolveAccess(db(), admin!.id, "dashboard.view");
    expect(access).toMatchObject({ organizationName: "Org B", role: "viewer" });
    expect(access.memberships.map((m) => m.organizationName).sort()).toEqual(["Org A", "Org B"]);
    expect(await denial(resolveAccess(db(), admin!.id, "team.manage"))).toBe("forbidden");
  });
});
