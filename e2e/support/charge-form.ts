/** Filling Receive's form as a merchant does: the journeys about charges and their payment pages share these steps. */
import { expect, type Page } from "@playwright/test";

export async function chooseMethod(page: Page, name: string) {
  await page.getByRole("radio", { name, exact: true }).check({ force: true });
}

export async function fillPayer(page: Page, name: string, document: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel(/^(CPF or CNPJ|Document)$/).fill(document);
}

export async function fillAddress(page: Page) {
  await page.getByLabel("E-mail", { exact: true }).fill("payer@example.com");
  await page.getByLabel("Phone").fill("(11) 98765-4321");
  await page.getByLabel("Street").fill("Rua das Flores");
  await page.getByLabel("Number").fill("100");
  await page.getByLabel("District").fill("Centro");
  await page.getByLabel("City").fill("São Paulo");
  await page.getByLabel("State (UF)").selectOption("SP");
  await page.getByLabel("CEP").fill("01001-000");
}

/** Submits the form and waits for the new charge's page; its id. */
export async function create(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/receive\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  return page.url().split("/").pop()!;
}
