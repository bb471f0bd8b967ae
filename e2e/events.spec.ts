/**
 * Events, as a merchant sees them on the demo organisation against the real sandbox: a payment made
 * at the sandbox appears on an open page without a reload, verified; the intake refuses a sender
 * outside the allowlist, counts a repeated event once, and does not believe a forged one; a webhook
 * the sandbox dropped surfaces in Reconciliation after a sync; another organisation's member never
 * receives the demo's live events.
 */
import http from "node:http";
import type { Page } from "@playwright/test";
import { test, expect, addMember, memberContext, merchantIntegration, sandboxControl, webhookUrl } from "./fixtures";

test.describe.configure({ mode: "serial" });

const control = sandboxControl();

/** POSTs a webhook body to the intake from a chosen local address (127.0.0.2 is loopback on Linux too). */
function deliver(url: string, body: string, localAddress = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", localAddress, headers: { "content-type": "application/json", "x-service-event": JSON.parse(body).event } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A new pending PIX charge of the demo's sandbox account, made by the merchant's own integration. */
async function newCharge(page: Page): Promise<string> {
  const integration = await merchantIntegration(page);
  const charge = await integration.cashin.create({ amount: 10.5, currency: "BRL", payer: { name: "Ana Souza", document: "52998224725" } });
  // The mirror learns of a pending charge from the sync (every 5 s in the journeys).
  await expect(async () => {
    await page.goto("/transactions");
    await expect(rowOf(page, charge.transaction_id).getByTestId("tx-status")).toHaveText("Pending", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator("[data-live-state=live]")).toBeVisible();
  return charge.transaction_id;
}

function rowOf(page: Page, id: string) {
  return page.getByTestId(`tx-${id}`);
}

test("a payment made at the sandbox appears on the open Transactions page without a reload, verified", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const id = await newCharge(page);
  // One stream for the tab, however many listen (the page and the bell): counted from this load on.
  const streams: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/events") streams.push(r.url());
  });
  await page.reload();
  await expect(page.locator("[data-live-state=live]")).toBeVisible();
  await control.simulate(id, { event: "cashin.confirmed" });
  // The webhook reaches the intake, the worker reads it back, the live stream refreshes the page.
  await expect(rowOf(page, id).getByTestId("tx-status")).toHaveText("Paid", { timeout: 2_000 });
  await expect(rowOf(page, id).getByTestId("tx-verified")).toContainText("notified and confirmed by the provider");
  expect(streams).toHaveLength(1);
  await context.close();
});

test("a webhook from 127.0.0.2 while only loopback 127.0.0.1 and ::1 are allowed is refused with 403 and logged", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const url = await webhookUrl(page);
  const forgedId = "f403".padEnd(32, "0");
  const body = JSON.stringify({ event: "cashin.confirmed", transaction_id: forgedId, status: "confirmed" });
  expect(await deliver(url, body, "127.0.0.2")).toBe(403);
  await page.goto(`/settings/webhooks?q=${forgedId}`);
  const row = page.locator("tr[data-outcome=refused]");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("127.0.0.2 is not an allowed sender (403)");
  await context.close();
});

test("the intake refuses a body over 64 KiB, a chunked one too, and a body that is not JSON, with 4xx, and logs them", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const url = await webhookUrl(page);
  const id = "b0d1".padEnd(32, "0");
  const big = JSON.stringify({ event: "cashin.confirmed", transaction_id: id, pad: "x".repeat(70 * 1024) });
  expect(await deliver(url, big)).toBe(413);
  // Without Content-Length: the limit holds on what arrives.
  const chunked = await new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    for (let i = 0; i < 80; i++) req.write("x".repeat(1024));
    req.end();
  });
  expect(chunked).toBe(413);
  const notJson = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-service-event": "cashin.confirmed" }, body: "{not json" });
  expect(notJson.status).toBe(400);
  await page.goto("/settings/webhooks");
  const refused = page.locator("tr[data-outcome=refused]");
  await expect(refused.filter({ hasText: "Not a JSON object (400)" }).first()).toBeVisible();
  await expect(refused.filter({ hasText: "Body too large (413)" }).nth(1)).toBeVisible();
  await context.close();
});

