/**
 * Receive on the live demo: a charge per method created through the form, its code read back from
 * the rendered image (the QR decoded, the ITF barcode decoded from a screenshot) and compared with
 * what the API gave, paid through the sandbox tools and turning paid without a reload; invalid input
 * refused in the member's words; a double submit making one charge; the public payment page showing
 * only the charge, updating by itself, and gone once turned off.
 */
import type { Page } from "@playwright/test";
import { test, expect, memberContext, merchantIntegration, seriousViolations } from "./fixtures";
import { decodeItfPng, decodeQrPng } from "./support/decode";
import { chooseMethod, create, fillAddress, fillPayer } from "./support/charge-form";
import { decodeBrCode } from "../lib/payments/pix-br-code";
import { digitableLineToBarcode, validateBarcode } from "../lib/payments/boleto";
import { isValidClabe } from "../lib/payments/clabe";

test.describe.configure({ mode: "serial" });

/** Marks the document so a reload (which would lose the mark) is caught. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
const stillSameDocument = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);

async function payAndSeeItPaid(page: Page) {
  await expect(page.locator("[data-live-state=live]").first()).toBeVisible();
  await mark(page);
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(page.getByTestId("charge-paid")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("charge-status").getByTestId("tx-status")).toHaveText("Paid");
  await stillSameDocument(page);
}

test("PIX: the QR image decodes to the API's code for the amount, and the charge turns paid live", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  await chooseMethod(page, "PIX");
  await page.getByLabel(/^Amount/).fill("12,34");
  await fillPayer(page, "Paula PIX", "529.982.247-25");
  await create(page);
  // The payer's CPF as banks print it, whatever was typed.
  await expect(page.getByText("Paula PIX · 529.982.247-25", { exact: true })).toBeVisible();
  const code = (await page.getByTestId("pix-code").textContent())!.trim();
  const decoded = decodeQrPng(await page.getByRole("img", { name: "PIX QR code" }).screenshot());
  expect(decoded).toBe(code);
  const br = decodeBrCode(code);
  expect(br.ok && br.value.amount).toBe("12.34");
  await expect(page.getByTestId("countdown")).toContainText(/Expires in \d+:\d\d/);
  await payAndSeeItPaid(page);
  await expect(page.getByTestId("charge-paid")).toContainText("credited after a fee of");
  // The transaction's detail sheet leads back to the charge.
  const chargeUrl = page.url();
  await page.getByRole("link", { name: /^[0-9a-f]{32}$/ }).click();
  await expect(page.getByTestId("detail-charge")).toBeVisible();
  await page.getByTestId("detail-charge").click();
  await expect(page).toHaveURL(chargeUrl);
  await context.close();
});

for (const method of ["Boleto", "Boleto + PIX"] as const) {
  test(`${method}: the barcode image decodes to the digitable line's barcode, and payment shows live`, async ({ browser }) => {
    const { context, page } = await memberContext(browser, undefined, { viewport: { width: 1280, height: 900 } });
    await page.goto("/receive");
    await chooseMethod(page, method);
    await page.getByLabel(/^Amount/).fill("150,00");
    await fillPayer(page, `Bruno ${method}`, "11.222.333/0001-81");
    await fillAddress(page);
    await create(page);
    const line = (await page.getByTestId("digitable-line").textContent())!.trim();
    const fromLine = digitableLineToBarcode(line);
    expect(fromLine.ok).toBe(true);
    const barcode = decodeItfPng(await page.getByRole("img", { name: "Boleto barcode" }).screenshot());
    expect(barcode).toBe(fromLine.ok ? fromLine.value : null);
    expect(validateBarcode(barcode!).ok).toBe(true);
    if (method === "Boleto + PIX") {
      const code = (await page.getByTestId("pix-code").textContent())!.trim();
      expect(decodeQrPng(await page.getByRole("img", { name: "PIX QR code" }).screenshot())).toBe(code);
    }
    // No PDF from the sandbox: the printable boleto carries the same line and barcode.
    const [print] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: "Printable boleto" }).click()]);
    await expect(print.getByTestId("print-line")).toHaveText(line);
    expect(decodeItfPng(await print.getByRole("img", { name: "Boleto barcode" }).screenshot())).toBe(barcode);
    await print.close();
    await payAndSeeItPaid(page);
    await context.close();
  });
}

test("SPEI: a valid CLABE, paid live", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  await chooseMethod(page, "SPEI");
  await page.getByLabel(/^Amount/).fill("250.00");
  await fillPayer(page, "Luis SPEI", "PELU800101HDFRRS09");
  await create(page);
  const clabe = (await page.getByTestId("clabe").textContent())!.trim();
  expect(isValidClabe(clabe)).toBe(true);
  await payAndSeeItPaid(page);
  await context.close();
});

test("crypto: only the chains that carry the coin, an address QR, the network warning, paid live", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  await chooseMethod(page, "Crypto");
  await page.getByLabel("Coin").selectOption("BTC");
  await expect(page.getByLabel("Network").locator("option")).toHaveText(["Bitcoin"]);
  await page.getByLabel("Coin").selectOption("USDT");
  await expect(page.getByLabel("Network").locator("option")).toHaveText(["Tron", "Ethereum", "BNB Smart Chain", "Polygon", "Solana"]);
  await page.getByLabel("Network").selectOption("tron");
  await page.getByLabel(/^Amount/).fill("1.5");
  await fillPayer(page, "Carla Crypto", "C-123");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page.getByText("The minimum is 2.00 USDT.")).toBeVisible();
  await page.getByLabel(/^Amount/).fill("20");
  await create(page);
  const address = (await page.getByTestId("deposit-address").textContent())!.trim();
  expect(decodeQrPng(await page.getByRole("img", { name: "Deposit address QR code" }).screenshot())).toBe(address);
  await expect(page.getByText("Send only USDT on Tron")).toBeVisible();
  await expect(page.getByTestId("countdown")).toContainText(/Expires in (29|30):\d\d/);
  await payAndSeeItPaid(page);
  await context.close();
});

test("invalid input is refused in the member's words before anything is sent", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  const before = await page.getByTestId("charge-list").locator("li").count();
  // A recent payer fills the payer's fields, picked before or after the form's code has loaded.
  const recent = page.getByLabel("Fill from a recent payer");
  const payer = recent.locator("option:not([value=''])").first();
  const [name, document] = (await payer.textContent())!.split(" · ");
  await recent.selectOption((await payer.getAttribute("value"))!);
  await expect(page.getByLabel("Full name")).toHaveValue(name!);
  await expect(page.getByLabel(/^(CPF or CNPJ|Document)$/)).toHaveValue(document!);
  await chooseMethod(page, "PIX");
  await page.getByLabel(/^Amount/).fill("0,50");
  await fillPayer(page, "Ana", "123.456.789-00");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page.getByText("The minimum is 1.00 BRL.")).toBeVisible();
  await expect(page.getByText("This is not a valid CPF or CNPJ: check the digits.")).toBeVisible();
  await page.getByLabel(/^Amount/).fill("10,999");
  await expect(page.getByText("Use at most 2 decimal places.")).toBeVisible();
  await chooseMethod(page, "Boleto");
  await page.getByLabel("CEP").fill("0100");
  await page.getByLabel("Phone").fill("123");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page.getByText("A CEP has 8 digits.")).toBeVisible();
  await expect(page.getByText("Enter 8 to 12 digits, with area code.")).toBeVisible();
  await expect(page.getByText("A boleto needs the payer's e-mail.")).toBeVisible();
  // split over 95 %
  await chooseMethod(page, "PIX");
  await page.getByLabel(/^Amount/).fill("10");
  await page.getByLabel(/^(CPF or CNPJ|Document)$/).fill("529.982.247-25");
  await page.getByRole("button", { name: "Add a share" }).click();
  await page.getByLabel("Account username").fill("someone");
  await page.getByLabel("Value").fill("96");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page.getByText("Shares by percentage add up to more than 95%.")).toBeVisible();
  await expect(page).toHaveURL(/\/receive$/);
  await expect(page.getByTestId("charge-list").locator("li")).toHaveCount(before);
  await context.close();
});

test("a double submit creates one charge", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  await page.waitForLoadState("networkidle");
  // The form's code loads as the member turns to it; held back here, so that what is done before it
  // arrives is done to the form drawn without it: "Reference" unfolded and focus on a method's tile
  // stay so once it has.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  const reference = page.getByLabel("Reference (external_id)");
  await page.getByText("Reference", { exact: true }).click();
  await expect(reference).toBeVisible();
  await expect(reference).toHaveValue("");
  await page.getByRole("radio", { name: "PIX", exact: true }).focus();
  release();
  // The reference is made once the form's code has loaded.
  await expect(reference).toHaveValue(/^chg_/);
  await expect(reference).toBeVisible();
  await expect(page.getByRole("radio", { name: "PIX", exact: true })).toBeFocused();
  await page.unroute("**/_next/static/chunks/**");
  await chooseMethod(page, "PIX");
  await page.getByLabel(/^Amount/).fill("7,77");
  await fillPayer(page, "Double Click", "529.982.247-25");
  const sentReference = await reference.inputValue();
  // Two submits as fast as a double click sends them, before the first answer.
  await page.locator("form[aria-label='New charge']").evaluate((f: HTMLFormElement) => {
    f.requestSubmit();
    f.requestSubmit();
  });
  await expect(page).toHaveURL(/\/receive\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const integration = await merchantIntegration(page);
  const listed = await integration.transactions.list({ external_id: sentReference });
  expect(listed.items).toHaveLength(1);
  await page.goto("/receive");
  await expect(page.getByTestId("charge-list").getByText("Double Click")).toHaveCount(1);
  await context.close();
});

test("the payment page shows only the charge, turns paid by itself, and answers nothing once turned off", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  await chooseMethod(page, "PIX");
  await page.getByLabel(/^Amount/).fill("33,00");
  await fillPayer(page, "Private Payer", "529.982.247-25");
  await create(page);
  const link = (await page.getByTestId("pay-link").textContent())!.trim();
  const code = (await page.getByTestId("pix-code").textContent())!.trim();

  const visitor = await browser.newContext();
  const pay = await visitor.newPage();
  await pay.goto(link);
  await expect(pay.getByTestId("pay-amount")).toHaveText(/R\$\s?33\.00/);
  await expect(pay.getByText("Payment to Demo")).toBeVisible();
  expect(decodeQrPng(await pay.getByRole("img", { name: "PIX QR code" }).screenshot())).toBe(code);
  const text = await pay.locator("body").innerText();
  expect(text).not.toContain("Private Payer");
  expect(text).not.toContain("admin@demo.test");
  expect(await pay.locator("a[href^='/'], nav").count()).toBe(0);

  await pay.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(pay.getByTestId("pay-status")).toContainText("Paid", { timeout: 30_000 });
  await stillSameDocument(pay);

  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByTestId("pay-link-off")).toBeVisible();
  const gone = await visitor.request.get(link.replace("/pay/", "/api/pay/"));
  expect(gone.status()).toBe(404);
  await pay.goto(link);
  await expect(pay.getByText("This payment link is not available")).toBeVisible();
  await visitor.close();
  await context.close();
});

test("Receive and a charge's page fit a phone", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 } });
  for (const url of ["/receive"]) {
    await page.goto(url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  }
  await page.getByTestId("charge-list").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/receive\/[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await context.close();
});

test("axe finds nothing serious on a charge's page, its payment page and its printable boleto", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  await chooseMethod(page, "Boleto");
  await page.getByLabel(/^Amount/).fill("42,00");
  await fillPayer(page, "Axe Payer", "529.982.247-25");
  await fillAddress(page);
  const id = await create(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  const link = (await page.getByTestId("pay-link").textContent())!.trim();
  const visitor = await browser.newContext();
  const pay = await visitor.newPage();
  await pay.goto(link);
  await expect(pay.getByTestId("pay-amount")).toBeVisible();
  expect(await seriousViolations(pay)).toEqual([]);
  await pay.setViewportSize({ width: 390, height: 844 });
  expect(await pay.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await visitor.close();
  await page.goto(`/print/boleto/${id}`);
  await expect(page.getByTestId("print-line")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
