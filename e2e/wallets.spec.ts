/**
 * Fixed wallets on the live demo (its sandbox credential): a PIX-key wallet and a USDT-on-Tron wallet
 * created from the keyboard, each identifier read back from its QR code's pixels (as a phone would)
 * and from the clipboard; "Simulate deposit" pays into one and the deposit arrives on the open page
 * without a reload, verified; a viewer sees the wallets but gets neither tool, and the actions refuse
 * a direct call; at phone width nothing scrolls sideways.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect, roster, callAction, captureAction, memberContext, type CapturedAction } from "./fixtures";
import { decodeQrPng } from "./support/decode";

test.describe.configure({ mode: "serial" });

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PIX_LABEL = `E2E PIX ${tag}`;
const USDT_LABEL = `E2E USDT ${tag}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** Captured from the admin's journey, replayed by the viewer. */
let createAction: CapturedAction | null = null;
let simulateAction: CapturedAction | null = null;

const cardOf = (page: Page, label: string) => page.getByTestId("wallet-card").filter({ has: page.getByRole("heading", { name: label, exact: true }) });

/** Opens "New wallet" from the keyboard, fills the form and creates; returns the new wallet's card. */
async function createWallet(page: Page, o: { currency: string; chain?: string; label: string }): Promise<Locator> {
  await page.getByRole("button", { name: "New wallet", exact: true }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New fixed wallet" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Currency").selectOption(o.currency);
  if (o.chain) await dialog.getByLabel("Network").selectOption(o.chain);
  else await expect(dialog.getByLabel("Network")).toHaveCount(0);
  await dialog.getByLabel("Label (optional)").fill(o.label);
  const action = await captureAction(page, () => dialog.getByRole("button", { name: "Create wallet" }).click());
  createAction ??= action;
  await expect(dialog).toBeHidden();
  const card = cardOf(page, o.label);
  await expect(card).toBeVisible();
  return card;
}

/** The identifier shown, checked against what its QR code's pixels say. */
async function identifierOf(card: Locator): Promise<string> {
  const shown = ((await card.getByTestId("wallet-identifier").textContent()) ?? "").trim();
  const png = await card.getByTestId("wallet-qr").screenshot();
  expect(decodeQrPng(png)).toBe(shown);
  return shown;
}

