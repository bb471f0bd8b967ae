import { expect, it } from "vitest";
import { count } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import { createFirstAdmin, userCount } from "@/lib/organizations/setup";
import { changeRole, listMembers, removeMember, TeamChangeRefused } from "@/lib/team/members";
import { createInvitation } from "@/lib/team/invitations";
import { invitedMember } from "./support/team";
import { describeEachDatabase } from "./support/databases";

describeEachDatabase("first run and the team", (db) => {
  it("creates exactly one first admin when two submissions race", async () => {
    expect(await userCount(db())).toBe(0);
    const results = await Promise.all(
      [1, 2, 3].map((i) => createFirstAdmin(db(), { organizationName: `Org ${i}`, name: `Admin ${i}`, email: `first${i}@test.dev`, password: "p".repeat(12) })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await userCount(db())).toBe(1);
    const [orgs] = await db().select({ n: count() }).from(schema.organizations);
    expect(orgs!.n).toBe(1);
  });

  it("never leaves an organisation without an admin", async () => {
    const [org] = await db().select().from(schema.organizations).limit(1);
    const [admin] = await db().select().from(schema.users).limit(1);
    await expect(changeRole(db(), org!.id, admin!.id, "viewer", { userId: admin!.id, address: null })).rejects.toThrow(TeamChangeRefused);
    await expect(removeMember(db(), org!.id, admin!.id, { userId: admin!.id, address: null })).rejects.toMatchObject({ code: "LAST_ADMIN" });
    const second = await invitedMember(db(), org!.id, { email: "second@test.dev", role: "admin" }, admin!.id);
    await changeRole(db(), org!.id, admin!.id, "operator", { userId: second.userId, address: null });
    const members = await listMembers(db(), org!.id);
    expect(members.map((m) => [m.email, m.role])).toEqual(expect.arrayContaining([[admin!.email, "operator"], ["second@test.dev", "admin"]]));
  });

  it("refuses to invite someone who is already a member (whatever the case of the e-mail)", async () => {
    const [org] = await db().select().from(schema.organizations).limit(1);
    const [admin] = await db().select().from(schema.users).limit(1);
    await expect(createInvitation(db(), org!.id, { email: "SECOND@test.dev", role: "viewer" }, { userId: admin!.id, address: null })).rejects.toMatchObject({ code: "ALREADY_MEMBER" });
  });
});
