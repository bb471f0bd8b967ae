/**
 * The MED inbox on the live demo: the demo's open infractions (from the API's list) sorted by
 * deadline with the time left in words, the navigation's badge for those due within 48 hours, and
 * an infraction opened at the sandbox appearing without a reload once its webhook is read back.
 */
import type { Page } from "@playwright/test";
import { test, expect, bothThemes, roster, memberContext, merchantIntegration, sandboxControl, seriousViolations, DEMO_URL } from "./fixtures";

const shots = process.env.INFRACTIONS_SCREENSHOTS === "1";

/** INFRACTIONS_SCREENSHOTS=1: the page at 1366 and 390 px in test-results/infractions-*.png. */
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const [width, height] of [[1366, 860], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/infractions-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe.configure({ mode: "serial" });

test("the inbox lists the demo's infractions due first, and the badge counts those due within 48 hours", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await expect(async () => {
    await page.goto("/infractions");
    await expect(page.getByTestId("infractions-table")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  const dues = await page.getByTestId("infraction-due").allTextContents();
  expect(dues.length).toBeGreaterThanOrEqual(3);
  // due first: the demo's two urgent ones (about 4 and 20 hours) lead
  expect(dues[0]).toMatch(/^Due in \d+ hours?$/);
  await expect(page.locator("tr[data-urgency=urgent]").first()).toBeVisible();
  await expect(page.getByTestId("nav-badge-infractions").first()).toContainText(/^\d+/);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "inbox-en");
  // On a phone each infraction is a card: amount, status and deadline in view, no sideways scroll, the whole card opens it.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  const card = page.locator("tr[data-urgency=urgent]").first();
  for (const part of [card.getByTestId("infraction-due"), card.getByText(/R\$/), card.getByText(/^(Open|Responded)/)]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const href = await card.getByTestId("infraction-due").getAttribute("href");
  const cardBox = (await card.boundingBox())!;
  await page.mouse.click(cardBox.x + cardBox.width - 12, cardBox.y + cardBox.height - 8); // a corner of the card, not its text
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await context.close();
});

test("an infraction opened at the sandbox appears live with its deadline", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const integration = await merchantIntegration(page);
  const charge = await integration.cashin.create({ amount: 80, currency: "BRL", payer: { name: "Disputing Payer", document: "52998224725" } });
  const control = sandboxControl();
  await control.simulate(charge.transaction_id, { event: "cashin.confirmed" });
  await page.goto("/infractions?status=open");
  await expect(page.locator("[data-live-state=live]").first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
  const opened = await control.openInfraction({ transaction_id: charge.transaction_id, type: "FRAUD", reason: "Payer says the card was stolen" });
  const row = page.getByTestId(`infraction-${opened.infraction_id}`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId("infraction-due")).toHaveText(/^Due in (7|6) days$/);
  await expect(row).toContainText("Fraud");
  await expect(row).toContainText("R$80.00");
  // Who disputes it, by name, leading to the payment.
  await expect(row.getByTestId("infraction-payer")).toHaveText("Disputing Payer");
  await expect(row.getByTestId("infraction-payer").getByRole("link")).toHaveAttribute("href", `/transactions?tx=${charge.transaction_id}`);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
  // The disputed payment's detail names the dispute and leads to it.
  await page.goto(`/transactions?tx=${charge.transaction_id}`);
  const disputes = page.getByTestId("tx-detail").getByTestId("detail-disputes");
  await expect(disputes).toContainText("Fraud");
  await expect(disputes).toContainText("Open");
  await disputes.getByRole("link", { name: "Fraud" }).click();
  await expect(page).toHaveURL(new RegExp(`/infractions/${opened.infraction_id}$`));
  await context.close();
});

test("assigning an infraction shows who handles it, and Mine finds it", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/infractions?status=open");
  const first = page.getByTestId("infraction-due").first();
  const href = (await first.getAttribute("href"))!;
  const id = href.split("/").pop()!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/infractions/${id}$`));
  await expect(page.getByTestId("reply-possible")).toContainText("Another reply is possible until");
  // The deadline as a countdown, urgent in words as well as in colour (the first open one is due within 24 hours).
  const banner = page.getByTestId("deadline-banner");
  await expect(banner).toHaveAttribute("data-urgency", "urgent");
  await expect(banner).toContainText(/^Urgent: Reply within (\d+ h )?\d+ min/);
  await expect(banner).toContainText(/Deadline: .+\d{1,2}:\d{2}/);
  expect(await bothThemes(page)).toEqual([]);
  await shoot(page, "detail-en");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("assign-select").selectOption({ label: "Demo Admin" });
  await expect(page.getByText("Assignment saved", { exact: true })).toBeVisible();
  await page.goto("/infractions?assignee=me");
  await expect(page.getByTestId(`infraction-${id}`)).toContainText("Demo Admin");
  await context.close();
});

test("an internal deadline, set by an admin in Settings, moves infractions into the due-soon group earlier, and the badge follows", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/infractions");
  const badge = page.getByTestId("nav-badge-infractions").first();
  const before = Number((await badge.textContent())!.match(/^\d+/)![0]);
  const laterBefore = await page.locator("tr[data-urgency=later]").count();
  expect(laterBefore).toBeGreaterThan(0);
  // The inbox only says which deadline it shows; the setting lives in Settings.
  await expect(page.getByLabel("Reply this many hours before the provider's deadline")).toHaveCount(0);
  await page.getByTestId("internal-deadline-link").click();
  await expect(page).toHaveURL(/\/settings\/infractions$/);
  await expect(page.getByRole("link", { name: "Infractions (MED)" })).toBeVisible();
  const hours = page.getByLabel("Reply this many hours before the provider's deadline");
  await hours.fill("200");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter whole hours from 0 to 167.")).toBeVisible();
  // 150 hours: every open infraction (7 days at most) is now due within 48 hours of the team's deadline.
  await hours.fill("150");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("internal-deadline-now")).toHaveText("Deadlines shown are your team's: 150 hours before the provider's.");
  expect(await bothThemes(page)).toEqual([]);
  await shoot(page, "settings-en");
  await page.goto("/infractions");
  await expect(page.getByText("Deadlines shown are your team's: 150 hours before the provider's.")).toBeVisible();
  await expect(page.locator("tr[data-urgency=later]")).toHaveCount(0);
  await expect(badge).toHaveText(new RegExp(`^${before + laterBefore}`));
  // The detail counts down to the team's deadline: passed for the first, still ahead for the one opened last (7 days).
  await page.goto("/infractions?status=open");
  await page.getByTestId("infraction-due").first().click();
  await expect(page.getByTestId("deadline-banner")).toContainText("Your team's deadline has passed: reply before the provider's");
  await page.goBack();
  await page.getByTestId("infraction-due").last().click();
  await expect(page.getByTestId("deadline-banner")).toContainText(/^Urgent: Your team replies within \d+ h \d+ min/);
  await page.goto("/settings/infractions");
  await hours.fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("internal-deadline-now")).toHaveText(/Deadlines shown are the provider's/);
  await context.close();

  // Support members reply but do not set the team's deadline: no link, no page.
  const support = await memberContext(browser, roster("support"));
  await support.page.goto("/settings/preferences");
  await expect(support.page.getByRole("link", { name: "Infractions (MED)" })).toHaveCount(0);
  await support.page.goto("/infractions");
  await expect(support.page.getByTestId("internal-deadline-link")).toHaveCount(0);
  await support.page.goto("/settings/infractions");
  await expect(support.page.getByLabel("Reply this many hours before the provider's deadline")).toHaveCount(0);
  await support.context.close();
});

const pdf = (n = 2000) => Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(n, 0x20)]);
const png = (n = 2000) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(n, 0)]);

test("a reply's draft (message and the chosen files' names) survives closing the page", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/infractions?status=open");
  await page.getByTestId("infraction-due").first().click();
  await expect(page).toHaveURL(/\/infractions\/[0-9a-f]+$/);
  const message = "Draft: the goods left the warehouse on Monday.";
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByLabel("choose files").setInputFiles([{ name: "waybill.pdf", mimeType: "application/pdf", buffer: pdf() }]);
  await expect(page.getByText("waybill.pdf").first()).toBeVisible();
  const url = page.url();
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByLabel("Message", { exact: true })).toHaveValue(message);
  await expect(again.getByText("Previously chosen: waybill.pdf. Add them again.")).toBeVisible();
  await context.close();
});

test("support replies with a PDF and a PNG; too many, too large and disguised files are refused; an operator cannot reply", async ({ browser }) => {
  test.setTimeout(150_000); // two members invited by mail and signed in (over 60 s in a full run on 2 cores)
  const { context: adminCtx, page: admin } = await memberContext(browser);
  const integration = await merchantIntegration(admin);
  const charge = await integration.cashin.create({ amount: 55, currency: "BRL", payer: { name: "Evidence Payer", document: "52998224725" } });
  const control = sandboxControl();
  await control.simulate(charge.transaction_id, { event: "cashin.confirmed" });
  const opened = await control.openInfraction({ transaction_id: charge.transaction_id, type: "REFUND_REQUEST", reason: "Goods not received" });
  await admin.goto("/infractions");
  await expect(admin.getByTestId(`infraction-${opened.infraction_id}`)).toBeVisible({ timeout: 30_000 });
  await adminCtx.close();

  const support = roster("support");
  const { context, page } = await memberContext(browser, support);
  await page.goto(`/infractions/${opened.infraction_id}`);
  await expect(page.getByTestId("reply-possible")).toContainText("Another reply is possible until");
  await page.getByLabel("Message", { exact: true }).fill("The order was delivered on the 12th; the signed receipt and the tracking page are attached.");
  const input = page.getByLabel("choose files");
  await input.setInputFiles(Array.from({ length: 6 }, (_, k) => ({ name: `doc${k}.pdf`, mimeType: "application/pdf", buffer: pdf() })));
  await expect(page.getByText("At most 5 files can be attached.")).toBeVisible();
  for (let k = 5; k >= 0; k--) await page.getByRole("button", { name: `Remove doc${k}.pdf` }).click();
  await input.setInputFiles([{ name: "huge.pdf", mimeType: "application/pdf", buffer: pdf(11 * 1024 * 1024) }]);
  await expect(page.getByText(/huge\.pdf is larger than/)).toBeVisible();
  await page.getByRole("button", { name: "Remove huge.pdf" }).click();
  await input.setInputFiles([{ name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(4000, 0x90)]) }]);
  await expect(page.getByText("invoice.pdf is not a PDF, JPG or PNG file (its content was checked, not its name).")).toBeVisible();
  await page.getByRole("button", { name: "Remove invoice.pdf" }).click();
  // The server checks again when the browser is bypassed (a script on the dashboard's own origin, as the page would send it).
  const sameSite = { origin: new URL(page.url()).origin };
  // Another site cannot make the member's browser post evidence: refused before anything is read.
  const crossSite = await page.request.post(`/api/infractions/${opened.infraction_id}/reply`, {
    headers: { origin: "https://evil.example" },
    multipart: { message: "from elsewhere", files: { name: "a.pdf", mimeType: "application/pdf", buffer: pdf() } },
  });
  expect(crossSite.status()).toBe(403);
  expect((await crossSite.json()).error).toMatchObject({ code: "CROSS_ORIGIN", message: expect.stringContaining("did not come from the dashboard") });
  const bypass = await page.request.post(`/api/infractions/${opened.infraction_id}/reply`, {
    headers: sameSite,
    multipart: { message: "bypassing the form", files: { name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(100)]) } },
  });
  expect(bypass.status()).toBe(415);
  expect((await bypass.json()).error.message).toContain("is not a PDF, JPG or PNG");
  const six = await page.request.fetch(`/api/infractions/${opened.infraction_id}/reply`, {
    method: "POST",
    headers: sameSite,
    multipart: (() => {
      const form = new FormData();
      form.append("message", "six files");
      for (let k = 0; k < 6; k++) form.append("files", new Blob([new Uint8Array(pdf(100))], { type: "application/pdf" }), `d${k}.pdf`);
      return form;
    })(),
  });
  expect(six.status()).toBe(400);
  expect((await six.json()).error.message).toContain("At most 5 files");
  const huge = await page.request.post(`/api/infractions/${opened.infraction_id}/reply`, {
    headers: sameSite,
    multipart: { message: "too large", files: { name: "huge.pdf", mimeType: "application/pdf", buffer: pdf(11 * 1024 * 1024) } },
  });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error.message).toContain("huge.pdf is larger than");
  // Nothing of the above reached the API: still no reply.
  await page.reload();
  await expect(page.getByText("No reply yet.")).toBeVisible();

  await input.setInputFiles([
    // 12 MB in all: more than the 10 MB a proxy would buffer.
    { name: "receipt.pdf", mimeType: "application/pdf", buffer: pdf(6 * 1024 * 1024) },
    { name: "tracking.png", mimeType: "image/png", buffer: png(6 * 1024 * 1024) },
  ]);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply sent. The infraction is now responded.", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("infraction-status")).toContainText("Responded");
  await expect(page.getByTestId("replies")).toContainText("signed receipt");
  await expect(page.getByTestId("replies")).toContainText("tracking.png");
  await context.close();

  const operator = roster("operator");
  const op = await memberContext(browser, operator);
  await op.page.goto(`/infractions/${opened.infraction_id}`);
  await expect(op.page.getByText("Only support and admins can reply.")).toBeVisible();
  const refused = await op.page.request.post(`/api/infractions/${opened.infraction_id}/reply`, {
    headers: { origin: new URL(op.page.url()).origin },
    multipart: { message: "operator", files: { name: "a.pdf", mimeType: "application/pdf", buffer: pdf() } },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("FORBIDDEN");
  await op.context.close();
});

test("won and lost resolutions show their outcome and what they did to the balance", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const integration = await merchantIntegration(page);
  const control = sandboxControl();
  const ids: string[] = [];
  for (const [outcome, amount, words] of [
    ["won", 41, /Resolved in your favour: R\$41\.00 released to your available balance\./],
    ["lost", 42, /Lost: R\$42\.00 returned to the payer from your balance\./],
  ] as const) {
    const charge = await integration.cashin.create({ amount, currency: "BRL", payer: { name: outcome === "won" ? "Ana Souza" : "Bruno Lima", document: "52998224725" } });
    await control.simulate(charge.transaction_id, { event: "cashin.confirmed" });
    const { infraction_id: id } = await control.openInfraction({ transaction_id: charge.transaction_id, type: "REFUND_REQUEST" });
    await expect(async () => {
      await page.goto(`/infractions/${id}`);
      await expect(page.getByTestId("infraction-status")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator("[data-live-state=live]").first()).toBeVisible();
    await control.resolveInfraction(id, outcome);
    await expect(page.getByTestId("infraction-outcome")).toHaveText(words, { timeout: 30_000 });
    await expect(page.getByTestId("reply-possible")).toHaveText("No more replies: this infraction is resolved.");
    await expect(page.getByTestId("infraction-events")).toContainText(outcome === "won" ? "Dispute won" : "Dispute lost");
    ids.push(id);
  }

  // In Portuguese and Spanish: the outcomes, the parties' fields and the API's identifiers in the merchant's words, never the API's tokens.
  for (const [locale, won, lost] of [
    ["pt-BR", "A seu favor", "Devolvido ao pagador"],
    ["es-MX", "A tu favor", "Reembolsado al pagador"],
  ] as const) {
    await context.addCookies([{ name: "locale", value: locale, url: DEMO_URL }]);
    for (const [id, outcome] of [
      [ids[0]!, won],
      [ids[1]!, lost],
    ] as const) {
      await page.goto(`/infractions/${id}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByTestId("infraction-status")).toContainText(outcome);
      await expect(page.getByText("***.982.247-**").first()).toBeVisible(); // the payer's CPF, masked
      await expectNoRawTokens(page);
      await shoot(page, `detail-${locale}-${outcome === won ? "won" : "lost"}`);
    }
    await page.goto("/infractions?status=resolved");
    await expect(page.getByTestId(`infraction-${ids[0]}`)).toContainText(won);
    await expectNoRawTokens(page);
    await shoot(page, `inbox-${locale}`);
    await page.goto("/settings/infractions");
    await expectNoRawTokens(page);
    await shoot(page, `settings-${locale}`);
  }
  await context.close();
});

/** The API's words a merchant should never read: field names and outcome codes. */
async function expectNoRawTokens(page: Page) {
  const text = await page.locator("main").innerText();
  for (const token of ["e2e_id", "won", "lost", "username", "document", "canceled"]) expect(text, token).not.toMatch(new RegExp(`\\b${token}\\b`, "i"));
}
