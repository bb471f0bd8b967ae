import { test, expect, FRESH_URL } from "./fixtures";

test.describe("first run on an empty database", () => {
  test.use({ baseURL: FRESH_URL });

  test("creates the first admin, who lands in the dashboard; the page then closes", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "Create the first administrator" })).toBeVisible();

    await page.getByLabel("Organisation name").fill("Loja Aurora");
    await page.getByLabel("Your name").fill("Ana Souza");
    await page.getByLabel("E-mail").fill("ana@aurora.test");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("short");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByText("Use at least 12 characters.")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("a-long-enough-password");
    await page.getByLabel("Confirm password").fill("a-long-enough-password");
    await page.getByRole("button", { name: "Create administrator" }).click();

    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expect(page.getByText("Balances and recent activity of Loja Aurora.")).toBeVisible();

    // Once a user exists, the first-run page is gone for everyone.
    await page.context().clearCookies();
    await page.goto("/setup");
    await expect(page).toHaveURL(/\/login$/);
  });
});
