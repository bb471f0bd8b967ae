/**
 * Convert on the live demo: the live rate in the member's words; a conversion quoted with its
 * countdown, the quote expired (the sandbox's clock moved past its 30 s), quoted again with the
 * difference shown, then executed once, with both balances updated on the page and at the sandbox by
 * exactly the answered amounts; support and viewer members see no form, and their direct call of the
 * action is refused. Checked at the sandbox through the merchant's own integration.
 *
 * CONVERT_SCREENSHOTS=1 also writes the page at 1280 and 390 px to test-results/convert-*.png.
 */
import type { Page, Request } from "@playwright/test";
import { Decimal } from "decimal.js";
import { test, expect, callAction, memberContext, merchantIntegration, roster, sandboxControl, type CapturedAction } from "./fixtures";
import { formatMoney, formatNumber } from "../lib/i18n/format";

const shots = process.env.CONVERT_SCREENSHOTS === "1";

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.screenshot({ path: `test-results/convert-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function available(page: Page, currency: string): Promise<Decimal> {
  const api = await merchantIntegration(page);
  const { balances } = await api.account.balance();
  return new Decimal(String(balances.find((b) => b.currency === currency)?.available ?? "0"));
}

/** The execute action as the browser posts it (the live rate's own posts are left aside). */
const isExecute = (r: Request) => r.method() === "POST" && !!r.headers()["next-action"] && (r.postData() ?? "").includes('"externalId"');

async function quoteReference(page: Page): Promise<string> {
  const card = page.getByTestId("quote-card");
  return (await card.locator("dt", { hasText: "Reference" }).locator("xpath=following-sibling::dd").textContent())!.trim();
}

test("a conversion is quoted, expires, is quoted again with the difference, and executes once with both balances updated", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const api = await merchantIntegration(page); // first: it finds the account on the settings pages
  await page.goto("/convert");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("BRL");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("USDT");
  await expect(page.getByTestId("live-rate-value")).toHaveText(/^1 BRL = 0\.\d+ USDT$/, { timeout: 15_000 });

  // The swap button turns the pair around (and the rate with it), and back.
  await page.getByRole("button", { name: "Swap currencies" }).click();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("USDT");
  await expect(page.getByTestId("live-rate-value")).toHaveText(/^1 USDT = \d\.\d+ BRL$/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Swap currencies" }).click();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("BRL");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("USDT");

  // What the typed amount gives, at once and from the live rate (an estimate until quoted), and the
  // rate both ways, rounded for people: as the provider's own rate read says.
  await page.getByLabel(/^Amount/).fill("100.50");
  await expect(async () => {
    const r = new Decimal((await api.conversions.rate({ amount: "100.50", base_currency: "BRL", destination_currency: "USDT" })).rate.toString());
    const gives = new Decimal("100.50").times(r).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed();
    await expect(page.getByTestId("live-estimate-value")).toHaveText(`≈ ${formatMoney(gives, "USDT", "en")}`, { timeout: 1_000 });
    await expect(page.getByTestId("live-rate-value")).toHaveText(`1 BRL = ${formatNumber(r.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(), "en", 4)} USDT`, { timeout: 1_000 });
    await expect(page.getByTestId("live-rate-inverse")).toHaveText(`1 USDT = ${formatNumber(new Decimal(1).dividedBy(r).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(), "en", 4)} BRL`, { timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId("live-estimate")).toContainText("You get");
  await expect(page.getByTestId("live-estimate")).toContainText("Estimate at the live rate");
  await shoot(page, "estimate");

  // A mistake is explained, not sent.
  await page.getByLabel(/^Amount/).fill("10.555");
  await expect(page.getByText("At most 2 decimal places for this currency.")).toBeVisible();

  await page.getByLabel(/^Amount/).fill("100.50");
  await page.getByRole("button", { name: "Get quote" }).click();
  const card = page.getByTestId("quote-card");
  await expect(card).toBeVisible();
  await expect(page.getByTestId("quote-countdown")).toHaveText(/Valid for \d+ more seconds/);
  await expect(card.getByText("R$100.50")).toBeVisible();
  await expect(card.getByText("R$0.20")).toBeVisible(); // 0.2 % fee
  await expect(card.getByText("0.5 %")).toBeVisible(); // spread
  const firstTo = (await page.getByTestId("quote-to-amount").textContent())!.trim();
  const firstReference = await quoteReference(page);
  await shoot(page, "quote");

  // The provider's clock moves past the quote's 30 s: "Convert" quotes again instead of converting.
  await sandboxControl().advanceClock(35);
  await card.getByRole("button", { name: "Convert", exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Convert R$100.50 to USDT?");
  await dialog.getByRole("button", { name: "Convert now" }).click();
  const difference = page.getByTestId("requote-difference");
  await expect(difference).toBeVisible({ timeout: 15_000 });
  await expect(difference).toContainText("The quote expired: here is a new one");
  await expect(difference).toContainText(/You would (now receive .+ (more|less) than the previous quote \(.+\)|receive the same amount as before)/);
  const said = (await difference.textContent()) ?? "";
  if (!said.includes("the same amount")) expect(said).toContain(`previous quote (${firstTo})`);
  expect((await api.transactions.list({ external_id: firstReference })).items).toHaveLength(0); // nothing converted
  const reference = await quoteReference(page);
  expect(reference).not.toBe(firstReference);
  await expect(page.getByTestId("quote-countdown")).toHaveText(/Valid for \d+ more seconds/);
  await shoot(page, "requoted");

  // Confirmed: converted once, whatever the double click.
  const brlBefore = await available(page, "BRL");
  const usdtBefore = await available(page, "USDT");
  await card.getByRole("button", { name: "Convert", exact: true }).click();
  await dialog.getByRole("button", { name: "Convert now" }).dblclick();
  const result = page.getByTestId("conversion-result");
  await expect(result).toBeVisible({ timeout: 20_000 });
  const listed = (await api.transactions.list({ external_id: reference })).items;
  expect(listed).toHaveLength(1);
  const moved = { from: new Decimal(String(listed[0]!.amount)), to: new Decimal(String((listed[0] as { counter_amount?: unknown }).counter_amount)) };
  expect(moved.from.equals("100.5")).toBe(true);
  const brlAfter = await available(page, "BRL");
  const usdtAfter = await available(page, "USDT");
  expect(brlAfter.equals(brlBefore.minus(moved.from))).toBe(true);
  expect(usdtAfter.equals(usdtBefore.plus(moved.to))).toBe(true);

  // The page says what left and arrived, and both balances after.
  await expect(result.getByTestId("result-base")).toContainText("Left your BRL balance");
  await expect(result.getByTestId("result-base")).toContainText(`−${formatMoney("100.5", "BRL", "en")}`);
  await expect(result.getByTestId("result-destination")).toContainText(`+${formatMoney(moved.to.toFixed(), "USDT", "en")}`);
  await expect(result.getByTestId("balance-after-base")).toHaveText(formatMoney(brlAfter.toFixed(), "BRL", "en"));
  await expect(result.getByTestId("balance-after-destination")).toHaveText(formatMoney(usdtAfter.toFixed(), "USDT", "en"));
  await expect(page.locator(`[data-testid="conversion-item"][data-external-id="${reference}"]`)).toContainText("Done");
  await shoot(page, "result");
  // On Transactions the same conversion is "Done" too: nobody was paid.
  await page.goto(`/transactions?q=${reference}`);
  const row = page.getByTestId("tx-open").first().locator("xpath=ancestor::tr");
  await expect(row.getByTestId("tx-kind")).toHaveText("Conversion");
  await expect(row.getByTestId("tx-status")).toHaveText("Done");
  await context.close();
});

test("support and viewer members cannot convert: no form on the page, and a direct action call is refused", async ({ browser }) => {
  test.setTimeout(180_000); // two members invited by mail and signed in
  const { context, page } = await memberContext(browser);
  const api = await merchantIntegration(page);
  await page.goto("/convert");
  await page.getByLabel(/^Amount/).fill("5");
  await page.getByRole("button", { name: "Get quote" }).click();
  await page.getByTestId("quote-card").getByRole("button", { name: "Convert", exact: true }).click();
  const posted = page.waitForRequest(isExecute);
  await page.getByRole("alertdialog").getByRole("button", { name: "Convert now" }).click();
  const request = await posted;
  const action: CapturedAction = { url: request.url(), id: request.headers()["next-action"]! };
  const [{ quote }] = JSON.parse(request.postData()!) as [{ externalId: string; quote: Record<string, unknown> }];
  await expect(page.getByTestId("conversion-result")).toBeVisible({ timeout: 20_000 });

  for (const role of ["support", "viewer"] as const) {
    const { context: theirs, page: theirPage } = await memberContext(browser, roster(role));
    await theirPage.goto("/convert");
    await expect(theirPage.getByTestId("convert-not-allowed")).toContainText("cannot convert");
    await expect(theirPage.getByRole("button", { name: "Get quote" })).toHaveCount(0);
    await expect(theirPage.getByRole("heading", { name: "Recent conversions" })).toBeVisible();
    const fresh = `cv-e2e-${role}-${Date.now().toString(36)}`;
    const answer = await callAction(theirPage, action, { externalId: fresh, quote });
    expect(answer).toContain('"code":"FORBIDDEN"');
    expect((await api.transactions.list({ external_id: fresh })).items).toHaveLength(0);
    await theirs.close();
  }
  await context.close();
});
