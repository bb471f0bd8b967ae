/**
 * Send: payouts reviewed and confirmed, paid once on a double click, failed with their error code and
 * the balance restored, held for a second admin above the threshold (who is told by mail and in the
 * bell; the requester cannot approve), refused to roles that cannot move money (page and direct action
 * call), and transfers to oneself refused in words. Everything against the demo's sandbox, checked
 * there through the merchant's own integration (a second credential of the same account).
 */
import type { Page } from "@playwright/test";
import { generateAddress } from "../lib/payments/crypto-address";
import { test, expect, callAction, captureAction, changeApprovalPolicy, chooseAmountMode, memberContext, merchantIntegration, roster, sandboxControl, signedInNow } from "./fixtures";
import { newestMailTo } from "./support/mail-catcher";

/** The approval policy's sentences, as the Approvals page writes them. */
const NO_APPROVAL = "No payout waits for approval: members who can send, send.";
const EVERY_PAYOUT = "Every payout, transfer and bulk batch needs a second admin's approval.";

/** A PIX payout to a CPF key; the amount typed is what leaves the balance ("You send") unless `receives`. */
async function fillPix(page: Page, amount: string, mode: "You send" | "Recipient receives" = "You send") {
  await page.goto("/send");
  await page.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
  await page.getByLabel("Key type").selectOption("cpf");
  await page.getByLabel("PIX key").fill("529.982.247-25");
  await chooseAmountMode(page, mode);
  await page.getByLabel(/^Amount/).fill(amount);
}

async function reviewReference(page: Page): Promise<string> {
  const review = page.getByTestId("payout-review");
  await expect(review).toBeVisible();
  return (await review.locator("dt", { hasText: "Reference" }).locator("xpath=following-sibling::dd").textContent())!.trim();
}

async function available(page: Page, currency: string): Promise<string> {
  const api = await merchantIntegration(page);
  const { balances } = await api.account.balance();
  return String(balances.find((b) => b.currency === currency)?.available ?? "0");
}

test("a PIX payout is reviewed, sent once on a double click, and shown confirmed once settled", async ({ browser }) => {
  // Signed in just now: the double click reaches "Send" twice, with no "confirm it's you" in between.
  const { context, page } = await signedInNow(browser);
  const api = await merchantIntegration(page); // (the first call reads the credentials page)
  await fillPix(page, "12,34");
  await page.getByRole("button", { name: "Review payout" }).click();
  const reference = await reviewReference(page);
  const review = page.getByTestId("payout-review");
  await expect(review.getByText("Fee (estimated)")).toBeVisible();
  await expect(review.getByText("R$0.50")).toBeVisible();
  await expect(review.getByText("R$11.84")).toBeVisible();
  await expect(review.getByTestId("review-pix-key")).toHaveText("CPF ***.982.247-**"); // masked as banks show it
  await review.getByRole("button", { name: /^Send R\$12\.34$/ }).dblclick();
  await expect(page.getByText("Payout sent. It shows as pending until the provider confirms it.").first()).toBeVisible();

  const listed = await api.transactions.list({ external_id: reference });
  expect(listed.items).toHaveLength(1);

  const item = page.locator(`[data-testid="payout-item"][data-external-id="${reference}"]`);
  await expect(item.getByTestId("tx-status")).toHaveText("Pending");
  await item.getByRole("button", { name: "Settle" }).click();
  await expect(item.getByTestId("tx-status")).toHaveText("Paid", { timeout: 20_000 });
  await context.close();
});

