/**
 * Global search as members use it on the live demo: Ctrl+K from any page, a transaction's e2e id,
 * Enter, and its sheet is open; a payer's CPF typed with or without its dots finds that payer's
 * transactions and no one else's; an admin finds the team's members. A viewer, on a phone and in
 * Portuguese, opens search from the app bar's button and finds no member list and no send action.
 */
import type { Page } from "@playwright/test";
import { test, expect, appeared, as, merchantIntegration, sandboxControl } from "./fixtures";
import { formatCpf, generateCpf } from "../lib/payments/documents";

/** The options listed for `text` (once the results are those of the text in the field). */
async function searchFor(page: Page, text: string) {
  await page.getByTestId("search-input").fill(text);
  await expect(page.getByTestId("search-results")).toHaveAttribute("data-query", text.trim());
}

const optionKeys = (page: Page, group: string) => page.locator(`[role=group][data-group=${group}] [data-testid=search-option]`).evaluateAll((els) => els.map((e) => e.getAttribute("data-key")));

test("Ctrl+K, a transaction's e2e id and Enter open its sheet; the payer's CPF with or without dots finds their transactions; an admin finds members", async ({ browser }) => {
  const { context, page } = await as(browser, "admin");
  // A payer of this run's own, charged once (the sync, every 5 s here, brings it) and paid once
  // more (the payment has an e2e id; its webhook brings it).
  const integration = await merchantIntegration(page);
  const cpf = generateCpf();
  const name = `Search Payer ${Date.now().toString(36)}`;
  const pending = await integration.cashin.create({ amount: 5.67, currency: "BRL", payer: { name, document: cpf } });
  const paid = await integration.cashin.create({ amount: 12.34, currency: "BRL", payer: { name, document: cpf } });
  await sandboxControl().simulate(paid.transaction_id, { event: "cashin.confirmed" });
  const e2e = (await integration.transactions.list({ transaction_id: paid.transaction_id })).items[0]!.e2e_id!;
  expect(e2e).toMatch(/^E\d{8}/);

  await page.goto("/overview");
  const palette = page.getByTestId("search-palette");
  // The shortcut is the page's once it is interactive (a listener its code adds); a CI run pressed it
  // just after the load, before then, and nothing opened: pressed again until the palette is there.
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(palette).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("search-input")).toBeFocused();
  // The webhook brings the payment into the mirror within moments; search reads the mirror.
  await expect(async () => {
    await searchFor(page, e2e);
    expect(await optionKeys(page, "transactions")).toEqual([`tx:${paid.transaction_id}`]);
  }).toPass({ timeout: 15_000 });
  await expect(page.locator(`[data-key="tx:${paid.transaction_id}"]`)).toContainText(`End-to-end ID: ${e2e}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/transactions\\?tx=${paid.transaction_id}$`));
  const sheet = page.getByTestId("tx-detail");
  await expect(palette).toBeHidden();
  await expect(sheet).toContainText(name);
  await expect(sheet).toContainText("R$12.34");

  // Both are the payer's, newest first.
  await page.keyboard.press("Control+k");
  for (const typed of [formatCpf(cpf), cpf]) {
    await expect(async () => {
      await searchFor(page, typed);
      expect(await optionKeys(page, "transactions")).toEqual([`tx:${paid.transaction_id}`, `tx:${pending.transaction_id}`]);
    }).toPass({ timeout: 20_000 });
  }
  // Arrows move, Enter opens the one chosen.
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(`[data-key="tx:${pending.transaction_id}"]`)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/transactions\\?tx=${pending.transaction_id}$`));
  await expect(sheet).toContainText("R$5.67");

  // An admin finds the team's members; Esc closes. (The sheet is closed first: a sheet still
  // rendering its details can stack over a palette opened at that moment.)
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await page.keyboard.press("Control+k");
  await searchFor(page, "Roster viewer");
  await expect(page.locator("[role=group][data-group=members]")).toContainText("Roster viewer");
  await page.keyboard.press("Escape");
  await expect(palette).toBeHidden();
  await context.close();
});

test("a viewer on a phone, in Portuguese, opens search from the app bar and finds no member list and no send action", async ({ browser }) => {
  const { context, page } = await as(browser, "viewer", { viewport: { width: 390, height: 844 }, locale: "pt-BR" });
  // The member's own language wins over the browser's: the roster's viewer speaks English to other
  // journeys, so it speaks Portuguese for this one and English again after it.
  const language = async (name: string, lang: string) => {
    await page.goto("/settings/preferences");
    await page.getByLabel(/^(Language|Idioma)$/).click();
    await page.getByRole("option", { name }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
  };
  await language("Português (Brasil)", "pt-BR");
  try {
    await page.goto("/transactions");
    await page.getByRole("button", { name: "Buscar" }).click();
    const palette = page.getByTestId("search-palette");
    await expect(palette).toBeVisible();
    // Full screen on a phone (measured once it has finished opening).
    await appeared(page);
    const box = await palette.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    for (const text of ["enviar", "transferir", "pagamento", "converter"]) {
      await searchFor(page, text);
      expect(await optionKeys(page, "actions"), text).toEqual([]);
    }
    // The Send page is there (a viewer reads its list), the money-moving actions are not.
    await searchFor(page, "enviar");
    expect(await optionKeys(page, "pages")).toContain("pages:page:/send");
    await searchFor(page, "Roster");
    await expect(page.locator("[role=group][data-group=members]")).toHaveCount(0);
    await searchFor(page, "equipe");
    expect(await optionKeys(page, "pages")).toEqual([]);
    // What a viewer may do: switch the environment the pages show.
    await searchFor(page, "produção");
    expect(await optionKeys(page, "actions")).toEqual(["actions:switch-production"]);
    await page.getByRole("button", { name: "Fechar" }).click();
    await expect(palette).toBeHidden();
  } finally {
    await language("English", "en");
  }
  await context.close();
});
