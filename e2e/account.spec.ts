/**
 * Account, as a merchant sees it on the demo organisation against the real sandbox: the profile
 * (KYC level and status, account status) on top; then the limits with what was used today and this
 * month, one table in the merchant's order of currencies (BRL first); the fees on a tab of their own
 * that a link and the keyboard reach; each saying where and when it was read; "Read again" asks the
 * API instead of the team's shared copy; and the page fits a phone's width without horizontal
 * scrolling.
 *
 * The figures asserted are the sandbox's defaults for every account (sandbox/config.ts:
 * DEFAULT_KYC_LEVEL, DEFAULT_FEES, DEFAULT_LIMITS) and the demo's merchant (lib/demo/history.ts);
 * the used amounts are the sandbox's own count, read through a second credential of the same account.
 */
import Decimal from "decimal.js";
import { test, expect, bothThemes, hydrated, memberContext, merchantIntegration, seriousViolations, DEMO_URL } from "./fixtures";

test("the Account page shows the sandbox account's profile, limits and fees, and where they come from", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  // The sandbox's own count of what this account used, before the page reads it (nothing runs in between).
  const integration = await merchantIntegration(page);
  const sandbox = (await integration.account.limits()).limits;
  const counted = (currency: string, operation: string) => sandbox.find((l) => l.currency === currency && l.operation === operation)!;

  await page.goto("/overview");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();

  // Profile
  const profile = page.getByTestId("account-profile");
  await expect(profile.getByTestId("profile-kycLevel").locator("dd")).toHaveText("Level 2");
  await expect(profile.getByTestId("profile-kycStatus").locator("dd")).toHaveText("Approved");
  await expect(profile.getByTestId("profile-status").locator("dd")).toHaveText("Active");
  await expect(profile.getByTestId("profile-name").locator("dd")).toHaveText("Demo Merchant Ltda");
  await expect(profile.getByTestId("profile-username").locator("dd")).toHaveText(/^demo-[0-9a-f]{8}$/);
  await expect(profile.getByTestId("profile-document").locator("dd")).toHaveText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
  // Where the figures come from: one click away, not on the page
  await page.getByTestId("profile-read-at-tip").click();
  await expect(page.getByTestId("profile-read-at-text")).toHaveText(/^Read from the Sandbox API \(Demo sandbox\) at .+/);
  await page.keyboard.press("Escape");
  // Escape gives the focus back to the "i" (once the popover has faded out).
  await expect(page.getByTestId("profile-read-at-tip")).toBeFocused();

  // Limits: the first tab, one table; where used amounts come from said once, in a merchant's words
  await expect(page.getByRole("tab", { name: "Limits and use" })).toHaveAttribute("aria-selected", "true");
  const limits = page.getByTestId("account-limits");
  await page.getByTestId("limits-read-at-tip").click();
  await expect(page.getByTestId("limits-read-at-text")).toHaveText(/^Read from the Sandbox API \(Demo sandbox\) at .+/);
  await page.keyboard.press("Escape");
  // Before the tabs are reached by the keyboard below: on a busy machine the popover's fade-out outlasted
  // the assertions between, and its focus came back to the "i" after the tab had been focused, so the
  // arrow key went to the "i" (a CI run's screenshot: the ring on the "i", the Limits tab still chosen).
  await expect(page.getByTestId("limits-read-at-tip")).toBeFocused();
  await expect(page.getByTestId("limits-mirror-source")).toHaveText(/^As of .+, used amounts count what you received, paid out, transferred and converted today or this month, .+\.$/);
  await expect(limits.getByRole("columnheader")).toHaveText(["Currency", "Operation", "Minimum per operation", "Maximum per operation", "Today", "This month"]);
  await expect(page.locator("main")).not.toContainText("(UTC)");
  // The merchant's order: the organisation's own currency (a CNPJ: BRL), the dollar stablecoins, then A to Z.
  await expect(limits.locator("tbody")).toHaveCount(8);
  expect(await limits.locator("tbody").evaluateAll((bodies) => bodies.map((b) => b.getAttribute("data-testid")))).toEqual(
    ["BRL", "USDT", "USDC", "BNB", "BTC", "ETH", "MXN", "SOL"].map((c) => `limits-${c}`),
  );

  const brlCashout = limits.getByTestId("limits-BRL").getByTestId("limit-BRL-cashout");
  await expect(brlCashout.getByRole("rowheader", { name: "Cash-out" })).toBeVisible();
  await expect(brlCashout.getByTestId("limit-min")).toHaveText("R$1.00");
  await expect(brlCashout.getByTestId("limit-per-operation-max")).toHaveText("R$100,000.00");
  const today = brlCashout.getByTestId("limit-today");
  await expect(today.getByTestId("used-of")).toHaveText(/^R\$[\d,]+\.\d{2} of R\$1,000,000\.00$/);
  const month = brlCashout.getByTestId("limit-month");
  await expect(month.getByTestId("used-of")).toHaveText(/^R\$[\d,]+\.\d{2} of R\$10,000,000\.00$/);
  // A bar where something was used; where nothing was, the muted "0.00 of …" alone (a page has dozens).
  for (const cell of [today, month]) {
    if (new Decimal((await cell.getAttribute("data-used"))!).isZero()) await expect(cell.getByRole("progressbar")).toHaveCount(0);
    else await expect(cell.getByRole("progressbar")).toHaveAttribute("aria-valuemin", "0");
  }
  await expect(limits.getByTestId("limit-SOL-cashin").getByTestId("limit-month")).toHaveAttribute("data-used", /^0(\.0+)?$/);
  await expect(limits.getByTestId("limit-SOL-cashin").getByTestId("limit-month").getByRole("progressbar")).toHaveCount(0);
  await expect(limits.getByTestId("limit-BTC-cashin").getByTestId("limit-per-operation-max")).toHaveText("10.00 BTC");
  await expect(limits.getByTestId("limit-MXN-cashout").getByTestId("limit-today").getByTestId("used-of")).toContainText("of MX$5,000,000.00");

  // What the page counts as used is the sandbox's own count; where the two agree nothing more is said.
  for (const [currency, operation] of [["BRL", "cashout"], ["BRL", "cashin"], ["BRL", "transfer"], ["USDT", "conversion"]] as const) {
    const row = limits.getByTestId(`limit-${currency}-${operation}`);
    const own = counted(currency, operation);
    for (const [period, used] of [["today", own.daily_used], ["month", own.monthly_used]] as const) {
      const cell = row.getByTestId(`limit-${period}`);
      expect(new Decimal((await cell.getAttribute("data-used"))!).eq(used!), `${currency} ${operation} ${period}`).toBe(true);
      await expect(cell.getByTestId("api-count")).toHaveCount(0);
    }
  }
  await expect(page.getByTestId("limits-api-differs")).toHaveCount(0);

  // Fees: a tab of their own, reached with the keyboard, kept in the URL
  await hydrated(page.getByRole("tab", { name: "Limits and use" }));
  await page.getByRole("tab", { name: "Limits and use" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Fees" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/account\?tab=fees$/);
  await expect(limits).toBeHidden();
  const fees = page.getByTestId("account-fees");
  await expect(fees).toBeVisible();
  await page.getByTestId("fees-read-at-tip").click();
  await expect(page.getByTestId("fees-read-at-text")).toHaveText(/^Read from the Sandbox API \(Demo sandbox\) at .+/);
  await page.keyboard.press("Escape");
  await expect(fees.getByRole("columnheader")).toHaveText(["Operation", "Method", "Currency", "Percentage", "Fixed", "Minimum"]);
  await expect(fees.getByTestId("fees-cashin").getByRole("rowheader", { name: "Cash-in" })).toBeVisible();
  const pixIn = fees.getByTestId("fee-cashin-PIX-BRL");
  await expect(pixIn.getByTestId("fee-percentage")).toHaveText("1.5%");
  await expect(pixIn.getByTestId("fee-fixed")).toHaveText("R$0.00");
  await expect(pixIn.getByTestId("fee-minimum")).toHaveText("R$0.10");
  await expect(fees.getByTestId("fee-cashin-BOLETO-BRL").getByTestId("fee-fixed")).toHaveText("R$0.50");
  await expect(fees.getByTestId("fee-cashout-PIX-BRL").getByTestId("fee-fixed")).toHaveText("R$0.50");
  await expect(fees.getByTestId("fee-cashout-SPEI-MXN").getByTestId("fee-fixed")).toHaveText("MX$5.00");
  await expect(fees.getByTestId("fee-cashout-CRYPTO-BTC").getByTestId("fee-fixed")).toHaveText("0.00005 BTC");
  await expect(fees.getByTestId("fee-conversion-any-USDT").getByTestId("fee-percentage")).toHaveText("0.2%");
  await expect(fees.getByTestId("fee-transfer-any-BRL").getByTestId("fee-free")).toHaveText("No fee");
  // each operation's rows in the merchant's order of currencies: BRL before BNB
  const cashinRows = await fees.getByTestId("fees-cashin").locator("tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")));
  expect(cashinRows.indexOf("fee-cashin-PIX-BRL")).toBe(0);
  expect(cashinRows.indexOf("fee-cashin-CRYPTO-USDT")).toBeLessThan(cashinRows.indexOf("fee-cashin-CRYPTO-BNB"));
  expect(cashinRows.indexOf("fee-cashin-CRYPTO-BNB")).toBeGreaterThan(cashinRows.indexOf("fee-cashin-BOLETO-BRL"));
  await expect(page.getByTestId("api-failure")).toHaveCount(0);
  // The fees table in both themes (the tour's axe sees the limits, the default tab).
  expect(await bothThemes(page, "fees")).toEqual([]);

  // The link opens the fees; Back to the limits with the keyboard again
  await page.goto("/account?tab=fees");
  await expect(page.getByRole("tab", { name: "Fees" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("fee-cashin-PIX-BRL")).toBeVisible();
  await hydrated(page.getByRole("tab", { name: "Fees" }));
  await page.getByRole("tab", { name: "Fees" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("limit-BRL-cashout")).toBeVisible();
  await context.close();
});

test("the API's UTC day is said once, on the member's clock: 21:00 in São Paulo, in English and in Portuguese", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { timezoneId: "America/Sao_Paulo" });
  await page.goto("/account");
  const note = page.getByTestId("limits-day-reset");
  await expect(note).toHaveCount(1);
  await expect(note).toHaveText("Daily limits restart at 9:00 PM your time (midnight UTC); monthly limits when the month turns in UTC.");
  await expect(page.getByText(/midnight UTC/)).toHaveCount(1);

  // The same member reading Portuguese (the language cookie of a member who chose none): 24-hour clock.
  await context.addCookies([{ name: "locale", value: "pt-BR", url: DEMO_URL }]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(note).toHaveText("Os limites diários reiniciam às 21:00 no seu horário (meia-noite UTC); os mensais, na virada do mês em UTC.");
  await expect(page.getByText(/meia-noite UTC/)).toHaveCount(1);
  await expect(page.getByTestId("account-limits").getByRole("columnheader", { name: "Hoje", exact: true })).toBeVisible();
  await context.close();
});

test("Read again asks the API; the next visit uses the copy the team shares", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/account");
  const readAt = page.getByTestId("profile-read-at");
  const before = await readAt.getAttribute("data-read-at");
  await page.getByRole("button", { name: "Read again" }).click();
  // a new answer (a new read time, to the millisecond), not the shared copy
  await expect(readAt).not.toHaveAttribute("data-read-at", before!);
  await expect(readAt).toHaveAttribute("data-cached", "false");
  await expect(page.getByTestId("limits-read-at")).toHaveAttribute("data-cached", "false");
  // The fees are on the other tab (rendered when opened): asked again too, the team's copy having been dropped.
  await page.getByRole("tab", { name: "Fees" }).click();
  await expect(page.getByTestId("fees-read-at")).toHaveAttribute("data-cached", "false");
  const fresh = await readAt.getAttribute("data-read-at");
  await page.reload();
  // within the profile's 5 minutes, the same answer from the shared copy, and its "i" says so
  await expect(readAt).toHaveAttribute("data-cached", "true");
  await expect(readAt).toHaveAttribute("data-read-at", fresh!);
  await page.getByTestId("profile-read-at-tip").click();
  await expect(page.getByTestId("profile-read-at-text")).toContainText("from the copy your team shares");
  await context.close();
});