test("the same event delivered five times at once is counted once", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const url = await webhookUrl(page);
  const id = await newCharge(page);
  await control.simulate(id, { event: "cashin.confirmed" });
  await expect(rowOf(page, id).getByTestId("tx-status")).toHaveText("Paid", { timeout: 5_000 });
  const body = JSON.stringify({ event: "cashin.confirmed", transaction_id: id, status: "confirmed", currency: "BRL" });
  expect(await Promise.all(Array.from({ length: 5 }, () => deliver(url, body)))).toEqual([200, 200, 200, 200, 200]);
  await page.goto(`/settings/webhooks?q=${id}`);
  await expect(page.locator("tr[data-outcome=duplicate]")).toHaveCount(5, { timeout: 10_000 });
  await expect(page.locator("tr[data-outcome=applied]")).toHaveCount(1);
  await context.close();
});

test("a forged cashin.confirmed from an allowed address for a pending charge is not shown as paid", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const url = await webhookUrl(page);
  const id = await newCharge(page);
  const forged = JSON.stringify({ event: "cashin.confirmed", transaction_id: id, status: "confirmed", amount: 1, currency: "BRL" });
  expect(await deliver(url, forged)).toBe(200);
  await page.goto(`/settings/webhooks?q=${id}`);
  const row = page.locator("tr[data-outcome=contradicted]");
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText("The API says pending: nothing was changed");
  await page.goto("/transactions");
  await expect(rowOf(page, id).getByTestId("tx-status")).toHaveText("Pending");
  await page.goto("/settings/reconciliation");
  await expect(page.getByTestId("finding-contradicted_webhook").filter({ hasText: id })).toBeVisible();
  await context.close();
});

test("a webhook the sandbox was told not to deliver shows up in Reconciliation after a sync", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  const id = await newCharge(page);
  await control.settings({ drop_webhooks: true });
  try {
    await control.simulate(id, { event: "cashin.confirmed" });
  } finally {
    await control.settings({ drop_webhooks: false });
  }
  // The e2e dashboard syncs every 5 s with no grace for a late webhook (playwright.config.ts).
  await page.goto("/settings/reconciliation");
  await expect(page.getByTestId("finding-missed_webhook").filter({ hasText: id })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("finding-missed_webhook").filter({ hasText: id })).toContainText("no webhook reported it");
  await context.close();
});

test("a member of another organisation never receives the demo organisation's live events", async ({ browser }) => {
  const admin = await memberContext(browser);
  // The demo admin starts organisation C and adds a viewer there, then returns to the demo.
  await admin.page.goto("/overview");
  await admin.page.getByRole("button", { name: /Switch organisation/ }).first().click();
  await admin.page.getByRole("menuitem", { name: "New organisation…" }).click();
  await admin.page.getByRole("dialog").getByLabel("Organisation name").fill("Org C live");
  await admin.page.getByRole("dialog").getByRole("button", { name: "Create organisation" }).click();
  await expect(admin.page.getByRole("button", { name: /Switch organisation/ }).first()).toContainText("Org C live");
  const viewer = await addMember(browser, "viewer", "org-c");
  await admin.page.getByRole("button", { name: /Switch organisation/ }).first().click();
  await admin.page.getByRole("menuitem", { name: /Demo Merchant/ }).click();
  await expect(admin.page.getByRole("button", { name: /Switch organisation/ }).first()).toContainText("Demo Merchant");

  const other = await memberContext(browser, viewer);
  // Both members listen; a payment in the demo organisation reaches only the demo's member.
  const listen = (p: Page) =>
    p.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const got: string[] = [];
          const source = new EventSource("/api/events");
          for (const k of ["transaction", "balance", "webhook"]) source.addEventListener(k, (e) => got.push(`${k}:${(e as MessageEvent).data}`));
          setTimeout(() => {
            source.close();
            resolve(got);
          }, 4_000);
        }),
    );
  const id = await newCharge(admin.page);
  const [mine, theirs] = await Promise.all([listen(admin.page), listen(other.page), new Promise((r) => setTimeout(r, 500)).then(() => control.simulate(id, { event: "cashin.confirmed" }))]);
  expect(mine.some((m) => m.includes(id))).toBe(true);
  expect(theirs).toEqual([]);
  await other.context.close();
  await admin.context.close();
});
