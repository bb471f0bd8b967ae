/**
 * Transactions as a merchant uses them on the live demo (the mirror of the demo's sandbox account):
 * filters in the URL that survive a reload and the back button, a saved view, paging through more
 * than 120 transactions, the detail sheet with its webhook timeline (opened from the keyboard), the
 * CSV of a filtered list equal to that list row for row, and the card layout at phone width.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, memberContext, merchantIntegration, sandboxControl } from "./fixtures";
import { loadTransactionSearchParams, serializeTransactionSearchParams } from "../lib/transactions/filters";

test.describe.configure({ mode: "serial" });

/** Waits until the results shown are those of the URL (a filter updates the URL before the server answers). */
async function settled(page: Page) {
  const query = serializeTransactionSearchParams({ ...loadTransactionSearchParams(new URL(page.url()).searchParams), tx: null });
  await expect(page.getByTestId("tx-results")).toHaveAttribute("data-query", query);
}

const summaryTotal = async (page: Page) => Number(((await page.getByTestId("pager-summary").textContent()) ?? "").replace(/.* of /, "").replace(/[^0-9]/g, ""));

/** The rows shown: id, exact amount, currency, kind and status, in order. */
async function shownRows(page: Page) {
  return page.locator("tbody tr[data-testid^=tx-]").evaluateAll((trs) =>
    trs.map((tr) => {
      const amount = tr.querySelector("[data-testid=tx-amount]") as HTMLElement;
      return {
        id: tr.getAttribute("data-testid")!.slice(3),
        amount: amount.dataset.amount ?? "",
        currency: amount.dataset.currency ?? "",
        kind: tr.querySelector("[data-testid=tx-kind]")?.textContent ?? "",
        status: tr.querySelector("[data-testid=tx-status]")?.textContent ?? "",
      };
    }),
  );
}

test("there are more than 120 transactions, and paging through them shows each once", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/transactions");
  let total = await summaryTotal(page);
  if (total < 130) {
    // The merchant's integration adds charges until the demo has enough; the sync brings them in.
    const integration = await merchantIntegration(page);
    for (let i = total; i < 130; i++) await integration.cashin.create({ amount: 2 + i / 100, currency: "BRL", payer: { name: `Paging Payer ${i}`, document: "52998224725" } });
    await expect(async () => {
      await page.reload();
      await settled(page);
      expect(await summaryTotal(page)).toBeGreaterThanOrEqual(130);
    }).toPass({ timeout: 30_000 });
    total = await summaryTotal(page);
  }
  await page.getByRole("link", { name: "50", exact: true }).click();
  await expect(page).toHaveURL(/size=50/);
  await settled(page);
  const seen: string[] = [];
  const pages = Math.ceil(total / 50);
  for (let p = 1; p <= pages; p++) {
    await expect(page.getByText(`Page ${p} of ${pages}`, { exact: true })).toBeVisible();
    seen.push(...(await shownRows(page)).map((r) => r.id));
    if (p < pages) await page.getByTestId("pager-next").click();
  }
  // New payments may arrive while paging (newest first): nothing is shown twice and nothing is lost.
  expect(seen.length).toBeGreaterThanOrEqual(total);
  expect(new Set(seen).size).toBeGreaterThanOrEqual(total - 1);
  await context.close();
});

