/**
 * Paying from a phone (390×844 at 3×, an iPhone 12 to 15): the public payment page and the charge's
 * page as a payer and a merchant use them. The boleto's barcode fits the screen and its box and
 * reads back (from a screenshot, as a bank app's camera would) as the boleto's 44 digits; its number
 * is grouped as banks print it, never broken inside a group; the main action is one 44 px button
 * that puts the code on the clipboard (read back here); the PDF carries the same number and a
 * barcode that reads back; the page names the merchant with its CNPJ and writes the due date as
 * banks do; once paid or expired, no code is offered any more. axe in both themes on both pages.
 */
import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { test, expect, bothThemes, memberContext, merchantIntegration } from "./fixtures";
import { decodeItfPng, decodeQrPng } from "./support/decode";
import { decodeItfFromRects, readPdf } from "./support/pdf";
import { chooseMethod, create, fillAddress, fillPayer } from "./support/charge-form";
import { digitableLineToBarcode, stripBoletoSeparators } from "../lib/payments/boleto";
import { formatCnpj } from "../lib/payments/documents";

test.describe.configure({ mode: "serial" });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;

/**
 * A payer's phone in `locale`, allowed to use the clipboard on the dashboard's origin; `problems`
 * gathers what its console reports as wrong (errors, uncaught exceptions).
 */
