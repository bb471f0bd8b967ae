import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, ROLES, type Permission, type Role } from "./roles";

/** The policy, written out in full: if a row changes here, it changed on purpose. */
const EXPECTED: Record<Role, Permission[]> = {
  admin: [
    "dashboard.view",
    "charges.create",
    "money.move",
    "money.approve",
    "infractions.reply",
    "team.manage",
    "credentials.manage",
    "logs.view",
    "organization.manage",
  ],
  operator: ["dashboard.view", "charges.create", "money.move"],
  support: ["dashboard.view", "infractions.reply"],
  viewer: ["dashboard.view"],
};

describe("can(role, permission)", () => {
  const permissions = Object.keys(PERMISSIONS) as Permission[];
  for (const role of ROLES) {
    for (const permission of permissions) {
      const allowed = EXPECTED[role].includes(permission);
      it(`${role} ${allowed ? "may" : "may not"} ${permission}`, () => {
        expect(can(role, permission)).toBe(allowed);
      });
    }
  }
});
