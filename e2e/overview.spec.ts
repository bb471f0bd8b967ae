/**
 * The Overview, a merchant's home, on the demo organisation against the real sandbox: the figures of
 * the period equal what the Transactions export says for the same days and the days before, with
 * the comparison shown; the balances follow a payment made at the sandbox without a reload, and so
 * does today's money in; quick actions by role; an approval waiting shows for an admin who may give
 * it; the estimated total; the latest transactions; no engineering words on a merchant's pages; at
 * phone width activity comes within two screens and nothing scrolls sideways.
 */
import type { Page } from "@playwright/test";
import Decimal from "decimal.js";
import { test, expect, as, changeApprovalPolicy, chooseAmountMode, memberContext, merchantIntegration, roster, sandboxControl, seriousViolations } from "./fixtures";
import type { PaymentApiClient } from "../lib/payment-api";
import { formatMoney } from "../lib/i18n/format";
import { parseCsv } from "../lib/payouts/bulk/file";

test.describe.configure({ mode: "serial" });

const control = sandboxControl();

/** The BRL available balance as the sandbox says it, formatted as the page formats it (English). */
async function sandboxBrl(client: PaymentApiClient): Promise<string> {
  const { balances } = await client.account.balance();
  const brl = balances.find((b) => b.currency === "BRL");
  return formatMoney(brl ? brl.available.toFixed() : "0", "BRL", "en");
}

const brlOnPage = (page: Page) => page.getByTestId("balance-BRL").getByTestId("balance-available");

/** Opens an "i" button's popover and returns its text; Escape closes it. */
async function infoText(page: Page, testId: string): Promise<string> {
  await page.getByTestId(testId).click();
  const text = (await page.getByTestId(`${testId}-content`).innerText()).trim();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId(`${testId}-content`)).toBeHidden();
  return text;
}

type Side = { sum: Decimal; completed: number; unsuccessful: number };

/**
 * What the Transactions export (the same member, the same filters a merchant would set) says of the
 * cash-ins or cash-outs in `currency` from `from` to `to`: the sum and count of the paid ones, and how
 * many failed, expired or were cancelled.
 */
async function exported(page: Page, q: { currency: string; type: "cashin" | "cashout"; from: string; to: string }): Promise<Side> {
  const rows = async (status: string) => {
    const res = await page.request.get(`/api/transactions/export?currency=${q.currency}&type=${q.type}&status=${status}&from=${q.from}&to=${q.to}`);
    expect(res.status()).toBe(200);
    const parsed = parseCsv(await res.text());
    if (!parsed.ok) throw new Error(parsed.error);
    const [header, ...records] = parsed.records.filter((r) => r.length > 1);
    const amount = header!.indexOf("Amount");
    expect(amount).toBeGreaterThan(-1);
    return records.map((r) => r[amount]!);
  };
  const paid = await rows("confirmed");
  const unsuccessful = await rows("failed,expired,cancelled");
  return { sum: paid.reduce((s, a) => s.plus(a), new Decimal(0)), completed: paid.length, unsuccessful: unsuccessful.length };
}

async function expectedPeriod(page: Page, currency: string, from: string, to: string) {
  const cashin = await exported(page, { currency, type: "cashin", from, to });
  const cashout = await exported(page, { currency, type: "cashout", from, to });
  const completed = cashin.completed + cashout.completed;
  const finished = completed + cashin.unsuccessful + cashout.unsuccessful;
  return { cashin: cashin.sum, cashout: cashout.sum, completed, rate: finished === 0 ? null : new Decimal(completed).times(100).dividedBy(finished) };
}

/** The change as the page shows it in English: "+12.5%", "-3%", "No change", "New this period". */
function changeShown(current: Decimal, previous: Decimal): string {
  if (previous.isZero()) return current.isZero() ? "No change" : "New this period";
  const pct = current.minus(previous).times(100).dividedBy(previous).toDecimalPlaces(1, Decimal.ROUND_HALF_EVEN);
  if (pct.isZero()) return "No change";
  return new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(`${pct.toFixed(1)}E-2` as unknown as number);
}

