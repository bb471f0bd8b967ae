/**
 * Transactions as a merchant uses them on the live demo (the mirror of the demo's sandbox account):
 * filter chips that apply at once, in the URL, surviving a reload and the back button one step at a
 * time; a saved view, with the columns chosen; paging through more than 120 transactions; who paid
 * and who was paid; statuses in the member's language; the detail sheet with its webhook timeline
 * (opened from the keyboard); the CSV of a filtered list equal to that list row for row; ten one-line
 * rows above a laptop's fold that fit their card, the header under the app bar; and cards a tap
 * anywhere opens at phone width.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, as, memberContext, merchantIntegration, sandboxControl } from "./fixtures";
import { loadTransactionSearchParams, serializeTransactionSearchParams } from "../lib/transactions/filters";

test.describe.configure({ mode: "serial" });

/**
 * Waits until the results shown are those of the URL (a filter updates the URL before the server
 * answers), and shown: after a load, React may keep the streamed list in a hidden container for a
 * few hundred milliseconds before it reveals it (reveals are batched), and an element there cannot
 * take focus (a row's link focused then left the focus on the page, and Enter did nothing).
 */
async function settled(page: Page) {
  const query = serializeTransactionSearchParams({ ...loadTransactionSearchParams(new URL(page.url()).searchParams), tx: null });
  const results = page.getByTestId("tx-results");
  await expect(results).toHaveAttribute("data-query", query);
  await expect(results).toBeVisible();
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

test("each filter is a chip that applies at once, survives a reload, and Back returns to the previous filter", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/transactions");
  const all = await summaryTotal(page);
  const historyLength = () => page.evaluate(() => window.history.length);
  const before = await historyLength();
  // There is no "Apply" button: a choice is the filter.
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);

  await page.getByTestId("chip-type").getByRole("button", { name: "Type" }).click();
  await page.getByRole("radio", { name: "Cash-out" }).check();
  await expect(page).toHaveURL(/type=cashout/);
  await settled(page);
  await expect(page.getByTestId("filters-active")).toHaveText("1 filter applied");
  await expect(page.getByTestId("chip-type")).toContainText("Cash-out");
  const payouts = await summaryTotal(page);
  expect(payouts).toBeGreaterThan(0);
  expect(payouts).toBeLessThan(all);
  for (const r of await shownRows(page)) expect(r.kind).toMatch(/Cash-out|Internal transfer sent|Transfer sent/);

  await page.getByTestId("chip-status").getByRole("button", { name: "Status" }).click();
  await page.getByTestId("f-status-confirmed").check();
  await expect(page).toHaveURL(/status=confirmed/);
  await settled(page);
  await page.keyboard.press("Escape");
  for (const r of await shownRows(page)) expect(r.status).toBe("Paid");
  const paidPayouts = await summaryTotal(page);
  expect(paidPayouts).toBeLessThanOrEqual(payouts);
  // Two filters chosen, two steps in the history: nothing pushed twice.
  expect(await historyLength()).toBe(before + 2);

  await page.reload();
  await settled(page);
  await expect(page.getByTestId("chip-type")).toContainText("Cash-out");
  await expect(page.getByTestId("chip-status")).toContainText("Paid");
  expect(await summaryTotal(page)).toBe(paidPayouts);

  await page.goBack();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page).toHaveURL(/type=cashout/);
  await settled(page);
  await expect(page.getByTestId("chip-status")).not.toContainText("Paid");
  expect(await summaryTotal(page)).toBe(payouts);
  await page.goBack();
  await expect(page).not.toHaveURL(/type=/);
  await settled(page);
  expect(await summaryTotal(page)).toBe(all);

  // Currency, amount range, payer and free text, each checked against every row shown.
  await page.getByTestId("chip-currency").getByRole("button", { name: "Currency" }).click();
  await page.getByRole("radio", { name: "BRL" }).check();
  await expect(page).toHaveURL(/currency=BRL/);
  await settled(page);
  for (const r of await shownRows(page)) expect(r.currency).toBe("BRL");
  await page.getByTestId("chip-amount").getByRole("button", { name: "Amount" }).click();
  // Enter applies at once; a pause in typing applies too.
  await page.getByLabel("Minimum amount").fill("100");
  await page.getByLabel("Minimum amount").press("Enter");
  await expect(page).toHaveURL(/min=100/);
  await page.getByLabel("Maximum amount").fill("500");
  await expect(page).toHaveURL(/min=100&max=500|max=500.*min=100|min=100.*max=500/);
  await settled(page);
  await page.keyboard.press("Escape");
  const ranged = await shownRows(page);
  for (const r of ranged) expect(Number(r.amount) >= 100 && Number(r.amount) <= 500).toBe(true);
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("chip-amount")).toContainText("100 – 500");
  expect(await shownRows(page)).toEqual(ranged);
  // The chip's × removes that filter, and only that one.
  await page.getByRole("button", { name: "Remove filter: Amount" }).click();
  await expect(page).not.toHaveURL(/min=|max=/);
  await expect(page).toHaveURL(/currency=BRL/);
  await settled(page);
  // The rarer filters are added from "More filters": the chosen one opens ready to type in.
  await page.getByRole("button", { name: "More filters" }).click();
  await page.getByRole("menuitem", { name: "Payer name or document" }).click();
  await expect(page.getByRole("textbox", { name: "Payer name or document" })).toBeFocused();
  await page.keyboard.type("Souza");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/payer=Souza/);
  await settled(page);
  await page.keyboard.press("Escape");
  const payers = await page.locator("tbody [data-testid=tx-counterparty]").allTextContents();
  expect(payers.length).toBeGreaterThan(0);
  for (const p of payers) expect(p).toMatch(/souza/i);

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await settled(page);
  const first = (await shownRows(page))[0]!;
  // The search applies after a short pause, without Enter; Enter on the same text adds no step.
  await page.getByLabel("Search").fill(first.id.slice(0, 12));
  await expect(page).toHaveURL(new RegExp(`q=${first.id.slice(0, 12)}`));
  await settled(page);
  const searched = await historyLength();
  await page.getByLabel("Search").press("Enter");
  await settled(page);
  expect(await historyLength()).toBe(searched);
  expect((await shownRows(page)).map((r) => r.id)).toContain(first.id);
  expect(await summaryTotal(page)).toBeLessThan(all);
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);
  await settled(page);
  await expect(page.getByLabel("Search")).toHaveValue("");

  // Sorting by amount through the column header orders by value.
  await page.goto("/transactions?currency=BRL");
  await page.getByTestId("sort-amount").click();
  await expect(page).toHaveURL(/sort=amount.desc/);
  await settled(page);
  const amounts = (await shownRows(page)).map((r) => Number(r.amount));
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  // The toolbar is drawn before its code (held back here: the script with the chips' panels is
  // answered only once released): what is typed and pressed meanwhile is done once it has arrived.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("f-status-")) await held;
    await route.fulfill({ response, body });
  });
  await page.goto("/transactions?currency=BRL");
  await page.getByLabel("Search").fill("Souza");
  await page.getByTestId("chip-status").getByRole("button", { name: "Status" }).click();
  await expect(page.getByTestId("f-status-confirmed")).toHaveCount(0);
  release();
  await expect(page.getByTestId("f-status-confirmed")).toBeVisible();
  await expect(page).toHaveURL(/q=Souza/);
  await expect(page).toHaveURL(/currency=BRL/);
  await page.unroute("**/_next/static/chunks/*.js");
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
  // Clearing the filters keeps the order the member chose.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/transactions\?sort=amount.desc$/);
  await settled(page);
  await page.goto("/transactions");
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

