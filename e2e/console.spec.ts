/**
 * No page logs an error in the browser console or throws: not a missing icon, a hydration mismatch,
 * a failed request, or a CSP report.
 */
import { test, expect, memberContext, SIGNED_IN_PAGES } from "./fixtures";

test("signed-in pages and the sign-in page log no console error", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  for (const path of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  await context.close();

  const guest = await browser.newContext();
  const login = await guest.newPage();
  login.on("console", (m) => {
    if (m.type() === "error") problems.push(`/login: ${m.text()}`);
  });
  await login.goto("/login");
  await expect(login.getByRole("heading", { level: 1 })).toBeVisible();
  await login.waitForLoadState("networkidle");
  await guest.close();
  expect(problems).toEqual([]);
});