test("the period's figures equal what the Transactions export says for the same days and the days before", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  for (const path of ["/overview", "/overview?period=7"]) {
    await expect(async () => {
      await page.goto(path);
      const card = page.getByTestId("period-figures");
      const days = path.endsWith("=7") ? 7 : 30;
      await expect(card).toHaveAttribute("data-period", String(days));
      // The demo organisation works in reais: its local currency comes first.
      await expect(card).toHaveAttribute("data-currency", "BRL");
      const attr = async (a: string) => (await card.getAttribute(a)) ?? "";
      const [from, to, previousFrom, previousTo] = [await attr("data-from"), await attr("data-to"), await attr("data-previous-from"), await attr("data-previous-to")];
      // The days are the last `days` in the member's zone (an English reader's default: São Paulo), today included, and the same number before.
      const day = (offset: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() - offset * 86_400_000));
      expect([from, to, previousFrom, previousTo]).toEqual([day(days - 1), day(0), day(2 * days - 1), day(days)]);

      const now = await expectedPeriod(page, "BRL", from, to);
      const before = await expectedPeriod(page, "BRL", previousFrom, previousTo);
      const tile = (key: string) => card.getByTestId(`figure-${key}`);
      await expect(tile("cashin").getByTestId("figure-value")).toHaveText(formatMoney(now.cashin.toFixed(), "BRL", "en"), { timeout: 1_000 });
      await expect(tile("cashout").getByTestId("figure-value")).toHaveText(formatMoney(now.cashout.toFixed(), "BRL", "en"), { timeout: 1_000 });
      await expect(tile("completed").getByTestId("figure-value")).toHaveText(now.completed.toLocaleString("en"), { timeout: 1_000 });
      expect(now.rate, "the demo has finished payments in every period").not.toBeNull();
      await expect(tile("successRate").getByTestId("figure-value")).toHaveText(`${now.rate!.toDecimalPlaces(1, Decimal.ROUND_HALF_EVEN).toString()}%`, { timeout: 1_000 });
      // The comparison with the previous period of the same length, in words and signs, not colour alone.
      await expect(tile("cashin").getByTestId("figure-change")).toHaveText(changeShown(now.cashin, before.cashin), { timeout: 1_000 });
      await expect(tile("cashout").getByTestId("figure-change")).toHaveText(changeShown(now.cashout, before.cashout), { timeout: 1_000 });
      await expect(tile("completed").getByTestId("figure-change")).toHaveText(changeShown(new Decimal(now.completed), new Decimal(before.completed)), { timeout: 1_000 });
      await expect(tile("cashin").getByTestId("figure-previous")).toHaveText(`Previous: ${formatMoney(before.cashin.toFixed(), "BRL", "en")}`, { timeout: 1_000 });
      await expect(tile("cashout").getByTestId("figure-previous")).toHaveText(`Previous: ${formatMoney(before.cashout.toFixed(), "BRL", "en")}`, { timeout: 1_000 });
      await expect(tile("completed").getByTestId("figure-previous")).toHaveText(`Previous: ${before.completed.toLocaleString("en")}`, { timeout: 1_000 });
      // One small line per figure, a point per day.
      await expect(card.getByTestId("sparkline")).toHaveCount(4);
      for (const s of await card.getByTestId("sparkline").all()) await expect(s).toHaveAttribute("data-points", String(days));
    }).toPass({ timeout: 45_000 });
  }
  // What the success rate is, one click away; and where the figures come from, without engineering words.
  expect(await infoText(page, "success-rate-help")).toBe(
    "Completed payments ÷ (completed + failed, expired or cancelled), money in and out in BRL. Payments still pending are not counted yet; refunded ones are left out.",
  );
  expect(await infoText(page, "figures-source")).toMatch(/^Counted from your transactions in BRL, by the day they were made \(Brasilia Standard Time\)\. Last brought up to date with the provider .+\.$/);
  // The period is switched from the keyboard; the same figures per day are in a table.
  const card = page.getByTestId("period-figures");
  for (const days of [90, 30]) {
    const link = card.getByRole("navigation", { name: "Period" }).getByRole("link", { name: `${days} days` });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(days === 30 ? /\/overview$/ : new RegExp(`/overview\\?period=${days}$`));
    await expect(card).toHaveAttribute("data-period", String(days));
    await expect(link).toHaveAttribute("aria-current", "true");
    await card.getByText("Figures per day").click();
    await expect(page.getByTestId("figures-table").locator("tbody tr")).toHaveCount(days);
    await card.getByText("Figures per day").click();
  }
  await context.close();
});