test("a column chosen from the Columns menu is kept by a saved view", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/transactions?type=cashin");
  const table = page.locator("table.tx-table");
  await expect(table.locator("th[data-col=fee]")).toHaveCount(0);
  const steps = await page.evaluate(() => window.history.length);
  await page.getByTestId("columns-menu").click();
  await page.getByRole("menuitemcheckbox", { name: "Fee" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Reference" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/cols=reference(%2C|,)fee/);
  await settled(page);
  await expect(table.locator("th[data-col=fee]")).toHaveText("Fee");
  await expect(table.locator("th[data-col=reference]")).toHaveText("Reference");
  const fees = await table.locator("tbody td[data-col=fee]").allTextContents();
  expect(fees.length).toBeGreaterThan(0);
  // Choosing columns changes how the list looks, not which view it is: no step for Back to undo.
  expect(await page.evaluate(() => window.history.length)).toBe(steps);
  const name = `Cash-ins with fees ${Date.now()}`;
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`View “${name}” saved`, { exact: true })).toBeVisible();

  await page.goto("/transactions");
  await expect(table.locator("th[data-col=fee]")).toHaveCount(0);
  await page.getByRole("link", { name: `Apply view ${name}` }).click();
  await expect(page).toHaveURL(/cols=reference(%2C|,)fee/);
  await settled(page);
  await expect(table.locator("th[data-col=fee]")).toHaveText("Fee");
  await expect(table.locator("th[data-col=reference]")).toHaveText("Reference");
  expect(await table.locator("tbody td[data-col=fee]").allTextContents()).toEqual(fees);
  await page.getByRole("button", { name: `Delete view ${name}` }).click();
  await expect(page.getByRole("link", { name: `Apply view ${name}` })).toHaveCount(0);
  await context.close();
});