async function payerPhone(browser: Browser, origin: string, locale: string): Promise<{ visitor: BrowserContext; pay: Page; problems: string[] }> {
  const visitor = await browser.newContext({ ...PHONE, locale });
  await visitor.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const pay = await visitor.newPage();
  const problems: string[] = [];
  pay.on("console", (m) => {
    if (m.type() === "error" && !/status of 404/.test(m.text())) problems.push(m.text());
  });
  pay.on("pageerror", (e) => problems.push(e.message));
  return { visitor, pay, problems };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** A big enough target for a thumb (WCAG 2.5.5: 44×44 CSS px). */
async function expectThumbSized(button: ReturnType<Page["getByRole"]>) {
  const box = (await button.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
}

test("a boleto on a phone: the barcode fits and reads back, one button copies its number, the PDF carries it, and once paid no code is offered", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 1366, height: 860 } });
  // The merchant's account as the provider knows it (its CNPJ), read through its own integration.
  const profile = await (await merchantIntegration(page)).account.profile();
  expect(profile.document).toBeTruthy();
  await page.goto("/receive");
  await chooseMethod(page, "Boleto");
  await page.getByLabel(/^Amount/).fill("150,00");
  await fillPayer(page, "Beatriz Celular", "529.982.247-25");
  await fillAddress(page);
  await create(page);
  const line = (await page.getByTestId("digitable-line").textContent())!.trim();
  const fromLine = digitableLineToBarcode(line);
  expect(fromLine.ok).toBe(true);
  const barcode = fromLine.ok ? fromLine.value : "";
  const link = (await page.getByTestId("pay-link").textContent())!.trim();

  const { visitor, pay, problems } = await payerPhone(browser, new URL(link).origin, "pt-BR");
  await pay.goto(link);
  await expect(pay.getByTestId("pay-amount")).toHaveText(/R\$\s?150,00/);
  await expect(pay.getByTestId("pay-merchant")).toContainText(`CNPJ ${formatCnpj(profile.document!)}`);
  await expect(pay.getByTestId("due-date")).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);

  // The barcode: inside the screen and its box, nothing scrolled or cut, and it reads back.
  const holder = pay.getByTestId("boleto-barcode");
  const image = pay.getByRole("img", { name: "Código de barras do boleto" });
  await image.scrollIntoViewIfNeeded();
  const bars = (await image.boundingBox())!;
  const box = (await holder.boundingBox())!;
  expect(bars.x).toBeGreaterThanOrEqual(box.x);
  expect(bars.x + bars.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  expect(bars.x).toBeGreaterThanOrEqual(0);
  expect(bars.x + bars.width).toBeLessThanOrEqual(390);
  expect(await holder.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await noSideScroll(pay)).toBe(true);
  expect(decodeItfPng(await image.screenshot())).toBe(barcode);

  // The number in the five groups banks print, none broken across lines.
  const groups = pay.getByTestId("digitable-line").locator(".whitespace-nowrap");
  await expect(groups).toHaveCount(5);
  for (const group of await groups.all()) expect(await group.evaluate((el) => el.getClientRects().length)).toBe(1);

  // The main action comes first on a phone, is thumb-sized, and copies the number.
  const copy = pay.getByRole("button", { name: "Copiar código do boleto" });
  await expectThumbSized(copy);
  expect((await copy.boundingBox())!.y).toBeLessThan((await image.boundingBox())!.y);
  await copy.click();
  await expect(pay.getByRole("button", { name: "Copiado" })).toBeVisible();
  expect(await clipboard(pay)).toBe(stripBoletoSeparators(line));

  // The PDF: the same number as text, the merchant's CNPJ, and a barcode that reads back.
  const [download] = await Promise.all([pay.waitForEvent("download"), pay.getByRole("button", { name: "Baixar PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^boleto-.*\.pdf$/);
  const [sheet] = readPdf(await readFile((await download.path())!));
  const texts = sheet!.texts.map((t) => t.text);
  expect(texts).toContain((await pay.getByTestId("digitable-line").textContent())!.trim());
  expect(texts).toContain(`CNPJ ${formatCnpj(profile.document!)}`);
  expect(texts).toContain((await pay.getByTestId("due-date").textContent())!.trim());
  expect(decodeItfFromRects(sheet!.rects)).toBe(barcode);

  const violations = await bothThemes(pay, "/pay boleto (phone)");
  violations.push(...(await bothThemes(page, "boleto charge page (laptop)")));

  // On a laptop the same page: the barcode first, fitted, and it reads back at 1×.
  const laptop = await context.newPage();
  await laptop.setViewportSize({ width: 1366, height: 860 });
  await laptop.goto(link);
  const wide = laptop.getByRole("img", { name: "Boleto barcode" });
  const wideBox = (await wide.boundingBox())!;
  const wideHolder = (await laptop.getByTestId("boleto-barcode").boundingBox())!;
  expect(wideBox.x + wideBox.width).toBeLessThanOrEqual(wideHolder.x + wideHolder.width + 0.5);
  expect(wideBox.y).toBeLessThan((await laptop.getByRole("button", { name: "Copy boleto number" }).boundingBox())!.y);
  expect(decodeItfPng(await wide.screenshot())).toBe(barcode);
  await laptop.close();

  // Paid through the sandbox: the phone shows it by itself, and no code any more.
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(pay.getByTestId("pay-paid")).toContainText("Pago", { timeout: 30_000 });
  await expect(pay.getByTestId("copy-code")).toHaveCount(0);
  await expect(pay.getByTestId("boleto-barcode")).toHaveCount(0);
  await expect(pay.getByTestId("digitable-line")).toHaveCount(0);
  violations.push(...(await bothThemes(pay, "/pay paid (phone)")));
  await expect(page.getByTestId("charge-paid")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("copy-code")).toHaveCount(0);
  await visitor.close();
  await context.close();
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
});

test("PIX from a phone: the copy button before the QR, the charge page's copy and share, and once expired no code", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 1366, height: 860 } });
  await page.goto("/receive");
  await chooseMethod(page, "PIX");
  await page.getByLabel(/^Amount/).fill("48,90");
  await fillPayer(page, "Marta Móvil", "529.982.247-25");
  await create(page);
  const code = (await page.getByTestId("pix-code").textContent())!.trim();
  const link = (await page.getByTestId("pay-link").textContent())!.trim();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(link).origin });

  // The charge's page: copying is the main action, and the message to the payer carries link and code.
  const copy = page.getByRole("button", { name: "Copy PIX code" });
  await expectThumbSized(copy);
  await copy.click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await clipboard(page)).toBe(code);
  const whatsapp = new URL((await page.getByTestId("share-whatsapp").getAttribute("href"))!);
  expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/");
  expect(whatsapp.searchParams.get("text")).toContain(link);
  expect(whatsapp.searchParams.get("text")).toContain(code);
  expect(whatsapp.searchParams.get("text")).toContain("R$");
  const mail = (await page.getByTestId("share-email").getAttribute("href"))!;
  expect(mail).toMatch(/^mailto:\?subject=Payment%20of%20R%24/);
  expect(decodeURIComponent(mail.split("body=")[1]!)).toContain(code);
  const violations = await bothThemes(page, "charge page (laptop)");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await noSideScroll(page)).toBe(true);
  expect((await copy.boundingBox())!.y).toBeLessThan((await page.getByTestId("charge-qr").boundingBox())!.y);
  violations.push(...(await bothThemes(page, "charge page (phone)")));

  // The payer's phone, in Spanish: the button first, the QR below it for another device.
  const { visitor, pay, problems } = await payerPhone(browser, new URL(link).origin, "es-MX");
  await pay.goto(link);
  const payCopy = pay.getByRole("button", { name: "Copiar código PIX" });
  await expectThumbSized(payCopy);
  const qr = pay.getByRole("img", { name: "Código QR PIX" });
  expect((await payCopy.boundingBox())!.y).toBeLessThan((await qr.boundingBox())!.y);
  await expect(pay.getByText("¿Pagas desde otro dispositivo?")).toBeVisible();
  await payCopy.click();
  await expect(pay.getByRole("button", { name: "Copiado" })).toBeVisible();
  expect(await clipboard(pay)).toBe(code);
  expect(decodeQrPng(await qr.screenshot())).toBe(code);
  expect(await noSideScroll(pay)).toBe(true);
  violations.push(...(await bothThemes(pay, "/pay PIX (phone)")));

  // Expired: the charge page says so and offers no code; the payment page no longer answers.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.getByRole("button", { name: "Let it expire" }).click();
  await expect(page.getByTestId("charge-closed")).toContainText("expired", { timeout: 30_000 });
  await expect(page.getByTestId("copy-code")).toHaveCount(0);
  await expect(page.getByTestId("pix-code")).toHaveCount(0);
  await expect(pay.getByText("Este enlace de pago no está disponible")).toBeVisible({ timeout: 30_000 });
  await expect(pay.getByTestId("copy-code")).toHaveCount(0);
  await visitor.close();
  await context.close();
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
});