test("the balances and today's money in follow a payment made at the sandbox, without a reload", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  // The merchant's own integration: a second credential of the demo's sandbox account.
  const client = await merchantIntegration(page);
  await page.goto("/overview");
  await expect(page.locator("[data-live-state=live]")).toBeVisible();
  // Before anything moves, the page agrees with the sandbox (the shared read lives 15 s at most).
  await expect(async () => {
    await page.reload();
    await expect(brlOnPage(page)).toHaveText(await sandboxBrl(client), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator("[data-live-state=live]")).toBeVisible();
  const before = (await brlOnPage(page).textContent())!;
  const todayIn = page.getByTestId("today-figures");
  const inBefore = new Decimal((await todayIn.getAttribute("data-cashin"))!);
  // A reload would drop this mark: the page must change in place.
  await page.evaluate(() => ((window as unknown as { __overviewMark: string }).__overviewMark = "still here"));

  const charge = await client.cashin.create({ amount: 23.45, currency: "BRL", payer: { name: "Bruna Lima", document: "52998224725" } });
  await control.simulate(charge.transaction_id, { event: "cashin.confirmed" });

  // The webhook reaches the intake, is read back, drops the cached balance and refreshes the page.
  await expect(brlOnPage(page)).not.toHaveText(before, { timeout: 15_000 });
  await expect(async () => {
    expect(await brlOnPage(page).textContent()).toBe(await sandboxBrl(client));
  }).toPass({ timeout: 15_000 });
  // Today's money in grew by exactly the payment.
  await expect(todayIn).toHaveAttribute("data-cashin", inBefore.plus("23.45").toFixed(), { timeout: 15_000 });
  await expect(todayIn).toContainText(`${formatMoney(inBefore.plus("23.45").toFixed(), "BRL", "en")} in`);
  expect(await page.evaluate(() => (window as unknown as { __overviewMark?: string }).__overviewMark)).toBe("still here");
  // Where the balances come from is one click away, not text on the page.
  await expect(page.getByTestId("balances-read-at")).toHaveCount(0);
  expect(await infoText(page, "balances-source")).toContain("Read from the Sandbox API");
  // The paid charge is among the latest transactions, in words: led by who paid, the kind after its date.
  const row = page.getByTestId(`latest-${charge.transaction_id}`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.locator(".ov-l-title")).toHaveText("Bruna Lima");
  await expect(row.locator(".ov-l-sub")).toContainText("· Cash-in · PIX");
  await expect(row).toContainText("R$23.45");
  await expect(row.getByTestId("tx-status")).toHaveText("Paid");
  await context.close();
});

test("quick actions follow the member's role: admins and operators Receive, Send and Convert; support and viewers none", async ({ browser }) => {
  for (const role of ["admin", "operator", "support", "viewer"] as const) {
    const { context, page } = await as(browser, role);
    await page.goto("/overview");
    await expect(page.getByTestId("period-figures")).toBeVisible();
    const actions = page.getByRole("navigation", { name: "Quick actions" });
    if (role === "admin" || role === "operator") {
      await expect(actions.getByRole("link")).toHaveText(["Receive", "Send", "Convert"]);
      await actions.getByRole("link", { name: "Send" }).click();
      await expect(page).toHaveURL(/\/send$/);
      await expect(page.getByRole("heading", { level: 1, name: "Send" })).toBeVisible();
    } else {
      await expect(actions).toHaveCount(0);
      // The page is theirs all the same: figures, balances and the latest transactions.
      await expect(page.getByTestId("balances")).toBeVisible();
      await expect(page.getByTestId("latest-transactions")).toBeVisible();
    }
    await context.close();
  }
});

test("a payout waiting for approval is on the list of an admin who may approve it, not on the requester's", async ({ browser }) => {
  const admin = await as(browser, "admin");
  const operator = await as(browser, "operator");
  const second = await as(browser, "admin2");
  try {
    await admin.page.goto("/send/approvals");
    await changeApprovalPolicy(admin.page, "all");
    await expect(admin.page.getByTestId("approval-policy-current")).toHaveText("Every payout, transfer and bulk batch needs a second admin's approval.");

    // The operator asks for a PIX payout from the Overview's own quick action.
    const p = operator.page;
    await p.goto("/overview");
    await p.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "Send" }).click();
    await p.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
    await p.getByLabel("Key type").selectOption("cpf");
    await p.getByLabel("PIX key").fill("529.982.247-25");
    // The amount is what leaves the balance (the form's default for PIX is what the recipient receives).
    await chooseAmountMode(p, "You send");
    await p.getByLabel(/^Amount/).fill("41.27");
    await p.getByRole("button", { name: "Review payout" }).click();
    await p.getByRole("button", { name: "Request approval" }).click();
    await expect(p.getByText("Request recorded.").first()).toBeVisible();

    await admin.page.goto("/overview");
    const item = admin.page.getByTestId("attention").getByTestId("attention-approval").filter({ hasText: "R$41.27" });
    await expect(item).toHaveText(/PIX payout of R\$41\.27 waits for your approval/);
    await expect(item).toContainText(`Requested by ${roster("operator").name}`);
    await item.getByRole("link").click();
    await expect(admin.page).toHaveURL(/\/send\/approvals$/);

    // The operator cannot approve: nothing waits for them.
    await p.goto("/overview");
    await expect(p.getByTestId("attention")).toBeVisible();
    await expect(p.getByTestId("attention-approval")).toHaveCount(0);
  } finally {
    // The admin declines what waits, then "nothing waits" again (a looser policy: the second admin agrees).
    await admin.page.goto("/send/approvals");
    for (const waiting of await admin.page.getByTestId("approval-item").all()) {
      await waiting.getByRole("button", { name: "Reject" }).click();
      await admin.page.getByRole("dialog").getByLabel("Reason").fill("Test clean-up");
      await admin.page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
      await expect(admin.page.getByRole("dialog")).toHaveCount(0);
    }
    await changeApprovalPolicy(admin.page, "none");
    await second.page.goto("/send/approvals");
    await second.page.getByTestId("approval-policy-proposal").getByRole("button", { name: "Approve change" }).click();
    await expect(second.page.getByTestId("approval-policy-current")).toHaveText("No payout waits for approval: members who can send, send.");
    for (const m of [admin, operator, second]) await m.context.close();
  }
});