test("a payout shows its recipient where a charge shows its payer", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  // The demo's SPEI payout was sent from the Send page: its recipient is known here.
  await page.goto("/transactions?ext=demo-payout-spei-1");
  const payout = page.locator("tbody tr[data-testid^=tx-]");
  await expect(payout).toHaveCount(1);
  await expect(payout.getByTestId("tx-kind")).toContainText("Cash-out");
  await expect(payout.getByTestId("tx-counterparty")).toHaveText(/^Comercializadora del Norte · /);
  await page.goto("/transactions?ext=demo-payout-pix-1");
  await expect(page.locator("tbody tr[data-testid^=tx-]").getByTestId("tx-counterparty")).toHaveText("financeiro@fornecedor.example");
  // A charge names its payer.
  const integration = await merchantIntegration(page);
  const charge = await integration.cashin.create({ amount: 12.34, currency: "BRL", payer: { name: "Rita Payer", document: "52998224725" } });
  await expect(async () => {
    await page.goto(`/transactions?q=${charge.transaction_id}`);
    await expect(page.getByTestId(`tx-${charge.transaction_id}`).getByTestId("tx-counterparty")).toHaveText("Rita Payer", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await context.close();
});

for (const [locale, words, converted] of [
  ["pt-BR", ["Pendente", "Pago", "Falhou", "Cancelado", "Expirado", "Devolvido"], "Feita"],
  ["es-MX", ["Pendiente", "Pagado", "Fallido", "Cancelado", "Vencido", "Reembolsado"], "Hecha"],
] as const) {
  test(`in ${locale} every status is in the member's words, never the API's`, async ({ browser }) => {
    // A member without a chosen language: the browser's language decides.
    const { context, page } = await as(browser, "support", { locale });
    await page.goto("/transactions?size=100");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const statuses = await page.locator("tbody [data-testid=tx-status]").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    // A completed conversion is "Feita" / "Hecha" (done), as Convert says: nobody was paid.
    for (const s of statuses) expect([...words, converted]).toContain(s);
    expect(statuses).toContain(converted);
    // The chip's panel opens once the bar's code has arrived (at once on the press, or when it
    // lands): wait for it as a person would, then read its words.
    await page.getByTestId("chip-status").getByRole("button").first().click();
    await expect(page.getByRole("dialog").locator("label")).toHaveText([...words]);
    await page.keyboard.press("Escape");
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/\b(pending|confirmed|failed|cancelled|canceled|expired|refunded|paid)\b/i);
    await context.close();
  });
}

test("a date is typed in the member's language whatever the browser's: day first in pt-BR on an English browser", async ({ browser, baseURL }) => {
  const { context, page } = await as(browser, "support", { locale: "en-US" });
  await context.addCookies([{ name: "locale", value: "pt-BR", url: baseURL! }]);
  await page.goto("/transactions");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.getByTestId("chip-date").getByRole("button").first().click();
  const from = page.getByLabel("De", { exact: true });
  await expect(from).toHaveAttribute("placeholder", "dd/mm/aaaa");
  // Digits only, as on a phone's number pad: the slashes are written, the day is read day first.
  await from.pressSequentially("05112026");
  await expect(from).toHaveValue("05/11/2026");
  await expect(page).toHaveURL(/from=2026-11-05/);
  // Not a day of the calendar: said in words when the field is left, and the filter stays as it was.
  const to = page.getByLabel("Até", { exact: true });
  await to.fill("31/11/2026");
  await to.blur();
  await expect(page.getByText("Informe uma data como 05/11/2026.")).toBeVisible();
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(page).not.toHaveURL(/to=/);
  await page.reload();
  await page.getByTestId("chip-date").getByRole("button").first().click();
  await expect(page.getByLabel("De", { exact: true })).toHaveValue("05/11/2026");
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
  // The page stays the same document: the sheet opens by the router, without a reload.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await open.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`tx=${charge.transaction_id}`));
  await settled(page);
  const sheet = page.getByTestId("tx-detail");
  await expect(sheet).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
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

test("at a laptop's 1366×860 ten one-line rows fit above the fold, payer and amount in view, without sideways scrolling, the header under the app bar", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 1366, height: 860 } });
  await page.goto("/transactions");
  const rows = page.locator("tbody tr[data-testid^=tx-]");
  await expect(rows.first()).toBeVisible();
  const fits = () =>
    page.evaluate(() => {
      const table = document.querySelector("table.tx-table")!;
      const card = table.closest("[data-slot=card]")!;
      return { page: document.documentElement.scrollWidth <= window.innerWidth, table: table.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5 && table.scrollWidth <= card.clientWidth };
    });
  expect(await fits()).toEqual({ page: true, table: true });
  // Rows whose bottom is above the fold, each on one line, its payer (or recipient) and amount shown whole.
  const above = await rows.evaluateAll((trs) =>
    trs
      .filter((tr) => tr.getBoundingClientRect().bottom <= 860)
      .map((tr) => {
        const card = tr.closest("[data-slot=card]")!.getBoundingClientRect();
        const amount = tr.querySelector("[data-testid=tx-amount]")!.getBoundingClientRect();
        const who = tr.querySelector("[data-testid=tx-counterparty]")!.getBoundingClientRect();
        return { height: tr.getBoundingClientRect().height, amountInside: amount.width > 0 && amount.right <= card.right, whoShown: who.width > 20 && who.right <= card.right };
      }),
  );
  expect(above.length).toBeGreaterThanOrEqual(10);
  for (const r of above) expect(r).toEqual({ height: expect.any(Number), amountInside: true, whoShown: true });
  for (const r of above) expect(r.height).toBeLessThan(48);
  // No "confirmed by the provider" line under the statuses: where a status came from is a mark with a tooltip (and words for screen readers).
  await expect(rows.first().getByTestId("tx-verified")).toHaveAttribute("title", /confirmed by the provider|notified and confirmed by the provider/);
  const lines = await page.locator("tbody").getByText(/confirmed by the provider|notified and confirmed by the provider/).evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().height > 1).length);
  expect(lines).toBe(0);

  // Scrolled down, the header row stays in view just under the app bar, not under it.
  await page.goto("/transactions?size=100");
  await expect(rows.nth(60)).toBeVisible();
  await page.mouse.wheel(0, 1500);
  await expect(async () => {
    const { bar, head } = await page.evaluate(() => ({
      bar: document.querySelector("header")!.getBoundingClientRect().bottom,
      head: document.querySelector("table.tx-table thead th")!.getBoundingClientRect().top,
    }));
    expect(head).toBeGreaterThanOrEqual(bar - 0.5);
    expect(head).toBeLessThanOrEqual(bar + 0.5);
  }).toPass({ timeout: 5_000 });
  // Every column added, the table still fits its card.
  await page.goto("/transactions?size=100&cols=reference,id,fee,net");
  await expect(rows.first().locator("td[data-col=net]")).toBeVisible();
  expect(await fits()).toEqual({ page: true, table: true });
  await context.close();
});

