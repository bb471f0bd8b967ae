import { test, expect, addMember, seriousViolations, signIn, ADMIN_STATE, SIGNED_IN_PAGES } from "./fixtures";

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("signed-in pages have no serious or critical axe violations", async ({ browser }) => {
      // Sixteen pages, each scanned whole by axe, the first of them while the demo's first sync runs.
      test.setTimeout(180_000);
      const context = await browser.newContext({ storageState: ADMIN_STATE, colorScheme: theme });
      const page = await context.newPage();
      for (const path of SIGNED_IN_PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
      }
      // Open menus and dialogs are pages too.
      await page.goto("/settings/team");
      await page.getByRole("button", { name: "Invite member" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page), `invite member dialog (${theme})`).toEqual([]);
      await page.goto("/settings/credentials");
      await page.getByRole("button", { name: "Register credential" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await seriousViolations(page), `register credential dialog (${theme})`).toEqual([]);
      await context.close();
    });

    test("sign-in and 403 pages have no serious or critical axe violations", async ({ page, browser }) => {
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), `/login (${theme})`).toEqual([]);

      const viewer = await addMember(browser, "viewer", `a11y-${theme}`);
      await signIn(page, viewer.email, viewer.password);
      await expect(page).toHaveURL(/\/overview$/);
      await page.goto("/settings/team");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), `403 (${theme})`).toEqual([]);
    });
  });
}

test("at phone width the navigation opens from a menu button and works by keyboard", async ({ browser }) => {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/overview");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open navigation" }).focus();
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(await seriousViolations(page), "mobile navigation").toEqual([]);
  await sheet.getByRole("link", { name: "Wallets" }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByRole("dialog")).toBeHidden();
  await context.close();
});