test("the total is a small estimate in the member's reporting currency, explained one click away and changeable", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/overview");
  const amount = page.getByTestId("reporting-total-amount");
  // English: US dollars, estimated at the API's USDT rate.
  await expect(amount).toHaveAttribute("data-currency", "USD");
  await expect(amount).toHaveText(/^About \$[\d,]+\.\d\d in all$/);
  await page.getByTestId("reporting-total-info").click();
  const info = page.getByTestId("reporting-total-info-content");
  await expect(info).toContainText("Dollars are estimated at the USDT rate");
  await expect(page.getByTestId("reporting-total-source")).toContainText("converted at the provider's rates of");
  expect(await seriousViolations(page), "the open explanation").toEqual([]);
  // Chosen from the keyboard: the explanation is taller than the room under its button, and a
  // pointer's click scrolled the page towards the link while the popover flipped above and below its
  // button with each scroll (a fresh clone's run timed out so, the page longer with other journeys' data).
  await info.getByRole("navigation", { name: "Show the total in" }).getByRole("link", { name: "BRL" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/overview\?in=BRL$/);
  await expect(amount).toHaveAttribute("data-currency", "BRL");
  await expect(amount).toHaveText(/^About R\$[\d,]+\.\d\d in all$/);
  await page.goto("/overview?in=USDT");
  // A crypto amount keeps its code on its line: a no-break space between them, as Intl writes "R$ 1,00".
  await expect(amount).toHaveText(/^About [\d,]+\.\d\d\u00a0USDT in all$/);
  await context.close();
});