test("at phone width the list is a column of cards, and a tap anywhere on a card opens it", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto("/transactions");
  const card = page.locator("tbody tr[data-testid^=tx-]").nth(1);
  const id = (await card.getAttribute("data-testid"))!.slice("tx-".length);
  // Each row is a card: who, how much, when, what and its status on show; the table's header and the added columns not.
  await expect(card.getByTestId("tx-counterparty")).toBeVisible();
  await expect(card.getByTestId("tx-amount")).toBeVisible();
  await expect(card.getByTestId("tx-kind")).toBeVisible();
  await expect(card.getByTestId("tx-open")).toBeVisible();
  await expect(card.getByTestId("tx-status")).toBeVisible();
  expect(await card.evaluate((tr) => getComputedStyle(tr).display)).toBe("grid");
  expect(await page.locator("thead").evaluate((e) => e.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Still one real link per card, for the keyboard and screen readers.
  await expect(card.getByRole("link")).toHaveCount(1);
  await expect(card.getByRole("link")).toHaveAttribute("href", new RegExp(`tx=${id}`));
  // A tap on the card's top right, over the amount, far from the date's link, opens it.
  await card.scrollIntoViewIfNeeded();
  const box = (await card.boundingBox())!;
  const link = (await card.getByTestId("tx-open").boundingBox())!;
  const point = { x: box.x + box.width - 16, y: box.y + 14 };
  expect(point.x < link.x || point.x > link.x + link.width || point.y < link.y || point.y > link.y + link.height).toBe(true);
  await page.touchscreen.tap(point.x, point.y);
  await expect(page).toHaveURL(new RegExp(`tx=${id}`));
  await expect(page.getByRole("dialog")).toBeVisible();
  await context.close();
});

test("a row's id is copied from the keyboard", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // The id is a column the member adds (here through the URL a saved view would hold).
  await page.goto("/transactions?cols=id");
  const row = page.locator("tbody tr[data-testid^=tx-]").first();
  const id = (await row.getAttribute("data-testid"))!.slice("tx-".length);
  await row.getByRole("button", { name: "Copy transaction id" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  await context.close();
});
