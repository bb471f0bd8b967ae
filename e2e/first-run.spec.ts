import { readFileSync } from "node:fs";
import { test, expect, FRESH_URL } from "./fixtures";
import { setupToken } from "../lib/organizations/setup";
import { FRESH_DATA_DIR } from "../playwright.config";

/** The token `npm start` printed on the fresh dashboard's console ("First run: open …/setup?token=…"). */
function printedToken(): string {
  const secrets = JSON.parse(readFileSync(`${FRESH_DATA_DIR}/secrets.json`, "utf8")) as { AUTH_SECRET: string };
  return setupToken(secrets.AUTH_SECRET);
}

test.describe("first run on an empty database", () => {
  test.use({ baseURL: FRESH_URL });

  test("needs the printed token; creates the first admin, who lands in the dashboard; the page then closes", async ({ page }) => {
    // Whoever reaches an empty dashboard first does not become its admin by that alone.
    await page.goto("/");
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByTestId("setup-token-needed")).toBeVisible();
    await page.goto("/setup?token=not-the-token");
    await expect(page.getByTestId("setup-token-needed")).toBeVisible();

    await page.goto(`/setup?token=${printedToken()}`);
    await expect(page.getByRole("heading", { name: "Create the first administrator" })).toBeVisible();
    await page.getByLabel("Organisation name").fill("Loja Aurora");
    await page.getByLabel("Your name").fill("Ana Souza");
    await page.getByLabel("E-mail").fill("ana@aurora.test");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("short");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByText("Use at least 12 characters.")).toBeVisible();

    // Long enough, but guessable: refused in words.
    await page.getByLabel("Password", { exact: true }).fill("password1234");
    await page.getByLabel("Confirm password").fill("password1234");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByText("This password is too easy to guess.", { exact: false }).first()).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("aurora-orchid-canoe-1987");
    await page.getByLabel("Confirm password").fill("aurora-orchid-canoe-1987");
    await page.getByRole("button", { name: "Create administrator" }).click();

    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    // The Overview greets the member in the organisation they landed in.
    await expect(page.getByText("Hello, Ana · Loja Aurora", { exact: true })).toBeVisible();

    // Without mail (no SMTP_URL), an invitation's link is shown to the admin to hand over; it works once.
    await page.goto("/settings/team");
    // The organisation's only admin can neither leave it nor step down: said, not offered.
    const ana = page.getByTestId("member-ana@aurora.test");
    await expect(ana.getByTestId("only-admin")).toHaveText("The only admin: make another member an admin first.");
    await expect(ana.getByRole("button", { name: "Remove" })).toHaveCount(0);
    await expect(ana.getByRole("combobox", { name: "Change role of Ana Souza" })).toBeDisabled();
    await page.getByRole("button", { name: "Invite member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill("bruno@aurora.test");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const link = (await dialog.getByTestId("invitation-url").textContent())!.trim();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("invitation-bruno@aurora.test")).toBeVisible();

    const invitee = await page.context().browser()!.newContext({ baseURL: FRESH_URL });
    const ip = await invitee.newPage();
    await ip.goto(link);
    await expect(ip.getByRole("heading", { name: "Join Loja Aurora" })).toBeVisible();
    await ip.getByLabel("Your name").fill("Bruno Lima");
    await ip.getByLabel("Password", { exact: true }).fill("granite-pelican-sunrise-42");
    await ip.getByLabel("Confirm password").fill("granite-pelican-sunrise-42");
    await ip.getByRole("button", { name: "Create my account and join" }).click();
    await expect(ip).toHaveURL(/\/overview$/);
    await ip.context().clearCookies();
    await ip.goto(link);
    await expect(ip.getByTestId("invitation-closed")).toContainText("already used");
    await invitee.close();

    // Once a user exists, the first-run page is gone for everyone.
    await page.context().clearCookies();
    await page.goto(`/setup?token=${printedToken()}`);
    await expect(page).toHaveURL(/\/login$/);
  });
});
