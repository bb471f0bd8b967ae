import { test, expect, addMember, memberContext, roster, signIn } from "./fixtures";

test("a viewer gets 403 on the admin-only Team page, and the admin-only action refuses a direct call", async ({ browser, page }) => {
  // The roster's viewer (their role is what the test tries and fails to change); the bystander is
  // new, as the admin really changes their role.
  const viewer = roster("viewer");
  const bystander = await addMember(browser, "operator", "bystander");

  // The admin changes a role once, so we can see exactly what the browser sends for that action.
  const { context: admin, page: adminPage } = await memberContext(browser);
  await adminPage.goto("/settings/team");
  const viewerRow = adminPage.getByTestId(`member-${viewer.email}`);
  const viewerId = await viewerRow.getAttribute("data-user-id");
  expect(viewerId).toBeTruthy();
  const actionRequest = adminPage.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await adminPage.getByRole("combobox", { name: `Change role of ${bystander.name}` }).click();
  await adminPage.getByRole("option", { name: "Support" }).click();
  const captured = await actionRequest;
  await expect(adminPage.getByText("Role updated.").first()).toBeVisible();

  // The viewer signs in and is refused the page with HTTP 403.
  await signIn(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/overview$/);
  const response = await page.goto("/settings/team");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  // Nor is the page linked for them.
  await page.goto("/settings/preferences");
  await expect(page.getByRole("link", { name: "Team" })).toHaveCount(0);

  // The viewer replays the admin's action directly, trying to make themselves admin.
  const body = JSON.stringify([{ userId: viewerId, role: "admin" }]);
  const direct = await page.request.post(captured.url(), {
    headers: {
      "next-action": captured.headers()["next-action"]!,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
    },
    data: body,
  });
  const text = await direct.text();
  expect(text).toContain('"code":"FORBIDDEN"');
  expect(text).not.toContain('"ok":true');

  // Nothing changed: the admin still sees a viewer, and the viewer is still refused.
  await adminPage.reload();
  await expect(adminPage.getByTestId(`member-${viewer.email}`).getByRole("combobox")).toHaveText("Viewer");
  expect((await page.goto("/settings/team"))?.status()).toBe(403);
  await admin.close();
});

test("a demotion takes effect on the member's next request", async ({ browser, page }) => {
  const member = await addMember(browser, "admin", "demoted");
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/overview$/);
  expect((await page.goto("/settings/team"))?.status()).toBe(200);

  const { context: admin, page: adminPage } = await memberContext(browser);
  await adminPage.goto("/settings/team");
  await adminPage.getByRole("combobox", { name: `Change role of ${member.name}` }).click();
  await adminPage.getByRole("option", { name: "Viewer" }).click();
  await expect(adminPage.getByText("Role updated.").first()).toBeVisible();
  await admin.close();

  // Same session cookie, next request: refused.
  expect((await page.goto("/settings/team"))?.status()).toBe(403);
});
