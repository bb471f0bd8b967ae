/**
 * The page tour: every page once, as a signed-in admin and as a guest, with the browser's console
 * listened to (no error, no failed request, no CSP report, no uncaught exception) and axe-core run in
 * the light theme and again in the dark one (switched with emulateMedia, as the operating system
 * would switch it). Open dialogs and the 403 page are pages too. It replaces three walks of the same
 * sixteen pages (axe light, axe dark, the console sweep): each page is rendered once here.
 */
import type { Page } from "@playwright/test";
import { test, expect, as, bothThemes, seriousViolations, ADMIN_STATE, COLOUR_RULES, SIGNED_IN_PAGES } from "./fixtures";

/** Everything the browser reports as wrong on `page`, from now on. */
function listen(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400 && !(r.status() === 403 && r.url().endsWith("/settings/team"))) problems.push(`${r.status()} ${r.url()}`);
  });
  return problems;
}

test("every signed-in page once, at a laptop's 1024 px: no console error or failed request, no serious axe violation in the light or dark theme, and no page wider than the window", async ({ browser }) => {
  // Seventeen pages and four open dialogs and lists, each scanned whole, then for contrast in the dark theme; the first while the demo's first sync may still run.
  test.setTimeout(240_000);
  // The narrowest laptop: a table wider than its card scrolls inside it, but nothing may widen the page (the request log did, to 1,322 px).
  const { context, page } = await as(browser, "admin", { colorScheme: "light", viewport: { width: 1024, height: 768 } });
  const problems = listen(page);
  const violations: string[] = [];
  const wide: string[] = [];
  for (const path of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 1024) wide.push(`${path}: ${width} px`);
    violations.push(...(await bothThemes(page, path)));
  }
  // Open dialogs are pages too.
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  violations.push(...(await bothThemes(page, "invite member dialog")));
  await page.goto("/settings/credentials");
  await page.getByRole("button", { name: "Register credential" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  violations.push(...(await bothThemes(page, "register credential dialog")));
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("send");
  await expect(page.getByTestId("search-results")).toHaveAttribute("data-query", "send");
  violations.push(...(await bothThemes(page, "search palette")));
  await page.keyboard.press("Escape");
  // The bell's list too: the demo's open MED disputes and their deadline reminders are in it.
  await page.goto("/overview");
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification").filter({ hasText: "MED dispute opened" }).first()).toBeVisible();
  violations.push(...(await bothThemes(page, "notifications")));
  await context.close();
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
  expect(wide).toEqual([]);
});

test("the sign-in page and the 403 page: no console error, no serious axe violation in either theme", async ({ browser }) => {
  const guest = await browser.newContext({ colorScheme: "light" });
  const login = await guest.newPage();
  const problems = listen(login);
  await login.goto("/login");
  await expect(login.getByRole("heading", { level: 1 })).toBeVisible();
  await login.waitForLoadState("networkidle");
  const violations = await bothThemes(login, "/login");
  await guest.close();

  const { context, page } = await as(browser, "viewer", { colorScheme: "light" });
  problems.push(...listen(page));
  expect((await page.goto("/settings/team"))?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  violations.push(...(await bothThemes(page, "403")));
  await context.close();
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
});

test("at phone width the bell's list fits, the navigation opens from a menu button and works by keyboard, and the admin tables read as labelled rows", async ({ browser }) => {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/overview");
  // The bell's list fits the phone's width.
  await page.getByTestId("notification-bell").click();
  const list = page.getByTestId("notification-list");
  await expect(list.getByTestId("notification").first()).toBeVisible();
  const box = (await list.boundingBox())!;
  expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open navigation" }).focus();
  await page.keyboard.press("Enter");
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(await seriousViolations(page), "mobile navigation").toEqual([]);
  await sheet.getByRole("link", { name: "Wallets" }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByRole("dialog")).toBeHidden();
  // A page family's sections scroll sideways on a phone; the one shown is in view, the last included.
  for (const [path, name, section] of [
    ["/settings/audit", "Settings", "Audit log"],
    ["/send/approvals", "Ways to send", "Approvals"],
  ] as const) {
    await page.goto(path);
    const strip = page.getByRole("navigation", { name });
    const open = strip.getByRole("link", { name: section });
    await expect(open).toHaveAttribute("aria-current", "page");
    // Its whole width inside the strip and the screen (the strip clips its own bottom border's pixel by design).
    await expect(async () => {
      const [s, o] = [(await strip.boundingBox())!, (await open.boundingBox())!];
      expect(o.x, path).toBeGreaterThanOrEqual(s.x);
      expect(o.x + o.width, path).toBeLessThanOrEqual(Math.min(s.x + s.width, 390));
    }).toPass({ timeout: 5_000 });
  }
  // The admin tables read as rows of labelled values on a phone: nothing scrolls sideways, and each
  // value is under its column's name.
  for (const [path, label] of [
    ["/settings/audit", "Time"],
    ["/settings/team", "Member"],
    ["/settings/webhooks", "Received"],
    ["/settings/developers", "Time"],
  ] as const) {
    await page.goto(path);
    const table = page.locator("table.phone-rows").first();
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const seen = await table.evaluate((t) => {
      const box = t.parentElement!;
      const cell = t.querySelector("tbody td")!;
      return { sideways: box.scrollWidth - box.clientWidth, page: document.documentElement.scrollWidth, label: getComputedStyle(cell, "::before").content, header: getComputedStyle(t.querySelector("thead")!).display };
    });
    expect(seen, path).toEqual({ sideways: 0, page: 390, label: JSON.stringify(label), header: "none" });
  }
  // The balances' checks keep their two columns, the result wrapping under its badge.
  await page.goto("/settings/reconciliation");
  const balances = page.getByRole("table", { name: "Balances" });
  await expect(balances.locator("tbody tr").first()).toBeVisible();
  expect(await balances.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
  await context.close();
});

test("the accessibility check finds what it looks for: an unnamed button and an image without text, and low contrast in the dark theme only", async ({ page }) => {
  // The check above runs axe-core in the page itself (e2e/fixtures.ts `seriousViolations`): a page
  // with known faults proves that it reads the whole document and sees the theme the browser is in.
  await page.setContent(`<!doctype html><html lang="en"><head><title>faults</title><style>
    p { color: #111; background: #fff; } @media (prefers-color-scheme: dark) { p { color: #333; background: #222; } }
  </style></head><body><main><h1>Faults</h1><p>Balance due today</p><button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`);
  await page.emulateMedia({ colorScheme: "light" });
  const light = await seriousViolations(page);
  expect(light.map((v) => v.split(" ")[0]).sort()).toEqual(["button-name", "image-alt"]);
  expect(await seriousViolations(page, { rules: COLOUR_RULES })).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  expect((await seriousViolations(page, { rules: COLOUR_RULES })).map((v) => v.split(" ")[0])).toEqual(["color-contrast"]);
});