test("create a PIX wallet and a USDT wallet, read each from its QR code, copy it, and watch a simulated deposit arrive without a reload", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/wallets");
  await expect(page.getByRole("heading", { level: 1, name: "Wallets" })).toBeVisible();

  // A PIX key (BRL): no network to choose.
  const pix = await createWallet(page, { currency: "BRL", label: PIX_LABEL });
  await expect(pix).toContainText("BRL · PIX key");
  const key = await identifierOf(pix);
  expect(key).toMatch(UUID);
  await expect(pix.getByTestId("wallet-no-deposits")).toBeVisible();
  // Said once: no count of paid deposits beside "No deposits yet".
  await expect(pix.getByTestId("wallet-deposit-count")).toHaveCount(0);
  await expect(pix.getByTestId("wallet-received")).toHaveAttribute("data-amount", "0");

  // Copy from the keyboard: the button says it copied, and the clipboard holds the key.
  const copy = pix.getByRole("button", { name: "Copy PIX key" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(pix.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // A crypto address: USDT on Tron, with the network's warning and its confirmations.
  const usdt = await createWallet(page, { currency: "USDT", chain: "tron", label: USDT_LABEL });
  const address = await identifierOf(usdt);
  expect(address).toMatch(TRON_ADDRESS);
  await expect(usdt.getByTestId("wallet-network-warning")).toContainText("Send only USDT on Tron");
  await expect(usdt.getByTestId("wallet-network-warning")).toContainText("20 confirmations");

  // Simulate a deposit into the PIX wallet; the page must not reload to show it.
  await expect(page.locator("[data-live-state=live]")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await pix.getByRole("button", { name: /^Simulate deposit/ }).click();
  const dialog = page.getByRole("dialog", { name: "Simulate a deposit" });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByLabel("Amount (BRL)");
  // Too many decimals is refused as typed, in words, before anything is sent.
  await amount.fill("10.001");
  await expect(dialog).toContainText("BRL amounts take at most 2 decimal places.");
  await amount.fill("123.45");
  simulateAction = await captureAction(page, () => dialog.getByRole("button", { name: "Send deposit" }).click());
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Deposit of R$123.45 sent").first()).toBeVisible();

  // The sandbox's webhooks reach the intake, the worker reads the deposit back, the live stream refreshes the page.
  const deposit = pix.getByTestId("wallet-deposit");
  await expect(deposit).toHaveCount(1, { timeout: 20_000 });
  await expect(deposit.getByTestId("wallet-deposit-amount")).toHaveAttribute("data-amount", "123.45");
  await expect(deposit.getByTestId("wallet-deposit-amount")).toHaveText("R$123.45");
  await expect(deposit.getByTestId("tx-status")).toHaveText("Paid");
  await expect(pix.getByTestId("wallet-received")).toHaveAttribute("data-amount", "123.45");
  await expect(pix.getByTestId("wallet-deposit-count")).toContainText("1 paid deposit");
  // The other wallet received nothing.
  await expect(usdt.getByTestId("wallet-deposit")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // The deposit opens in Transactions, from the keyboard.
  await deposit.getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/transactions\?tx=[0-9a-f]{32}/);
  await expect(page.getByTestId("tx-detail")).toBeVisible();
  await expect(page.getByTestId("tx-detail").getByTestId("detail-amount")).toContainText("123.45");
  await context.close();
});

test("a viewer sees the wallets but neither tool, and the actions refuse a direct call", async ({ browser }) => {
  expect(createAction, "captured in the journey above").not.toBeNull();
  expect(simulateAction, "captured in the journey above").not.toBeNull();
  const { context, page } = await memberContext(browser, roster("viewer"));
  await page.goto("/wallets");
  const pix = cardOf(page, PIX_LABEL);
  await expect(pix).toBeVisible();
  await expect(pix.getByTestId("wallet-deposit")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "New wallet", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Simulate deposit/ })).toHaveCount(0);
  const walletId = (await pix.getAttribute("data-wallet-id"))!;
  expect(await callAction(page, createAction!, { environment: "sandbox", currency: "BRL", chain: "", label: "viewer" })).toContain('"code":"FORBIDDEN"');
  expect(await callAction(page, simulateAction!, { walletId, amount: "1" })).toContain('"code":"FORBIDDEN"');
  await context.close();

  // Nothing changed.
  const admin = await memberContext(browser);
  await admin.page.goto("/wallets");
  await expect(admin.page.getByTestId("wallet-card").filter({ hasText: "viewer" })).toHaveCount(0);
  await expect(cardOf(admin.page, PIX_LABEL).getByTestId("wallet-deposit")).toHaveCount(1);
  await admin.context.close();
});

test("at phone width the wallets, their QR codes and the deposit dialog fit without horizontal scrolling", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 } });
  await page.goto("/wallets");
  const pix = cardOf(page, PIX_LABEL);
  await expect(pix).toBeVisible();
  await expect(pix.getByTestId("wallet-qr")).toBeVisible();
  await expect(pix.getByTestId("wallet-deposit")).toHaveCount(1);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  // The long address wraps inside its card instead of pushing the page wider.
  const usdt = cardOf(page, USDT_LABEL);
  await usdt.scrollIntoViewIfNeeded();
  const box = (await usdt.getByTestId("wallet-identifier").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await pix.getByRole("button", { name: /^Simulate deposit/ }).click();
  await expect(page.getByRole("dialog", { name: "Simulate a deposit" })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await context.close();
});
