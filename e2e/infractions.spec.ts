/**
 * The MED inbox on the live demo: the demo's open infractions (from the API's list) sorted by
 * deadline with the time left in words, the navigation's badge for those due within 48 hours, and
 * an infraction opened at the sandbox appearing without a reload once its webhook is read back.
 */
import { test, expect, memberContext, merchantIntegration, sandboxControl, seriousViolations } from "./fixtures";

test.describe.configure({ mode: "serial" });

test("the inbox lists the demo's infractions due first, and the badge counts those due within 48 hours", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await expect(async () => {
    await page.goto("/infractions");
    await expect(page.getByTestId("infractions-table")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  const dues = await page.getByTestId("infraction-due").allTextContents();
  expect(dues.length).toBeGreaterThanOrEqual(3);
  // due first: the demo's two urgent ones (about 4 and 20 hours) lead
  expect(dues[0]).toMatch(/^Due in \d+ hours?$/);
  await expect(page.locator("tr[data-urgency=urgent]").first()).toBeVisible();
  await expect(page.getByTestId("nav-badge-infractions").first()).toContainText(/^\d+/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await context.close();
});

test("an infraction opened at the sandbox appears live with its deadline", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const integration = await merchantIntegration(page);
  const charge = await integration.cashin.create({ amount: 80, currency: "BRL", payer: { name: "Disputing Payer", document: "52998224725" } });
  const control = sandboxControl();
  await control.simulate(charge.transaction_id, { event: "cashin.confirmed" });
  await page.goto("/infractions?status=open");
  await expect(page.locator("[data-live-state=live]").first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
  const opened = await control.openInfraction({ transaction_id: charge.transaction_id, type: "FRAUD", reason: "Payer says the card was stolen" });
  const row = page.getByTestId(`infraction-${opened.infraction_id}`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId("infraction-due")).toHaveText(/^Due in (7|6) days$/);
  await expect(row).toContainText("Fraud");
  await expect(row).toContainText("R$80.00");
  expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
  await context.close();
});
