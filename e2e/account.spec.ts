/**
 * Account, as a merchant sees it on the demo organisation against the real sandbox: the profile
 * (KYC level and status, account status), the limits with what was used today and this month, and
 * the fees, each saying where and when it was read; "Read again" asks the API instead of the team's
 * shared copy; and the page fits a phone's width without horizontal scrolling.
 *
 * The figures asserted are the sandbox's defaults for every account (sandbox/config.ts:
 * DEFAULT_KYC_LEVEL, DEFAULT_FEES, DEFAULT_LIMITS) and the demo's merchant (lib/demo/history.ts).
 */
import type { Page } from "@playwright/test";
import { test, expect, memberContext } from "./fixtures";

/** Opens every currency of the limits (those without use this month start closed). */
async function openAllLimits(page: Page) {
  const closed = page.locator("[data-testid=account-limits] details:not([open]) > summary");
  while ((await closed.count()) > 0) await closed.first().click();
}

test("the Account page shows the sandbox account's profile, limits and fees, and where they come from", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/overview");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();

  // Profile
  const profile = page.getByTestId("account-profile");
  await expect(profile.getByTestId("profile-kycLevel").locator("dd")).toHaveText("Level 2");
  await expect(profile.getByTestId("profile-kycStatus").locator("dd")).toHaveText("Approved");
  await expect(profile.getByTestId("profile-status").locator("dd")).toHaveText("Active");
  await expect(profile.getByTestId("profile-name").locator("dd")).toHaveText("Demo Merchant Ltda");
  await expect(profile.getByTestId("profile-username").locator("dd")).toHaveText(/^demo-[0-9a-f]{8}$/);
  await expect(profile.getByTestId("profile-document").locator("dd")).toHaveText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  await expect(page.getByTestId("profile-read-at")).toHaveText(/^Read from the Sandbox API \(Demo sandbox\) at .+/);

  // Limits: BRL cash-out, with its use summed from the mirror beside the API's own count
  const limits = page.getByTestId("account-limits");
  await expect(page.getByTestId("limits-read-at")).toHaveText(/^Read from the Sandbox API \(Demo sandbox\) at .+/);
  await expect(page.getByTestId("limits-mirror-source")).toContainText("summed from the transaction mirror, synced at");
  await openAllLimits(page);
  const brlCashout = limits.getByTestId("limits-BRL").getByTestId("limit-BRL-cashout");
  await expect(brlCashout.getByRole("heading", { name: "Cash-out" })).toBeVisible();
  await expect(brlCashout.getByTestId("limit-min")).toHaveText("R$1.00");
  await expect(brlCashout.getByTestId("limit-per-operation-max")).toHaveText("R$100,000.00");
  const today = brlCashout.getByTestId("limit-today");
  await expect(today.getByTestId("used-of")).toHaveText(/^R\$[\d,]+\.\d{2} of R\$1,000,000\.00$/);
  await expect(today.getByRole("progressbar")).toHaveAttribute("aria-valuemin", "0");
  await expect(today.getByTestId("api-count")).toHaveText(/^The API counts/);
  const month = brlCashout.getByTestId("limit-month");
  await expect(month.getByTestId("used-of")).toHaveText(/^R\$[\d,]+\.\d{2} of R\$10,000,000\.00$/);
  await expect(month.getByRole("progressbar")).toBeVisible();
  await expect(limits.getByTestId("limit-BTC-cashin").getByTestId("limit-per-operation-max")).toHaveText("10.00 BTC");
  await expect(limits.getByTestId("limit-MXN-cashout").getByTestId("limit-today").getByTestId("used-of")).toContainText("of MX$5,000,000.00");

  // Fees
  const fees = page.getByTestId("account-fees");
  await expect(page.getByTestId("fees-read-at")).toHaveText(/^Read from the Sandbox API \(Demo sandbox\) at .+/);
  await expect(fees.getByTestId("fees-cashin").getByRole("heading", { name: "Cash-in" })).toBeVisible();
  const pixIn = fees.getByTestId("fee-cashin-PIX-BRL");
  await expect(pixIn.getByTestId("fee-percentage").locator("dd")).toHaveText("1.5%");
  await expect(pixIn.getByTestId("fee-fixed").locator("dd")).toHaveText("R$0.00");
  await expect(pixIn.getByTestId("fee-minimum").locator("dd")).toHaveText("R$0.10");
  await expect(fees.getByTestId("fee-cashin-BOLETO-BRL").getByTestId("fee-fixed").locator("dd")).toHaveText("R$0.50");
  await expect(fees.getByTestId("fee-cashout-PIX-BRL").getByTestId("fee-fixed").locator("dd")).toHaveText("R$0.50");
  await expect(fees.getByTestId("fee-cashout-SPEI-MXN").getByTestId("fee-fixed").locator("dd")).toHaveText("MX$5.00");
  await expect(fees.getByTestId("fee-cashout-CRYPTO-BTC").getByTestId("fee-fixed").locator("dd")).toHaveText("0.00005 BTC");
  await expect(fees.getByTestId("fee-conversion-any-USDT").getByTestId("fee-percentage").locator("dd")).toHaveText("0.2%");
  await expect(fees.getByTestId("fee-transfer-any-BRL").getByTestId("fee-free")).toHaveText("No fee");
  await expect(page.getByTestId("api-failure")).toHaveCount(0);
  await context.close();
});

test("Read again asks the API; the next visit uses the copy the team shares", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/account");
  const readAt = page.getByTestId("profile-read-at");
  const before = await readAt.getAttribute("data-read-at");
  await page.getByRole("button", { name: "Read again" }).click();
  // a new answer (a new read time, to the millisecond), not the shared copy
  await expect(readAt).not.toHaveAttribute("data-read-at", before!);
  await expect(readAt).toHaveAttribute("data-cached", "false");
  await expect(page.getByTestId("limits-read-at")).toHaveAttribute("data-cached", "false");
  await expect(page.getByTestId("fees-read-at")).toHaveAttribute("data-cached", "false");
  const fresh = await readAt.getAttribute("data-read-at");
  await page.reload();
  // within the profile's 5 minutes, the same answer from the shared copy, and the page says so
  await expect(readAt).toHaveAttribute("data-cached", "true");
  await expect(readAt).toHaveAttribute("data-read-at", fresh!);
  await expect(readAt).toContainText("from the copy your team shares");
  await context.close();
});

test("at phone width (390 px) the Account page has no horizontal scrolling", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 } });
  await page.goto("/account");
  await expect(page.getByTestId("fee-cashin-PIX-BRL")).toBeVisible();
  await expect(page.getByTestId("profile-kycLevel")).toBeVisible();
  await openAllLimits(page);
  await expect(page.getByTestId("limit-BRL-cashout")).toBeVisible();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
  // nothing inside the page sticks out either (an overflow a parent clips would not show in scrollWidth)
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.right > window.innerWidth + 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}[data-testid=${el.getAttribute("data-testid") ?? ""}] ${el.textContent?.slice(0, 40) ?? ""}`)
      .slice(0, 5),
  );
  expect(outside).toEqual([]);
  await context.close();
});
