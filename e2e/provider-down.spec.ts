/**
 * It stops the demo's sandbox for a while and always resumes it (finally), then waits until the
 * dashboard reads fresh figures again: the journeys around it find the provider answering.
 *
 * Issue 25's acceptance check: with the provider stopped (SIGSTOP of the demo's sandbox process:
 * connections are still accepted, nothing answers), /account answers within 10 s saying the payment
 * provider is not answering and what still works, with the last known figures and their time; a
 * payout is refused within 20 s in words; and when the provider resumes (SIGCONT) both work again:
 * the payout, sent once more unchanged, exists once at the sandbox.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test, expect, chooseAmountMode, memberContext, merchantIntegration, DEMO_DATA_DIR } from "./fixtures";

/** The sandbox's own process (scripts/start.ts asks it to write its id under the data folder). */
const sandboxPid = () => Number(readFileSync(path.join(DEMO_DATA_DIR, "sandbox.pid"), "utf8").trim());

test("with the provider stopped, /account answers within 10 s saying so and a payout is refused within 20 s in words; both work again when it resumes", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await memberContext(browser);
  const api = await merchantIntegration(page);
  await page.goto("/account");
  await expect(page.getByTestId("profile-read-at")).toHaveAttribute("data-stale", "false");

  const pid = sandboxPid();
  process.kill(pid, "SIGSTOP");
  let reference = "";
  try {
    // "Read again": the profile, limits and fees are asked of the provider, which does not answer.
    const t0 = Date.now();
    await page.getByTestId("account-refresh").click();
    const failures = page.getByTestId("api-failure");
    await expect(failures.first()).toContainText("The payment provider is not answering", { timeout: 10_000 });
    const accountMs = Date.now() - t0;
    expect(accountMs).toBeLessThan(10_000);
    // What still works: the last known profile with its time.
    await expect(page.getByTestId("profile-read-at")).toHaveAttribute("data-stale", "true");
    await page.getByTestId("profile-read-at-tip").click();
    await expect(page.getByTestId("profile-read-at-text")).toHaveText(/^Last known: read from the Sandbox API \(.+\) at .+\. The provider is not answering now\.$/);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("profile-kycLevel").locator("dd")).toHaveText("Level 2");

    // A page opened now says so at the top, and answers at once (no call waits for the provider).
    const t1 = Date.now();
    await page.goto("/account");
    await expect(page.getByTestId("provider-notice")).toContainText("The payment provider is not answering");
    await expect(page.getByTestId("provider-notice")).toContainText("What the dashboard keeps still works");
    const reopenMs = Date.now() - t1;
    expect(reopenMs).toBeLessThan(10_000);

    // A payout: refused within 20 s, in words.
    await page.goto("/send");
    await page.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
    await page.getByLabel("Key type").selectOption("cpf");
    await page.getByLabel("PIX key").fill("529.982.247-25");
    // With the provider stopped the fee table may be unknown, and then the amount is simply what is sent
    // (no "recipient receives" choice); where the choice is offered, "You send".
    const mode = page.getByTestId("amount-mode");
    if (await mode.count()) await chooseAmountMode(page, "You send");
    await page.getByLabel(/^Amount/).fill("3,21");
    await page.getByRole("button", { name: "Review payout" }).click();
    const review = page.getByTestId("payout-review");
    reference = (await review.locator("dt", { hasText: "Reference" }).locator("xpath=following-sibling::dd").textContent())!.trim();
    const t2 = Date.now();
    await review.getByRole("button", { name: /^Send R\$3\.21$/ }).click();
    // Either it went out and was not answered ("may have been made"), or the breaker kept it back ("nothing was sent").
    const refusal = page.getByRole("alert").filter({ hasText: /The provider did not confirm the payout|The payment provider is not answering, so nothing was sent/ });
    await expect(refusal).toBeVisible({ timeout: 20_000 });
    const payoutMs = Date.now() - t2;
    expect(payoutMs).toBeLessThan(20_000);
    console.log(`[provider down] account ${accountMs} ms, account reopened ${reopenMs} ms, payout ${payoutMs} ms: ${(await refusal.textContent())?.slice(0, 60)}…`);
  } finally {
    process.kill(pid, "SIGCONT");
  }

  // It answers again: the Account page reads fresh figures once the breaker's probe goes through.
  // "Read again" makes the page ask the provider (a copy still within its time to live answers without
  // a call, so without a probe, and beside it the notice rightly keeps the breaker's last verdict).
  const resumed = Date.now();
  await expect(async () => {
    await page.goto("/account");
    await page.getByTestId("account-refresh").click();
    await expect(page.getByTestId("profile-read-at")).toHaveAttribute("data-cached", "false", { timeout: 5_000 });
    await expect(page.getByTestId("profile-read-at")).toHaveAttribute("data-stale", "false", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId("provider-notice")).toHaveCount(0);
  console.log(`[provider down] fresh figures again ${Date.now() - resumed} ms after SIGCONT`);

  // The payout: sent again unchanged from the list (it waits as "Not confirmed yet" or "Queued"), once at the sandbox.
  await page.goto("/send");
  const item = page.locator(`[data-testid="payout-item"][data-external-id="${reference}"]`);
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Send again" }).click();
  await expect(item.getByTestId("tx-status")).toHaveText("Pending", { timeout: 20_000 });
  const listed = await api.transactions.list({ external_id: reference });
  expect(listed.items).toHaveLength(1);
  await context.close();
});
