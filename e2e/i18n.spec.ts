import { test, expect, roster, signIn } from "./fixtures";

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
