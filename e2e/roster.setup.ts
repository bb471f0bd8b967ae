/**
 * The roster, made once per run and through the product's own doors: the demo admin signs in with
 * the password `npm start` printed; a second admin, an operator, a support member and a viewer are
 * invited from the Team page, read their invitation in the mail catcher, set their password on the
 * invitation page and land signed in. Each browser's signed-in state is stored, and journeys open a
 * context as one of them (`as(browser, role)` in fixtures.ts) instead of inviting and signing in
 * again. Journeys about membership itself (invitations, demotion, removal, the door) make their own.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { test as setup, expect } from "@playwright/test";
import { ROSTER_FILE, STATE_DIR, demoAdmin, invite, join, signIn, statePath, type Member, type RosterRole } from "./fixtures";

setup("the roster: the demo admin, and an admin, operator, support and viewer invited by mail", async ({ browser }) => {
  setup.setTimeout(240_000);
  mkdirSync(STATE_DIR, { recursive: true });
  const admin = demoAdmin();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/overview$/);
  await context.storageState({ path: statePath("admin") });
  await context.close();

  const roster: Partial<Record<RosterRole, Member>> = { admin: { name: "Demo Admin", ...admin, role: "admin", rosterRole: "admin" } };
  const run = Date.now().toString(36);
  for (const [rosterRole, role] of [["admin2", "admin"], ["operator", "operator"], ["support", "support"], ["viewer", "viewer"]] as const) {
    const member: Member = { name: `Roster ${rosterRole}`, email: `roster-${rosterRole}-${run}@e2e.test`, password: `roster-${rosterRole}-${run}-amber-harbour`, role, rosterRole };
    const link = await invite(browser, member.email, role);
    await join(browser, link, member.name, member.password, statePath(rosterRole));
    roster[rosterRole] = member;
  }
  writeFileSync(ROSTER_FILE, JSON.stringify(roster, null, 2));
});