test("PIX: the amount typed is what the recipient receives; the fee is added and exactly that arrives", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const api = await merchantIntegration(page);
  await page.goto("/send");
  await page.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
  // As in Brazilian bank apps, a PIX amount is what arrives unless the member says otherwise.
  await expect(page.getByTestId("amount-mode").getByRole("radio", { name: "Recipient receives" })).toBeChecked();
  await page.getByLabel("Key type").selectOption("cpf");
  await page.getByLabel("PIX key").fill("529.982.247-25");
  await page.getByLabel(/^Amount/).fill("100,00");
  await expect(page.getByTestId("amount-hint")).toHaveText("You send R$100.50 (R$0.50 fee included).");
  await page.getByRole("button", { name: "Review payout" }).click();
  const reference = await reviewReference(page);
  const review = page.getByTestId("payout-review");
  await expect(review.getByTestId("review-amount")).toHaveText("R$100.50");
  await expect(review.getByTestId("review-fee")).toHaveText("R$0.50");
  await expect(review.getByTestId("review-net")).toHaveText("R$100.00");
  await review.getByRole("button", { name: /^Send R\$100\.50$/ }).click();
  await expect(page.getByText("Payout sent. It shows as pending until the provider confirms it.").first()).toBeVisible();

  // The provider took R$ 100,50 from the balance and R$ 100,00 goes to the key.
  const { items } = await api.transactions.list({ external_id: reference });
  expect(items).toHaveLength(1);
  expect(items[0]!.amount?.toFixed(2)).toBe("100.50");
  expect(items[0]!.fee?.toFixed(2)).toBe("0.50");
  expect(items[0]!.amount_net?.toFixed(2)).toBe("100.00");
  await context.close();
});

test("a crypto payout on a layer-2 network warns first, fails with its error code, and the balance comes back", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const before = await available(page, "USDT");
  await page.goto("/send");
  await page.getByRole("radio", { name: "Crypto", exact: true }).check({ force: true });
  await page.getByLabel("Coin").selectOption("USDT");
  await page.getByLabel("Network").selectOption("arbitrum");
  await expect(page.getByTestId("network-warning")).toContainText("Arbitrum is a layer-2 network");
  // A Tron address on an EVM network is caught as typed.
  await page.getByLabel("Recipient's address").fill(generateAddress("tron"));
  await expect(page.getByText(/This address is for another network \(Tron\)/)).toBeVisible();
  await page.getByLabel("Recipient's address").fill(generateAddress("arbitrum"));
  await page.getByLabel(/^Amount/).fill("7.5");
  await page.getByRole("button", { name: "Review payout" }).click();
  const reference = await reviewReference(page);
  await page.getByTestId("payout-review").getByRole("button", { name: /^Send/ }).click();
  await expect(page.getByText("Payout sent. It shows as pending until the provider confirms it.").first()).toBeVisible();
  await expect.poll(() => available(page, "USDT")).not.toBe(before);

  const item = page.locator(`[data-testid="payout-item"][data-external-id="${reference}"]`);
  // The reasons a crypto payout on arbitrum can fail for, in words (no PIX key, no Tron energy here).
  const reason = item.getByLabel("Reason for the failure");
  await expect(reason.locator("option")).toHaveText(["Address refused", "Transaction reverted", "Not broadcast", "No wallet ready", "Balance too low", "Provider did not answer", "Recipient blocked", "No reason given"]);
  await reason.selectOption("BLOCKCHAIN_REVERT");
  await item.getByRole("button", { name: "Fail with" }).click();
  await expect(item.getByTestId("tx-status")).toHaveText("Failed", { timeout: 20_000 });
  await expect(item.getByTestId("payout-failure")).toContainText("The blockchain reverted the transaction.");
  await expect(item.getByTestId("payout-failure")).toContainText("BLOCKCHAIN_REVERT");
  await expect(item.getByTestId("payout-failure")).toContainText("returned the full amount to your balance");
  expect(await available(page, "USDT")).toBe(before);
  await context.close();
});

/**
 * Back to "nothing waits": a change that lets more through, so `proposer` proposes it and `approver`,
 * the organisation's other admin, approves it (one admin alone cannot loosen the policy).
 */
async function noApprovalsAgain(proposer: Page, approver: Page) {
  await proposer.goto("/send/approvals");
  await changeApprovalPolicy(proposer, "none");
  await expect(proposer.getByText("Saved for another admin to approve").first()).toBeVisible();
  await expect(proposer.getByTestId("approval-policy-current")).not.toHaveText(NO_APPROVAL);
  await expect(proposer.getByTestId("approval-policy-proposal").getByRole("button", { name: "Approve change" })).toHaveCount(0);
  await approver.goto("/send/approvals");
  await approver.getByTestId("approval-policy-proposal").getByRole("button", { name: "Approve change" }).click();
  await expect(approver.getByTestId("approval-policy-current")).toHaveText(NO_APPROVAL);
  await expect(approver.getByTestId("approval-policy-proposal")).toHaveCount(0);
}