test("a latest transaction opens its detail on the Transactions page; See all opens the list", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/overview");
  const list = page.getByTestId("latest-transactions");
  const rows = list.locator('a[data-testid^="latest-"]');
  await expect(rows).toHaveCount(8);
  const first = rows.first();
  const id = (await first.getAttribute("data-testid"))!.replace("latest-", "");
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  await expect(first).toHaveAttribute("href", `/transactions?tx=${id}`);
  // Kinds in words, never the API's codes.
  await expect(list).not.toContainText(/\bcashin\b|\bcashout\b/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?tx=${id}$`));
  await page.goto("/overview");
  await list.getByRole("link", { name: "See all" }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await context.close();
});

test("at phone width activity comes within two screens, three balances lead to all of them, and nothing scrolls sideways", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 } });
  await page.goto("/overview");
  const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
  // Both stream in on their own: measured once they are there.
  await expect(page.getByTestId("period-figures")).toBeVisible();
  await expect(page.getByTestId("latest-transactions")).toBeAttached();
  expect(await top("period-figures")).toBeLessThan(844);
  expect(await top("latest-transactions")).toBeLessThan(2 * 844);
  await expect(page.getByTestId("balances").locator("li:visible")).toHaveCount(3);
  await expect(page.getByTestId("balances").locator("li").first()).toHaveAttribute("data-testid", "balance-BRL");
  await page.getByTestId("all-balances").click();
  await expect(page).toHaveURL(/\/account$/);
  for (const path of ["/overview", "/overview?period=90", "/overview?in=BRL&period=7"]) {
    await page.goto(path);
    await expect(page.getByTestId("period-figures")).toBeVisible();
    await expect(page.getByTestId("reporting-total")).toBeVisible();
    await page.getByText("Figures per day").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  // The per-day figures scroll sideways inside their card; the day stays in view beside them.
  const table = page.getByTestId("figures-table");
  const day = table.locator("tbody th").last();
  const before = (await day.boundingBox())!.x;
  await table.locator("xpath=..").evaluate((el) => el.scrollBy(400, 0));
  await expect(table.locator("tbody td").last()).toBeInViewport();
  expect((await day.boundingBox())!.x).toBeCloseTo(before, 0);
  await expect(day).toBeInViewport();
  await context.close();
});

test("no merchant page speaks of the mirror, rate headroom or webhooks that disagree; Developers keeps the rate headroom", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const found: string[] = [];
  const sweep = async (where: string) => {
    // What a member reads: the page's text and its labels and titles.
    const text = await page.evaluate(() =>
      [document.title, document.body.innerText, ...[...document.querySelectorAll("[aria-label],[title]")].map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("title") ?? ""}`)].join("\n"),
    );
    for (const word of [/mirror/i, /rate headroom/i, /webhooks disagree/i]) if (word.test(text)) found.push(`${where}: ${word.source}`);
  };
  for (const path of ["/overview", "/transactions", "/receive", "/send", "/convert", "/wallets", "/infractions", "/account"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await sweep(path);
  }
  // The Overview's explanations, one click away, are a merchant's reading too.
  await page.goto("/overview");
  for (const info of ["figures-source", "success-rate-help", "balances-source", "reporting-total-info"]) {
    await page.getByTestId(info).click();
    await expect(page.getByTestId(`${info}-content`)).toBeVisible();
    await sweep(`/overview (${info})`);
    await page.keyboard.press("Escape");
  }
  expect(found).toEqual([]);
  await page.goto("/settings/developers");
  await expect(page.getByTestId("rate-headroom").getByRole("heading", { name: "API rate headroom" })).toBeVisible();
  await context.close();
});
