/**
 * Deadline alerts are judged on the API's clock: with an internal deadline of 160 hours, an
 * infraction opened now is due for the team in 8 hours (the 24 h alert at once); when the sandbox's
 * clock moves 3 hours on, the dashboard learns it from the API's answers and the 6 h alert appears in
 * the inbox (and on the Overview, which lists the five due first) without a reload.
 *
 * In an organisation of its own (its internal deadline is organisation-wide), so that it may run
 * anywhere among the journeys. The sandbox's clock is the sandbox's: moving it 3 hours forward
 * brings every organisation's deadlines 3 hours nearer, which no other journey depends on.
 */
import { test, expect, memberContext, ownOrganization, sandboxControl } from "./fixtures";

test("the 6 h alert appears after the sandbox clock advances past it", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const { integration, back } = await ownOrganization(page, `Clock Co ${Date.now().toString(36)}`);
  try {
    await page.goto("/settings/infractions");
    const hours = page.getByLabel("Reply this many hours before the provider's deadline");
    await hours.fill("160");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Deadlines shown are your team's: 160 hours before the provider's.")).toBeVisible();
    const charge = await integration.cashin.create({ amount: 64, currency: "BRL", payer: { name: "Clock Payer", document: "52998224725" } });
    const control = sandboxControl();
    await control.simulate(charge.transaction_id, { event: "cashin.confirmed" });
    const { infraction_id: id } = await control.openInfraction({ transaction_id: charge.transaction_id, type: "REFUND_REQUEST" });
    await page.goto("/infractions?status=open");
    const alert = page.getByTestId(`infraction-${id}`);
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toHaveAttribute("data-threshold", "24h", { timeout: 30_000 });
    await expect(alert.getByTestId("alert-threshold")).toHaveText("Under 24 h left");
    await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
    await control.advanceClock(3 * 3600 + 60);
    await expect(alert).toHaveAttribute("data-threshold", "6h", { timeout: 30_000 });
    await expect(alert.getByTestId("alert-threshold")).toHaveText("Under 6 h left");
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
    // The Overview's "Needs your attention": this organisation's one infraction, due for the team now.
    await page.goto("/overview");
    await expect(page.getByTestId("attention").locator('[data-threshold="6h"]').first()).toBeVisible();
    // It names who disputes the payment.
    await expect(page.getByTestId("attention-infraction").first()).toContainText("MED dispute: Refund request · R$64.00 · Clock Payer");
  } finally {
    await back();
    await context.close();
  }
});
