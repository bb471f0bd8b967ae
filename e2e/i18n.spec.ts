import { readFileSync } from "node:fs";
import { test, expect, as, hydrated, roster, signIn } from "./fixtures";

test("switching language changes text, dates and amounts, and is kept as a preference", async ({ page }) => {
  const member = roster("viewer");
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/overview$/);
  try {
    await switchingLanguage();
  } finally {
    // The roster's viewer speaks English to the journeys that follow.
    await page.goto("/settings/preferences");
    await page.getByLabel(/^(Language|Idioma)$/).click();
    await page.getByRole("option", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }

  async function switchingLanguage() {
    await page.goto("/settings/preferences");
    await expect(page.getByTestId("format-amount")).toContainText("R$1,234,567.89");
    await expect(page.getByTestId("format-date")).toContainText("Mar 9, 2026");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Language" }).press("ArrowRight");
    await page.getByRole("menuitemradio", { name: "Português (Brasil)" }).press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Visão geral" })).toBeVisible();
    // Brazilian formats: dot thousands, comma decimals; São Paulo time (UTC−3).
    await expect(page.getByTestId("format-amount")).toContainText(/R\$\s1\.234\.567,89/);
    await expect(page.getByTestId("format-date")).toContainText(/9 de mar\.? de 2026.*15:30/);

    await page.getByLabel("Idioma").click();
    await page.getByRole("option", { name: "Español (México)" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
    await expect(page.getByRole("heading", { level: 1, name: "Configuración" })).toBeVisible();
    // Mexican formats: comma thousands, dot decimals; Mexico City time (UTC−6).
    await expect(page.getByTestId("format-amount")).toContainText(/\$1,234\.50/);
    await expect(page.getByTestId("format-date")).toContainText(/9 mar\.? 2026.*12:30/);

    // The choice belongs to the account: it survives signing out and in again.
    await page.context().clearCookies();
    await signIn(page, member.email, member.password);
    await expect(page.getByRole("heading", { level: 1, name: "Resumen" })).toBeVisible();
  }
});

test("the time zone is the member's, apart from the language: Transactions and the CSV export give the same wall time, the export with its offset", async ({ browser }) => {
  const { context, page } = await as(browser, "viewer");
  // By keyboard, as the first journey picks the language: a pointer's click on a list of some 430
  // zones once left the previous zone chosen on a loaded machine (the page then showed its dates).
  const chooseZone = async (option: RegExp) => {
    await page.goto("/settings/preferences");
    // A key on the list before the page is interactive would go unheard (the list opens by its code).
    await hydrated(page.getByLabel("Time zone"));
    await page.getByLabel("Time zone").press("Enter");
    await page.getByRole("option", { name: option }).press("Enter");
    await expect(page.getByText("Time zone saved.").first()).toBeVisible();
  };
  /** The newest transaction's date as the list shows it, and the same transaction's line of the CSV export. */
  const listAndExport = async (known?: string) => {
    await page.goto("/transactions?size=10");
    const row = known ? page.getByTestId(`tx-${known}`) : page.locator("tbody tr[data-testid^=tx-]").first();
    const id = known ?? (await row.getAttribute("data-testid"))!.slice(3);
    const shown = await row.getByTestId("tx-open").evaluate((a) => a.childNodes[0]!.textContent!.trim());
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const lines = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n").slice(1);
    const exported = lines.map((l) => l.split(",")).find((c) => c[1] === id)![0]!;
    return { id, shown, exported };
  };
  /** "2026-11-26T05:37:00.000-03:00" read as the list writes it in English: "Nov 26, 5:37 AM" (the year only when it is not this one). */
  const wallTime = (iso: string) => {
    const wall = new Date(`${iso.slice(0, 19)}Z`);
    const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...o, timeZone: "UTC" }).format(wall);
    const thisYear = iso.slice(0, 4) === String(new Date().getUTCFullYear());
    return `${part({ month: "short", day: "numeric", ...(thisYear ? {} : { year: "numeric" }) })}, ${part({ timeStyle: "short" })}`;
  };
  try {
    await chooseZone(/^America\/Mexico City \(UTC−06:00\)$/);
    await expect(page.getByTestId("format-date")).toHaveText("Mar 9, 2026, 12:30 PM (UTC−06:00)");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const mexico = await listAndExport();
    expect(mexico.exported).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-06:00$/);
    expect(mexico.shown).toBe(wallTime(mexico.exported));

    await chooseZone(/^America\/Sao Paulo \(UTC−03:00\)$/);
    await expect(page.getByTestId("format-date")).toHaveText("Mar 9, 2026, 3:30 PM (UTC−03:00)");
    const saoPaulo = await listAndExport(mexico.id);
    expect(saoPaulo.exported).toMatch(/-03:00$/);
    expect(saoPaulo.shown).toBe(wallTime(saoPaulo.exported));
    // The same instant, three hours later on the wall in São Paulo.
    expect(new Date(saoPaulo.exported).getTime()).toBe(new Date(mexico.exported).getTime());
  } finally {
    // Back to the language's default for the journeys that follow.
    await chooseZone(/^Your language's default/);
    await expect(page.getByTestId("format-date")).toHaveText("Mar 9, 2026, 3:30 PM (UTC−03:00)");
    await context.close();
  }
});
