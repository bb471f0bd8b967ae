import { test, expect, demoAdmin, signIn } from "./fixtures";

test("signs in with the printed demo credentials, moves around the shell, and signs out", async ({ page }) => {
  const admin = demoAdmin();
  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Ftransactions$/);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/overview$/);
  // The demo is connected to the sandbox: balances are read from it.
  await expect(page.getByRole("heading", { name: "Balances" })).toBeVisible();
  await expect(page.getByTestId("balance-BRL")).toBeVisible();
  await expect(page.getByTestId("sandbox-banner")).toContainText("Sandbox: test data.");

  // The shell's links move within one document (the App Router), not by reloading each page.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  for (const [link, heading] of [
    ["Transactions", "Transactions"],
    ["Receive", "Receive"],
    ["Send", "Send"],
    ["Convert", "Convert"],
    ["Wallets", "Wallets"],
    ["Infractions", "Infractions"],
    ["Settings", "Settings"],
  ] as const) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login/);
});

test("refuses a wrong password with a clear message", async ({ page }) => {
  const admin = demoAdmin();
  await signIn(page, admin.email, "not-the-password");
  await expect(page.getByText("The e-mail or password is incorrect.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("switches theme from the account menu", async ({ page }) => {
  const admin = demoAdmin();
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/overview$/);
  const html = page.locator("html");
  await page.getByRole("button", { name: /Account menu/ }).click();
  // Submenus by keyboard, as a keyboard user would.
  await page.getByRole("menuitem", { name: "Theme" }).press("ArrowRight");
  await page.getByRole("menuitemradio", { name: "Dark" }).press("Enter");
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Theme" }).press("ArrowRight");
  await page.getByRole("menuitemradio", { name: "Light" }).press("Enter");
  await expect(html).not.toHaveClass(/dark/);
});