test("a payout above the threshold waits for a second admin, and the requester cannot approve it", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const second = roster("admin2");
  try {
    await page.goto("/send/approvals");
    await changeApprovalPolicy(page, { BRL: "100" });
    await expect(page.getByTestId("approval-policy-current").locator("li")).toHaveText(["Payouts over R$100.00 need a second admin's approval.", "Payouts in other currencies are sent without approval."]);

    await fillPix(page, "150");
    await page.getByRole("button", { name: "Review payout" }).click();
    const reference = await reviewReference(page);
    await expect(page.getByText("Above your organisation's approval threshold")).toBeVisible();
    await page.getByRole("button", { name: "Request approval" }).click();
    await expect(page.getByText("Request recorded. It waits for a second member's approval.").first()).toBeVisible();
    const api = await merchantIntegration(page);
    expect((await api.transactions.list({ external_id: reference })).items).toHaveLength(0);

    // The requester sees it waiting, with a badge, and no way to approve it.
    await page.goto("/send/approvals");
    await expect(page.getByTestId("section-badge")).toContainText("1");
    const waiting = page.locator(`[data-testid="approval-item"][data-external-id="${reference}"]`);
    await expect(waiting.getByTestId("own-request")).toBeVisible();
    await expect(waiting.getByRole("button", { name: "Approve and send" })).toHaveCount(0);
    const payoutId = await waiting.getAttribute("data-payout-id");
    expect(payoutId).toBeTruthy();

    // The second admin is told by mail and in their bell, whose item opens the request.
    await expect.poll(() => newestMailTo(second.email, reference)?.raw ?? "", { timeout: 20_000 }).toContain("A payout of R$150.00 waits for your approval");
    const { context: other, page: otherPage } = await memberContext(browser, second);
    await otherPage.goto("/overview");
    await otherPage.getByTestId("notification-bell").click();
    const told = otherPage.getByTestId("notification").filter({ hasText: reference });
    await expect(told).toContainText("A payout of R$150.00 waits for your approval");
    await told.getByRole("link").click();
    await expect(otherPage).toHaveURL(/\/send\/approvals$/);
    // The second admin approves: sent with the reference fixed at request time.
    const theirs = otherPage.locator(`[data-testid="approval-item"][data-external-id="${reference}"]`);
    const approve = await captureAction(otherPage, () => theirs.getByRole("button", { name: "Approve and send" }).click());
    await expect(otherPage.getByText("Approved and sent.").first()).toBeVisible();
    const sent = await api.transactions.list({ external_id: reference });
    expect(sent.items).toHaveLength(1);
    expect(String(sent.items[0]!.amount)).toBe("150");

    // Approving it again by a direct call sends nothing more.
    const replay = await callAction(otherPage, approve, { id: payoutId });
    expect(replay).toContain("ALREADY_DECIDED");
    expect((await api.transactions.list({ external_id: reference })).items).toHaveLength(1);
    await other.close();
  } finally {
    const { context: other, page: otherPage } = await memberContext(browser, second);
    await noApprovalsAgain(page, otherPage);
    await other.close();
    await context.close();
  }
});

test("the requester's own approval is refused even by a direct call", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const second = roster("admin2");
  const { context: other, page: otherPage } = await memberContext(browser, second);
  try {
    // The second admin holds every payout for approval, then asks for one.
    await otherPage.goto("/send/approvals");
    await changeApprovalPolicy(otherPage, "all");
    await expect(otherPage.getByTestId("approval-policy-current")).toHaveText(EVERY_PAYOUT);
    await fillPix(otherPage, "3");
    await otherPage.getByRole("button", { name: "Review payout" }).click();
    const reference = await reviewReference(otherPage);
    await otherPage.getByRole("button", { name: "Request approval" }).click();
    await expect(otherPage.getByText("Request recorded.").first()).toBeVisible();

    // The demo admin approves a different one to learn the action, then the requester replays it on theirs.
    await otherPage.goto("/send/approvals");
    const own = otherPage.locator(`[data-testid="approval-item"][data-external-id="${reference}"]`);
    const id = await own.getAttribute("data-payout-id");
    await fillPix(page, "2");
    await page.getByRole("button", { name: "Review payout" }).click();
    await page.getByRole("button", { name: "Request approval" }).click();
    await expect(page.getByText("Request recorded.").first()).toBeVisible();
    await otherPage.reload();
    const approve = await captureAction(otherPage, () => otherPage.getByTestId("approval-item").filter({ hasNotText: "You asked for this one" }).first().getByRole("button", { name: "Approve and send" }).click());
    await expect(otherPage.getByText("Approved and sent.").first()).toBeVisible();
    const answer = await callAction(otherPage, approve, { id });
    expect(answer).toContain("OWN_REQUEST");
    expect(answer).toContain("You cannot approve your own request");
    const api = await merchantIntegration(page);
    expect((await api.transactions.list({ external_id: reference })).items).toHaveLength(0);
  } finally {
    // The demo admin declines what is left, with a reason, so nothing waits after this test.
    await page.goto("/send/approvals");
    for (const item of await page.getByTestId("approval-item").all()) {
      await item.getByRole("button", { name: "Reject" }).click();
      await page.getByRole("dialog").getByLabel("Reason").fill("Test clean-up");
      await page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    await noApprovalsAgain(otherPage, page);
    await other.close();
    await context.close();
  }
});

