/**
 * The Overview on the demo organisation against the real sandbox: the balances follow a payment
 * made at the sandbox without a reload and equal what the sandbox itself says; the total in a
 * reporting currency; the daily volume chart for 7, 30 and 90 days, switched by keyboard; the
 * latest transactions open their detail on the Transactions page; nothing scrolls sideways at
 * phone width.
 */
import type { Page } from "@playwright/test";
import { test, expect, memberContext, merchantIntegration, sandboxControl } from "./fixtures";
import type { PaymentApiClient } from "../lib/payment-api";
import { formatMoney } from "../lib/i18n/format";

test.describe.configure({ mode: "serial" });

const control = sandboxControl();

/** The BRL available balance as the sandbox says it, formatted as the page formats it (English). */
async function sandboxBrl(client: PaymentApiClient): Promise<string> {
  const { balances } = await client.account.balance();
  const brl = balances.find((b) => b.currency === "BRL");
  return formatMoney(brl ? brl.available.toFixed() : "0", "BRL", "en");
}

const brlOnPage = (page: Page) => page.getByTestId("balance-BRL").getByTestId("balance-available");

test("the balances equal the sandbox's after a payment made at the sandbox, without a reload", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  // The merchant's own integration: a second credential of the demo's sandbox account.
  const client = await merchantIntegration(page);
  await page.goto("/overview");
  await expect(page.locator("[data-live-state=live]")).toBeVisible();
  // Before anything moves, the page agrees with the sandbox (the shared read lives 15 s at most).
  await expect(async () => {
    await page.reload();
    await expect(brlOnPage(page)).toHaveText(await sandboxBrl(client), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator("[data-live-state=live]")).toBeVisible();
  const before = (await brlOnPage(page).textContent())!;
  // A reload would drop this mark: the page must change in place.
  await page.evaluate(() => ((window as unknown as { __overviewMark: string }).__overviewMark = "still here"));

  const charge = await client.cashin.create({ amount: 23.45, currency: "BRL", payer: { name: "Bruna Lima", document: "52998224725" } });
  await control.simulate(charge.transaction_id, { event: "cashin.confirmed" });

  // The webhook reaches the intake, is read back, drops the cached balance and refreshes the page.
  await expect(brlOnPage(page)).not.toHaveText(before, { timeout: 15_000 });
  await expect(async () => {
    expect(await brlOnPage(page).textContent()).toBe(await sandboxBrl(client));
  }).toPass({ timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __overviewMark?: string }).__overviewMark)).toBe("still here");
  await expect(page.getByTestId("balances-read-at")).toContainText("Read from the Sandbox API");
  // The paid charge is among the latest transactions, in words.
  const row = page.getByTestId(`latest-${charge.transaction_id}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Cash-in · PIX");
  await expect(row).toContainText("R$23.45");
  await expect(row.getByTestId("tx-status")).toHaveText("Paid");
  await context.close();
});

test("the total is an estimate in the member's reporting currency, changeable in the URL", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/overview");
  const total = page.getByTestId("reporting-total");
  // English: US dollars, estimated at the API's USDT rate, with the rates' time.
  await expect(total.getByRole("heading", { name: "Total available in USD" })).toBeVisible();
  await expect(total.getByText("Estimate", { exact: true })).toBeVisible();
  await expect(page.getByTestId("reporting-total-amount")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(total).toContainText("dollars are estimated at the USDT rate");
  await expect(page.getByTestId("reporting-total-source")).toContainText("conversion rates of");
  await total.getByRole("navigation", { name: "Show the total in" }).getByRole("link", { name: "BRL" }).click();
  await expect(page).toHaveURL(/\/overview\?in=BRL$/);
  await expect(page.getByTestId("reporting-total-amount")).toHaveAttribute("data-currency", "BRL");
  await expect(page.getByTestId("reporting-total-amount")).toHaveText(/^R\$[\d,]+\.\d\d$/);
  await page.goto("/overview?in=USDT");
  await expect(page.getByTestId("reporting-total-amount")).toHaveText(/ USDT$/);
  await context.close();
});

test("the volume chart shows 7, 30 and 90 days, switched from the keyboard", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/overview");
  const card = page.getByTestId("volume-card");
  await expect(card).toHaveAttribute("data-period", "30");
  for (const days of [7, 90, 30]) {
    const link = card.getByRole("navigation", { name: "Period" }).getByRole("link", { name: `${days} days` });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(days === 30 ? /\/overview$/ : new RegExp(`/overview\\?period=${days}$`));
    await expect(card).toHaveAttribute("data-period", String(days));
    await expect(link).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("volume-chart")).toHaveAttribute("data-days", String(days));
    // recharts drew the bars (the demo's 60-day history has confirmed volume in every period)
    await expect(page.getByTestId("volume-chart").locator("svg.recharts-surface")).toBeVisible();
    await expect(page.getByTestId("volume-chart").locator(".recharts-bar-rectangle").first()).toBeAttached();
    await expect(page.getByTestId("volume-totals")).toContainText(`Over ${days} days: cash-in`);
    // The same figures as a table, one row per day, for screen readers and keyboards.
    await card.getByText("Figures per day").click();
    await expect(page.getByTestId("volume-table").locator("tbody tr")).toHaveCount(days);
    await card.getByText("Figures per day").click();
  }
  await expect(page.getByTestId("mirror-source").first()).toContainText("From the transaction mirror, last synced with the API");
  await context.close();
});

test("a latest transaction opens its detail on the Transactions page; See all opens the list", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/overview");
  const list = page.getByTestId("latest-transactions");
  const rows = list.locator('a[data-testid^="latest-"]');
  await expect(rows).toHaveCount(8);
  const first = rows.first();
  const id = (await first.getAttribute("data-testid"))!.replace("latest-", "");
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  await expect(first).toHaveAttribute("href", `/transactions?tx=${id}`);
  // Kinds in words, never the API's codes.
  await expect(list).not.toContainText(/\bcashin\b|\bcashout\b/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?tx=${id}$`));
  await page.goto("/overview");
  await list.getByRole("link", { name: "See all" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await context.close();
});

test("at phone width nothing on the Overview scrolls sideways", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 } });
  for (const path of ["/overview", "/overview?period=90", "/overview?in=BRL&period=7"]) {
    await page.goto(path);
    await expect(page.getByTestId("volume-card")).toBeVisible();
    await expect(page.getByTestId("reporting-total")).toBeVisible();
    await page.getByText("Figures per day").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await context.close();
});
