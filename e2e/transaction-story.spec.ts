/**
 * The story of a transaction, as a merchant reads it on the live demo: a PIX charge made on the
 * Receive page, paid and then refunded through the sandbox's tools, tells each step in the detail
 * sheet with its time and who told us, the money it moved and the payer's document masked; its
 * receipt page and its PDF (read back from the file's own text) say the same amounts; the receipt
 * needs a session and the organisation (another organisation's transaction is a 404); the sheet,
 * the receipt and the paid charge pass axe in both themes; and screenshots of the sheet and the
 * receipt are taken at desktop and phone widths in the three languages.
 */
import { mkdirSync } from "node:fs";
import { test, expect, appeared, bothThemes, as, memberContext, ownOrganization, sandboxControl } from "./fixtures";
import { readPdfText } from "../lib/pdf/test-support/read-pdf";
import { formatDateTime } from "../lib/i18n/format";

test.describe.configure({ mode: "serial" });

/** The transaction paid then refunded by the first journey, for the ones after it. */
let refundedId = "";


const pdfText = (body: Buffer) => readPdfText(new Uint8Array(body)).join("\n");

test("a PIX charge paid then refunded tells each step with its time, and its receipt and PDF say the same amounts", async ({ browser }) => {
  test.setTimeout(120_000);
  const started = new Date(Date.now() - 1_000).toISOString();
  const { context, page } = await memberContext(browser);
  await page.goto("/receive");
  await page.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
  await page.getByLabel(/^Amount/).fill("47,90");
  await page.getByLabel("Full name").fill("Renata Story");
  await page.getByLabel(/^(CPF or CNPJ|Document)$/).fill("529.982.247-25");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/receive\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.locator("[data-live-state=live]").first()).toBeVisible();
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await expect(page.getByTestId("charge-paid")).toBeVisible({ timeout: 30_000 });
  // The paid charge's code area is faded, its words are not: axe finds no contrast problem.
  const violations = await bothThemes(page, "paid PIX charge");
  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByTestId("charge-status").getByTestId("tx-status")).toHaveText("Refunded", { timeout: 30_000 });
  const id = (await page.getByRole("link", { name: /^[0-9a-f]{32}$/ }).textContent())!.trim();
  refundedId = id;

  // The sheet: created, paid, refunded, each with its time and who told us, once both notifications are in.
  await page.goto(`/transactions?tx=${id}`);
  const sheet = page.getByTestId("tx-detail");
  const steps = sheet.getByTestId("story-step");
  await expect(async () => {
    await page.reload();
    await expect(steps.and(page.locator("[data-kind=refundedToPayer]"))).toContainText("the bank told us", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(await steps.evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")))).toEqual(["chargeCreated", "paid", "refundedToPayer"]);
  await expect(steps.nth(0)).toContainText(/Charge created.*created it here/s);
  await expect(steps.nth(1)).toContainText(/Paid by the payer.*the bank told us/s);
  await expect(steps.nth(2)).toContainText("Refunded R$47.90 to the payer");
  const times = await steps.getByTestId("story-time").evaluateAll((els) => els.map((e) => ({ at: e.getAttribute("datetime")!, text: e.textContent })));
  expect(times).toHaveLength(3);
  for (const { at, text } of times) {
    expect(at >= started && at <= new Date().toISOString()).toBe(true);
    expect(text).toBe(formatDateTime(at, "en"));
  }
  expect(times.map((x) => x.at)).toEqual([...times.map((x) => x.at)].sort());
  const amount = (await sheet.getByTestId("detail-amount").locator("dd").textContent())!.trim();
  expect(amount).toBe("R$47.90");
  const fee = (await sheet.getByTestId("detail-fee").locator("dd").textContent())!.trim();
  const net = (await sheet.getByTestId("detail-net").locator("dd").textContent())!.trim();
  expect(fee).toBe("R$0.72");
  expect(net).toBe("R$47.18");
  await expect(sheet.getByTestId("detail-refunded")).toContainText("R$47.90");
  // The payer's CPF masked, never whole; no expiry on a paid charge; no engineering words outside the technical details.
  await expect(sheet.getByTestId("detail-document")).toContainText("***.982.247-**");
  const shown = await sheet.evaluate((el) => (el as HTMLElement).innerText);
  expect(shown).not.toMatch(/529\.?982\.?247-?25|Expires|Can be paid until|mirror|\bsync|\bAPI\b/);
  violations.push(...(await bothThemes(page, "transaction sheet")));
  // Support finds the raw notifications folded away.
  await sheet.getByText("Technical details").click();
  await expect(sheet.getByTestId("delivery-entry").filter({ hasText: "cashin.refunded" })).toContainText("applied");
  const e2e = (await sheet.getByTestId("detail-e2e").locator("dd").textContent())!.trim();
  expect(e2e).toMatch(/^E\d{8}\d{12}\w{11}$/);

  // The receipt page: the same amount, the payer masked, the refund with its time, the organisation.
  await sheet.getByTestId("detail-receipt").click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${id}/receipt$`));
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByTestId("receipt-amount")).toHaveText(amount);
  await expect(receipt.getByTestId("receipt-organization")).toHaveText("Demo Merchant");
  await expect(receipt.getByTestId("receipt-payer")).toContainText("Renata Story");
  await expect(receipt.getByTestId("receipt-payer")).toContainText("CPF ***.982.247-**");
  await expect(receipt.getByTestId("receipt-recipient")).toContainText("Demo Merchant");
  await expect(receipt.getByTestId("receipt-refund")).toContainText(`${amount} on`);
  await expect(receipt.getByTestId("receipt-e2e")).toContainText(e2e);
  await expect(receipt.getByTestId("receipt-sandbox")).toBeVisible();
  violations.push(...(await bothThemes(page, "receipt")));
  const pageText = await receipt.evaluate((el) => (el as HTMLElement).innerText);

  // The PDF opens as a PDF and its own text holds the same amount, payer, ids and refund as the page.
  const res = await page.request.get(`/transactions/${id}/receipt.pdf`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(await res.body());
  for (const part of [amount, "Demo Merchant", "Renata Story", "CPF ***.982.247-**", id, e2e, "Refunded to the payer", "Refunded", "Payment received"]) expect(text).toContain(part);
  const refundLine = (await receipt.getByTestId("receipt-refund").locator("dd").textContent())!.trim();
  expect(text.replace(/\n/g, " ")).toContain(refundLine);
  expect(text).not.toMatch(/529\.?982\.?247-?25/);
  expect(pageText).toContain(amount);
  await context.close();
  expect(violations).toEqual([]);
});

test("a receipt needs a session and the organisation: another organisation's transaction and an unpaid charge are not found", async ({ browser }) => {
  test.setTimeout(120_000);
  expect(refundedId).not.toBe("");
  // No session: the PDF and the page send the visitor to sign in.
  const guest = await browser.newContext();
  const anonymous = await guest.request.get(`/transactions/${refundedId}/receipt.pdf`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(307);
  expect(anonymous.headers()["location"]).toContain("/login");
  const guestPage = await guest.newPage();
  await guestPage.goto(`/transactions/${refundedId}/receipt`);
  await expect(guestPage).toHaveURL(/\/login/);
  await guest.close();

  const { context, page } = await as(browser, "admin");
  const { integration, back } = await ownOrganization(page, `Receipts elsewhere ${Date.now()}`);
  let otherId = "";
  try {
    const charge = await integration.cashin.create({ amount: 12.5, currency: "BRL", payer: { name: "Other Org Payer", document: "52998224725" } });
    otherId = charge.transaction_id;
    await sandboxControl().simulate(otherId, { event: "cashin.confirmed" });
    // In its own organisation the receipt exists...
    await expect(async () => {
      expect((await page.request.get(`/transactions/${otherId}/receipt.pdf`)).status()).toBe(200);
    }).toPass({ timeout: 30_000 });
  } finally {
    await back();
  }
  // ...and from the demo organisation it is not found, as a page and as a PDF; nor is the demo's own receipt from there.
  expect((await page.request.get(`/transactions/${otherId}/receipt.pdf`)).status()).toBe(404);
  expect((await page.goto(`/transactions/${otherId}/receipt`))!.status()).toBe(404);
  expect((await page.request.get(`/transactions/${refundedId}/receipt.pdf`)).status()).toBe(200);
  // A charge nobody paid has no receipt.
  await page.goto("/receive");
  await page.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
  await page.getByLabel(/^Amount/).fill("5,00");
  await page.getByLabel("Full name").fill("Unpaid Payer");
  await page.getByLabel(/^(CPF or CNPJ|Document)$/).fill("529.982.247-25");
  await page.getByRole("button", { name: "Create charge" }).click();
  await expect(page).toHaveURL(/\/receive\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const unpaid = (await page.getByRole("link", { name: /^[0-9a-f]{32}$/ }).textContent())!.trim();
  expect((await page.request.get(`/transactions/${unpaid}/receipt.pdf`)).status()).toBe(404);
  // Its sheet waits for the payer, with the time it can be paid until, and offers no receipt.
  await page.goto(`/transactions?tx=${unpaid}`);
  const sheet = page.getByTestId("tx-detail");
  await expect(sheet.getByTestId("story-step").last()).toContainText(/Waiting for the payer.*Can be paid until/s);
  await expect(sheet.getByTestId("detail-receipt")).toHaveCount(0);
  await context.close();
});

test("screenshots of the sheet and the receipt at desktop and phone widths, in English, Portuguese and Spanish", async ({ browser }) => {
  test.setTimeout(180_000);
  expect(refundedId).not.toBe("");
  const dir = "test-results/transaction-story";
  mkdirSync(dir, { recursive: true });
  const { context, page } = await as(browser, "viewer");
  const language = async (name: string, lang: string) => {
    await page.goto("/settings/preferences");
    await page.getByLabel(/^(Language|Idioma)$/).click();
    await page.getByRole("option", { name }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
  };
  try {
    for (const [name, lang, title] of [
      ["English", "en", "What happened"],
      ["Português (Brasil)", "pt-BR", "O que aconteceu"],
      ["Español (México)", "es-MX", "Qué pasó"],
    ] as const) {
      await language(name, lang);
      for (const [w, h] of [
        [1366, 860],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.goto(`/transactions?tx=${refundedId}`);
        const sheet = page.getByTestId("tx-detail");
        await expect(sheet.getByRole("heading", { name: title })).toBeVisible();
        await expect(sheet.getByTestId("story-step")).toHaveCount(3);
        // Once the sheet has slid in.
        await appeared(page);
        await page.screenshot({ path: `${dir}/sheet-${lang}-${w}.png` });
        await page.goto(`/transactions/${refundedId}/receipt`);
        await expect(page.getByTestId("receipt")).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `${dir}/receipt-${lang}-${w}.png`, fullPage: true });
      }
    }
  } finally {
    await language("English", "en");
    await context.close();
  }
});