test("each filter narrows the list, survives a reload, and the back button returns to the previous view", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/transactions");
  const all = await summaryTotal(page);

  await page.getByLabel("Type").selectOption("cashout");
  await expect(page).toHaveURL(/type=cashout/);
  await settled(page);
  await expect(page.getByTestId("filters-active")).toHaveText("1 filter applied");
  const payouts = await summaryTotal(page);
  expect(payouts).toBeGreaterThan(0);
  expect(payouts).toBeLessThan(all);
  for (const r of await shownRows(page)) expect(r.kind).toMatch(/Cash-out|Internal transfer sent|Transfer sent/);

  await page.getByTestId("f-status-confirmed").check();
  await expect(page).toHaveURL(/status=confirmed/);
  await settled(page);
  for (const r of await shownRows(page)) expect(r.status).toBe("Paid");
  const paidPayouts = await summaryTotal(page);
  expect(paidPayouts).toBeLessThanOrEqual(payouts);

  await page.reload();
  await settled(page);
  await expect(page.getByLabel("Type")).toHaveValue("cashout");
  await expect(page.getByTestId("f-status-confirmed")).toBeChecked();
  expect(await summaryTotal(page)).toBe(paidPayouts);

  await page.goBack();
  await settled(page);
  await expect(page).not.toHaveURL(/status=/);
  await settled(page);
  await expect(page).toHaveURL(/type=cashout/);
  await settled(page);
  expect(await summaryTotal(page)).toBe(payouts);
  await page.goBack();
  await settled(page);
  await expect(page).not.toHaveURL(/type=/);
  await settled(page);
  expect(await summaryTotal(page)).toBe(all);

  // Currency, amount range, payer and free text, each checked against every row shown.
  await page.getByLabel("Currency").selectOption("BRL");
  await expect(page).toHaveURL(/currency=BRL/);
  await settled(page);
  for (const r of await shownRows(page)) expect(r.currency).toBe("BRL");
  await page.getByRole("button", { name: "More filters" }).click();
  await page.getByLabel("Minimum amount").fill("100");
  await page.getByLabel("Maximum amount").fill("500");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/min=100&max=500|max=500.*min=100|min=100.*max=500/);
  await settled(page);
  const ranged = await shownRows(page);
  for (const r of ranged) expect(Number(r.amount) >= 100 && Number(r.amount) <= 500).toBe(true);
  await page.reload();
  await settled(page);
  await expect(page.getByLabel("Minimum amount")).toHaveValue("100");
  expect(await shownRows(page)).toEqual(ranged);

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await settled(page);
  const first = (await shownRows(page))[0]!;
  await page.getByLabel("Search").fill(first.id.slice(0, 12));
  await page.getByLabel("Search").press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${first.id.slice(0, 12)}`));
  await settled(page);
  expect((await shownRows(page)).map((r) => r.id)).toContain(first.id);
  expect(await summaryTotal(page)).toBeLessThan(all);

  // Sorting by amount through the column header orders by value.
  await page.goto("/transactions?currency=BRL");
  await page.getByTestId("sort-amount").click();
  await expect(page).toHaveURL(/sort=amount.desc/);
  await settled(page);
  const amounts = (await shownRows(page)).map((r) => Number(r.amount));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  await context.close();
});

test("a saved view reapplies its filters in one click; the same name twice is refused in words", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/transactions?type=cashin&status=confirmed&sort=amount.desc");
  const expected = await shownRows(page);
  await page.getByRole("button", { name: "Save view" }).click();
  const name = `Paid cash-ins ${Date.now()}`;
  await page.getByLabel("View name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`View “${name}” saved`, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await settled(page);
  await page.getByRole("link", { name: `Apply view ${name}` }).click();
  await expect(page).toHaveURL(/type=cashin/);
  await settled(page);
  await expect(page).toHaveURL(/sort=amount.desc/);
  await settled(page);
  expect(await shownRows(page)).toEqual(expected);
  // The same name again is refused in words, under the field.
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toContainText("You already have a view with this name.");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: `Delete view ${name}` }).click();
  await expect(page.getByRole("link", { name: `Apply view ${name}` })).toHaveCount(0);
  await context.close();
});

test("the detail sheet opens from the keyboard, is addressed by the URL, and shows the webhook timeline", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const integration = await merchantIntegration(page);
  const charge = await integration.cashin.create({ amount: 33.33, currency: "BRL", payer: { name: "Carla Detail", document: "52998224725" } });
  await sandboxControl().simulate(charge.transaction_id, { event: "cashin.confirmed" });
  await page.goto(`/transactions?q=${charge.transaction_id}`);
  await expect(async () => {
    await page.reload();
    await settled(page);
    await expect(page.getByTestId(`tx-${charge.transaction_id}`).getByTestId("tx-status")).toHaveText("Paid", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const open = page.getByTestId(`tx-${charge.transaction_id}`).getByTestId("tx-open");
  await open.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`tx=${charge.transaction_id}`));
  await settled(page);
  const sheet = page.getByTestId("tx-detail");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId("detail-amount")).toContainText("33.33");
  await expect(sheet.getByTestId("story-step").filter({ hasText: "Paid by the payer" })).toContainText("the bank told us");
  // The webhook and its verification, for support, under the technical details.
  await sheet.getByText("Technical details").click();
  await expect(sheet.getByTestId("delivery-entry").filter({ hasText: "cashin.confirmed" })).toContainText("applied");
  await expect(sheet.getByTestId("delivery-entry").filter({ hasText: "cashin.confirmed" })).toContainText("API said confirmed");
  await expect(sheet.getByTestId("detail-e2e")).toBeVisible();
  // A reload keeps it open; Escape closes it and drops tx from the URL.
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("tx-detail")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("tx-detail")).toBeHidden();
  await expect(page).not.toHaveURL(/tx=/);
  await settled(page);
  await context.close();
});

test("the CSV of a filtered list equals that list, row for row, to the cent", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/transactions?currency=BRL&type=cashin&size=100");
  const total = await summaryTotal(page);
  const shown = [];
  for (let p = 1; ; p++) {
    shown.push(...(await shownRows(page)));
    if (p >= Math.ceil(total / 100)) break;
    await page.getByTestId("pager-next").click();
    await expect(page.getByText(`Page ${p + 1} of`, { exact: false })).toBeVisible();
  }
  await page.goto("/transactions?currency=BRL&type=cashin&size=100");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  expect(header).toBe("Date,Transaction id,External id,Type,Origin,Method,Status,API status,Currency,Amount,Fee,Net,Payer,Payer document,E2E id,Hash,Checked with the API at");
  // The simple split is safe here: ids, currencies and amounts never contain commas or quotes.
  const rows = lines.map((l) => l.split(","));
  expect(rows.map((c) => c[1])).toEqual(shown.map((r) => r.id));
  expect(rows.map((c) => c[9])).toEqual(shown.map((r) => r.amount));
  for (const c of rows) expect(c[8]).toBe("BRL");
  expect(rows.length).toBe(total);
  await context.close();
});

test("at phone width the list is a column of cards, without horizontal scrolling; at a laptop's the page does not scroll sideways either", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 } });
  await page.goto("/transactions");
  const card = page.locator("tbody tr[data-testid^=tx-]").first();
  // Each row is a card: its type, amount, date and status on show, the table's header and the
  // fee, net and id columns not.
  await expect(card.getByTestId("tx-kind")).toBeVisible();
  await expect(card.getByTestId("tx-amount")).toBeVisible();
  await expect(card.getByTestId("tx-open")).toBeVisible();
  await expect(card.getByTestId("tx-status")).toBeVisible();
  await expect(card.locator("td[data-col=fee]")).toBeHidden();
  await expect(card.locator("td[data-col=id]")).toBeHidden();
  expect(await card.evaluate((tr) => getComputedStyle(tr).display)).toBe("grid");
  expect(await page.locator("thead").evaluate((e) => e.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
  const laptop = await memberContext(browser, undefined, { viewport: { width: 1366, height: 900 } });
  await laptop.page.goto("/transactions?size=100");
  await expect(laptop.page.locator("tbody tr[data-testid^=tx-]").first()).toBeVisible();
  expect(await laptop.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await laptop.context.close();
});

test("a row's id is copied from the keyboard", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/transactions");
  const row = page.locator("tbody tr[data-testid^=tx-]").first();
  const id = (await row.getAttribute("data-testid"))!.slice("tx-".length);
  await row.getByRole("button", { name: "Copy transaction id" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  await context.close();
});
