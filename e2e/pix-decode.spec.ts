import { test, expect, ADMIN_STATE, seriousViolations } from "./fixtures";

test.use({ storageState: ADMIN_STATE });

// Banco Central, Manual de Padrões para Iniciação do Pix: the static example with an EVP key.
const MANUAL_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

test("decodes a valid BR Code into its fields, and explains why a corrupted one is refused", async ({ page }) => {
  await page.goto("/receive");
  await page.getByRole("textbox", { name: "PIX code" }).fill(MANUAL_EXAMPLE);
  await page.getByRole("button", { name: "Decode" }).click();
  const result = page.getByTestId("pix-decoded");
  await expect(result.getByText("Valid PIX code")).toBeVisible();
  await expect(page.getByTestId("pix-receiver")).toHaveText("Fulano de Tal");
  await expect(page.getByTestId("pix-city")).toHaveText("BRASILIA");
  await expect(page.getByTestId("pix-key")).toHaveText("123e4567-e12b-12d1-a456-426655440000");
  await expect(page.getByTestId("pix-kind")).toHaveText("Static (reusable)");
  await expect(page.getByTestId("pix-amount")).toHaveText("Chosen by the payer");
  await expect(page.getByTestId("pix-crc")).toHaveText("1D3D");
  expect(await seriousViolations(page), "decoded result").toEqual([]);

  // One character changed in the receiver's name: the checksum no longer matches.
  await page.getByRole("textbox", { name: "PIX code" }).fill(MANUAL_EXAMPLE.replace("Fulano", "Fulana"));
  await page.getByRole("button", { name: "Decode" }).click();
  const invalid = page.getByTestId("pix-invalid");
  await expect(invalid).toContainText("This is not a valid PIX code");
  await expect(invalid).toContainText("The checksum at the end does not match");
  await expect(page.getByTestId("pix-decoded")).toHaveCount(0);
  expect(await seriousViolations(page), "refused code").toEqual([]);

  // Truncated: the fields cannot be read.
  await page.getByRole("textbox", { name: "PIX code" }).fill(MANUAL_EXAMPLE.slice(0, 40));
  await page.getByRole("button", { name: "Decode" }).click();
  await expect(page.getByTestId("pix-invalid")).toContainText(/damaged or incomplete|checksum|missing/);
});

test("shows a dynamic charge's amount in the chosen language's format", async ({ page }) => {
  const { buildDynamicBrCode } = await import("../lib/payments/pix-br-code");
  const code = buildDynamicBrCode({ url: "pix.example.com/qr/v2/9d36b84f", merchantName: "Loja Aurora", merchantCity: "SAO PAULO", amount: "1234.56", txid: "PEDIDO123" });
  await page.goto("/receive");
  await page.getByRole("textbox", { name: "PIX code" }).fill(code);
  await page.getByRole("button", { name: "Decode" }).click();
  await expect(page.getByTestId("pix-kind")).toHaveText("Dynamic (single use)");
  await expect(page.getByTestId("pix-amount")).toHaveText("R$1,234.56");
  await expect(page.getByTestId("pix-url")).toHaveText("pix.example.com/qr/v2/9d36b84f");
  await expect(page.getByTestId("pix-txid")).toHaveText("PEDIDO123");
});