/** Each tab of the Account page, and a row it shows once its table is there. */
const TABS = [
  ["/account", "limit-BRL-cashout"],
  ["/account?tab=fees", "fee-cashin-PIX-BRL"],
] as const;

test("at phone width (390 px) the Account page has no horizontal scrolling, limits and fees alike; at a laptop's widths nothing leaves its card and no amount is broken across lines", async ({ browser }) => {
  const { context, page } = await memberContext(browser, undefined, { viewport: { width: 390, height: 844 } });
  for (const [url, shown] of TABS) {
    await page.goto(url);
    await expect(page.getByTestId(shown)).toBeVisible();
    await expect(page.getByTestId("profile-kycLevel")).toBeVisible();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.scroll, url).toBeLessThanOrEqual(widths.viewport);
    // nothing inside the page sticks out either (an overflow a parent clips would not show in scrollWidth)
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 1 && r.right > window.innerWidth + 0.5;
        })
        .map((el) => `${el.tagName.toLowerCase()}[data-testid=${el.getAttribute("data-testid") ?? ""}] ${el.textContent?.slice(0, 40) ?? ""}`)
        .slice(0, 5),
    );
    expect(outside, url).toEqual([]);
    // the stacked form is as accessible as the table
    expect(await seriousViolations(page), url).toEqual([]);
  }
  // Stacked, each figure still says what it is: the column's name above it.
  const today = page.getByTestId("limit-BRL-cashout").getByTestId("limit-today");
  await page.goto("/account");
  expect(await today.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Today"');
  // Eight currencies make a long page on a phone: a currency's link goes straight to its limits, below the app bar.
  const jump = page.getByRole("navigation", { name: "Go to a currency" });
  await expect(jump.getByRole("link")).toHaveText(["BRL", "USDT", "USDC", "BNB", "BTC", "ETH", "MXN", "SOL"]);
  await jump.getByRole("link", { name: "MXN" }).click();
  await expect(page).toHaveURL(/#limits-MXN$/);
  const mxn = page.getByTestId("limit-MXN-cashin");
  await expect(mxn).toBeInViewport();
  expect(await mxn.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(56);
  // At a laptop's widths each fits its card, no figure hidden behind a sideways scroll (the limits
  // were 340 px wider than their card at 1024, 85 at 1280), and no amount is broken across lines
  // ("R$100,00" over "0.00", as the table at 1024 px once fitted): labelled blocks below 1280 px,
  // tables from 1280 px.
  for (const width of [1024, 1280, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [url, shown] of TABS) {
      await page.goto(url);
      await expect(page.getByTestId(shown)).toBeVisible();
      const table = page.getByTestId(shown).locator("xpath=ancestor::table");
      if (width >= 1280) await expect(table.locator("thead")).toBeVisible();
      else await expect(table.locator("thead")).toBeHidden();
      const fit = await table.evaluate((t) => ({ table: t.scrollWidth, card: t.parentElement!.clientWidth }));
      expect(fit.table, `${url} at ${width} px`).toBeLessThanOrEqual(fit.card);
      const broken = await table.evaluate((t) =>
        [...t.querySelectorAll(".st-num, .st-fee")]
          .filter((cell) => {
            const text = document.createRange();
            text.selectNodeContents(cell);
            return new Set([...text.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1;
          })
          .map((cell) => cell.textContent)
          .slice(0, 5),
      );
      expect(broken, `${url} at ${width} px`).toEqual([]);
    }
  }
  await context.close();
});
