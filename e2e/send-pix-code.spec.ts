/**
 * Send → "Pay a PIX code": a pasted BR Code is read through the API's PIX payload decoding, so the
 * review names who receives it before anything is sent; a static code is paid to its key for its
 * amount (which is what arrives) exactly once, even on a double click or a replayed request; codes
 * that cannot be paid here say why in words. Against the demo's sandbox, checked there through the
 * merchant's own integration (the sandbox's API does not answer a cash-out's key; the key the
 * dashboard was asked to pay is read from the browser's own request).
 */
import type { Request } from "@playwright/test";
import { buildDynamicBrCode, buildStaticBrCode } from "../lib/payments/pix-br-code";
import { generateCpf } from "../lib/payments/documents";
import { Money } from "../lib/payments/money";
import { test, expect, callAction, memberContext, merchantIntegration, signedInNow } from "./fixtures";

test("a static PIX code shows who receives it, then pays its key its amount exactly once", async ({ browser }) => {
  const { context, page } = await signedInNow(browser);
  const api = await merchantIntegration(page);
  const key = generateCpf();
  // A unique amount, so the sandbox's cash-outs of today can be counted by it.
  const cents = 1000 + Math.floor(Math.random() * 9000);
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  const code = buildStaticBrCode({ pixKey: key, amount, merchantName: "Maria Souza Doces", merchantCity: "Sao Paulo" });

  await page.goto("/send");
  await page.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
  await page.getByTestId("pix-code-open").click();
  await page.getByLabel("PIX code").fill(code);
  await page.getByRole("button", { name: "Read code" }).click();
  await expect(page.getByTestId("pix-code-receiver")).toHaveText("Maria Souza Doces");
  await expect(page.getByTestId("pix-code-card")).toContainText("Sao Paulo");
  const shown = `R$${amount}`;
  await expect(page.getByText(`The code sets the amount: the recipient receives ${shown}.`)).toBeVisible();

  await page.getByRole("button", { name: "Review payout" }).click();
  const review = page.getByTestId("payout-review");
  await expect(review.getByTestId("review-receiver")).toHaveText("Maria Souza Doces");
  await expect(review.getByTestId("review-net")).toHaveText(shown);
  await expect(review.getByTestId("review-fee")).toHaveText("R$0.50");
  const sent = new Money(amount).plus("0.50").toFixed(2); // the sandbox's PIX cash-out fee is R$ 0,50
  const sentText = `R$${sent}`;
  await expect(review.getByTestId("review-amount")).toHaveText(sentText);
  await expect(review.getByTestId("review-pix-key")).toHaveText(`CPF ***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`);
  const reference = (await review.locator("dt", { hasText: "Reference" }).locator("xpath=following-sibling::dd").textContent())!.trim();

  const requests: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"] && (r.postData() ?? "").includes(reference)) requests.push(r);
  });
  await review.getByRole("button", { name: `Send ${sentText}` }).dblclick();
  await expect(page.getByText("Payout sent. It shows as pending until the provider confirms it.").first()).toBeVisible();

  // What the browser asked to pay: the code's key, with the reviewed amount.
  expect(requests.length).toBeGreaterThan(0);
  const [body] = JSON.parse(requests[0]!.postData()!) as [{ pixKey: string; keyType: string; amount: string }];
  expect(body).toMatchObject({ pixKey: key, keyType: "cpf" });
  expect(new Money(body.amount).toFixed(2)).toBe(sent);

  // A retry of the same request (a lost answer, a reload) is the same payout.
  await callAction(page, { url: requests[0]!.url(), id: requests[0]!.headers()["next-action"]! }, body);

  const { items } = await api.transactions.list({ external_id: reference });
  expect(items).toHaveLength(1);
  expect(items[0]!.amount_net?.toFixed(2)).toBe(amount);
  expect(items[0]!.amount?.toFixed(2)).toBe(sent);
  // And no second cash-out of that amount under another reference.
  let same = 0;
  for (let p = 1; ; p++) {
    const page_ = await api.transactions.list({ type: "cashout", from_date: new Date().toISOString().slice(0, 10), page: p, page_size: 100 });
    same += page_.items.filter((t) => t.amount_net?.toFixed(2) === amount).length;
    if (!page_.has_next) break;
  }
  expect(same).toBe(1);
  await context.close();
});

test("a code that cannot be paid here says why before anything is sent", async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto("/send");
  await page.getByRole("radio", { name: "PIX", exact: true }).check({ force: true });
  await page.getByTestId("pix-code-open").click();

  const dynamic = buildDynamicBrCode({ url: "pix.example.com/qr/v2/cobv/9d36b84f", merchantName: "Loja Azul", merchantCity: "Recife" });
  await page.getByLabel("PIX code").fill(dynamic);
  await page.getByRole("button", { name: "Read code" }).click();
  await expect(page.getByText("This code from Loja Azul is a single-use charge, which can only be paid from a bank app.")).toBeVisible();

  const valid = buildStaticBrCode({ pixKey: generateCpf(), merchantName: "Loja Azul", merchantCity: "Recife" });
  const broken = valid.slice(0, -1) + (valid.endsWith("0") ? "1" : "0"); // its check digits no longer match
  await page.getByLabel("PIX code").fill(broken);
  await page.getByRole("button", { name: "Read code" }).click();
  await expect(page.getByText("This is not a valid PIX code. Copy it again, whole, from where you got it.")).toBeVisible();
  await expect(page.getByTestId("pix-code-card")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Review payout" })).toBeVisible();
  await context.close();
});