test("support and viewer members cannot send money: not on the page, nor by calling the action", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await fillPix(page, "1");
  await page.getByRole("button", { name: "Review payout" }).click();
  const reference = await reviewReference(page);
  const action = await captureAction(page, () => page.getByTestId("payout-review").getByRole("button", { name: /^Send/ }).click());
  await expect(page.getByText("Payout sent.").first()).toBeVisible();
  const api = await merchantIntegration(page);

  for (const role of ["support", "viewer"] as const) {
    const { context: theirs, page: theirPage } = await memberContext(browser, roster(role));
    await theirPage.goto("/send");
    await expect(theirPage.getByTestId("send-not-allowed")).toContainText("cannot send money");
    await expect(theirPage.getByRole("button", { name: "Review payout" })).toHaveCount(0);
    const fresh = `${reference.slice(0, 20)}-${role}`;
    const answer = await callAction(theirPage, action, { kind: "pix", amount: "1", externalId: fresh, keyType: "cpf", pixKey: "52998224725" });
    expect(answer).toContain('"code":"FORBIDDEN"');
    expect((await api.transactions.list({ external_id: fresh })).items).toHaveLength(0);
    await theirs.close();
  }
  await context.close();
});

test("a transfer to one's own account is refused in words; to another account it is done at once", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/settings/credentials");
  const own = (await page.getByText(/^demo-[0-9a-f]+$/).first().textContent())!.trim();
  const other = `e2e-recipient-${Date.now().toString(36)}`;
  await sandboxControl().createAccount({ username: other, balances: { BRL: 0 } });

  await page.goto("/send/transfer");
  await page.getByLabel("Recipient's username").fill(own);
  await page.getByLabel(/^Amount/).fill("5");
  await page.getByRole("button", { name: "Review transfer" }).click();
  await expect(page.getByText(`Transfer R$5.00 to ${own}?`)).toBeVisible();
  await page.getByRole("button", { name: /^Transfer R\$5\.00$/ }).click();
  await expect(page.getByText("That username is your own account: a transfer must go to another account.").first()).toBeVisible();

  await page.getByLabel("Recipient's username").fill(other);
  await page.getByRole("button", { name: "Review transfer" }).click();
  await page.getByRole("button", { name: /^Transfer R\$5\.00$/ }).click();
  await expect(page.getByText("Transfer done.").first()).toBeVisible();
  const item = page.getByTestId("payout-item").filter({ hasText: `@${other}` });
  await expect(item.getByTestId("tx-status")).toHaveText("Paid");
  await expect(item).toContainText("Sent");

  // The refusal's call in the request log, on a phone: its code (one long word) wraps inside the row.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings/developers");
  const refused = page.getByTestId("request-log-row").filter({ hasText: "SELF_TRANSFER_BLOCKED" }).first();
  await expect(refused).toBeVisible();
  expect(await refused.evaluate((row) => ({ sideways: row.closest("table")!.parentElement!.scrollWidth - row.closest("table")!.parentElement!.clientWidth, wider: row.scrollWidth > row.clientWidth }))).toEqual({ sideways: 0, wider: false });
  await context.close();
});
