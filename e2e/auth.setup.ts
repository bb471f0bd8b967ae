import { mkdirSync } from "node:fs";
import { test as setup, expect } from "@playwright/test";
import { ADMIN_STATE, demoAdmin, signIn } from "./fixtures";

setup("sign in as the demo admin", async ({ page }) => {
  const admin = demoAdmin();
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/overview$/);
  mkdirSync(".data/e2e-state", { recursive: true });
  await page.context().storageState({ path: ADMIN_STATE });
});
