/**
 * Settings → API credentials, as members use it against the real sandbox: registered pending,
 * activated by a second admin (never by the admin who registered it when there are two), tested in
 * words, rotated and revoked; role and organisation boundaries enforced by the server actions
 * themselves; and no secret or token ever reaches a page, a script, an action's answer, a log line or
 * the request log.
 */
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import {
  test,
  expect,
  addMember,
  callAction,
  captureAction,
  memberContext,
  sandboxControl,
  SANDBOX_URL,
  DEMO_SERVER_LOG,
  type Member,
} from "./fixtures";

test.describe.configure({ mode: "serial" });

const control = sandboxControl();
/** Every secret the journeys typed or created, checked for at the end. */
const secrets: string[] = [];
/** Every answer the browser received during the journeys (pages, scripts, action answers). */
const answers: { url: string; body: Promise<string> }[] = [];

function watch(context: BrowserContext) {
  context.on("response", (res) => {
    const type = res.headers()["content-type"] ?? "";
    if (/html|javascript|x-component|json|text\/plain|css/.test(type)) answers.push({ url: res.url(), body: res.text().catch(() => "") });
  });
}

async function signedIn(browser: Parameters<typeof memberContext>[0], member?: Member) {
  const { context, page } = await memberContext(browser, member);
  watch(context);
  return { context, page };
}

async function newSandboxAccount(opts: { activate: boolean; brl?: number }) {
  const username = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const r = await control.createAccount({ username, balances: { BRL: opts.brl ?? 100 } });
  if (opts.activate) await control.activate(r.credential.client_id);
  secrets.push(r.credential.client_secret, r.credential.signing_key);
  return r;
}

async function register(page: Page, name: string, cred: { client_id: string; client_secret: string; signing_key: string }) {
  await page.goto("/settings/credentials");
  await page.getByRole("button", { name: "Register credential" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await expect(dialog.getByLabel("Base URL")).toHaveValue(SANDBOX_URL);
  await dialog.getByLabel("Client id").fill(cred.client_id);
  await dialog.getByLabel("Client secret").fill(cred.client_secret);
  await dialog.getByLabel("Signing key").fill(cred.signing_key);
  await dialog.getByRole("button", { name: "Register", exact: true }).click();
  await expect(dialog).toBeHidden();
  return card(page, name);
}

const card = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, level: 3 }) });

async function confirm(page: Page, button: "Activate" | "Revoke") {
  await page.getByRole("alertdialog").getByRole("button", { name: button }).click();
}

let operator: Member;
let secondAdmin: Member;

test("an operator registers a sandbox credential, which stays pending, masked, with no way to activate it", async ({ browser }) => {
  operator = await addMember(browser, "operator", "cred-op");
  const acct = await newSandboxAccount({ activate: true, brl: 777 });
  const { context, page } = await signedIn(browser, operator);
  const c = await register(page, "Ops sandbox", acct.credential);
  await expect(c.getByTestId("credential-status")).toHaveText("Pending");
  await expect(c.getByTestId("credential-secret")).toHaveText(`••••••••${acct.credential.client_secret.slice(-4)}`);
  await expect(c.getByText(acct.credential.client_id)).toBeVisible();
  await expect(c.getByRole("button", { name: "Activate" })).toHaveCount(0);
  await expect(c.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  await expect(page.getByText("Waiting for an admin to activate it. Test it first.")).toBeVisible();
  expect(await page.content()).not.toContain(acct.credential.client_secret);
  await context.close();
});

test("with two admins, the admin who registered a credential cannot activate it; a second admin does, and the pages switch to it; rotation back and revocation", async ({ browser }) => {
  secondAdmin = await addMember(browser, "admin", "cred-admin2");
  const acct = await newSandboxAccount({ activate: true });
  const second = await signedIn(browser, secondAdmin);
  const own = await register(second.page, "Admin2 sandbox", acct.credential);
  await expect(own.getByText("You registered this credential: another admin must activate it.")).toBeVisible();
  await own.getByRole("button", { name: "Activate" }).click();
  await confirm(second.page, "Activate");
  await expect(second.page.getByText("You registered this credential: another admin of your organisation must activate it.").first()).toBeVisible();
  await expect(own.getByTestId("credential-status")).toHaveText("Pending");

  // The demo admin activates the operator's credential: it replaces the demo's sandbox credential.
  const admin = await signedIn(browser);
  await admin.page.goto("/settings/credentials");
  const ops = card(admin.page, "Ops sandbox");
  await ops.getByRole("button", { name: "Activate" }).click();
  await expect(admin.page.getByRole("alertdialog")).toContainText("It replaces Demo sandbox as the Sandbox credential.");
  await confirm(admin.page, "Activate");
  await expect(ops.getByTestId("credential-status")).toHaveText("Active");
  await expect(card(admin.page, "Demo sandbox").getByTestId("credential-status")).toHaveText("Replaced");
  await admin.page.goto("/overview");
  await expect(admin.page.getByTestId("balance-BRL").getByTestId("balance-available")).toHaveText("R$777.00");

  // Rotation back: the replaced demo credential becomes active again; the pages follow at once.
  await admin.page.goto("/settings/credentials");
  await card(admin.page, "Demo sandbox").getByRole("button", { name: "Activate" }).click();
  await confirm(admin.page, "Activate");
  await expect(card(admin.page, "Demo sandbox").getByTestId("credential-status")).toHaveText("Active");
  await admin.page.goto("/overview");
  await expect(admin.page.getByTestId("balance-BRL").getByTestId("balance-available")).not.toHaveText("R$777.00");

  // Revocation is immediate and erases the secrets.
  await admin.page.goto("/settings/credentials");
  for (const name of ["Ops sandbox", "Admin2 sandbox"]) {
    await card(admin.page, name).getByRole("button", { name: "Revoke" }).click();
    await confirm(admin.page, "Revoke");
    await expect(card(admin.page, name).getByTestId("credential-status")).toHaveText("Revoked");
    await expect(card(admin.page, name).getByTestId("credential-secret")).toHaveText("erased");
  }
  await admin.page.goto("/settings/audit");
  for (const action of ["Credential registered", "Credential rotated", "Credential revoked"]) {
    await expect(admin.page.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
  await admin.context.close();
  await second.context.close();
});

test("test connection explains a credential the provider has not activated yet, then succeeds once it is", async ({ browser }) => {
  const acct = await newSandboxAccount({ activate: false });
  const { context, page } = await signedIn(browser);
  const c = await register(page, "Pending at provider", acct.credential);
  await c.getByRole("button", { name: "Test connection" }).click();
  await expect(c.getByTestId("credential-check")).toContainText(
    "The provider has not activated this credential yet. Its account administrator must activate it in the provider's dashboard.",
  );
  await control.activate(acct.credential.client_id);
  await c.getByRole("button", { name: "Test connection" }).click();
  await expect(c.getByTestId("credential-check")).toContainText("Connected: a token was issued and the balance read.");
  await c.getByRole("button", { name: "Revoke" }).click();
  await confirm(page, "Revoke");
  await expect(c.getByTestId("credential-status")).toHaveText("Revoked");
  await context.close();
});

test("viewers and operators cannot open the audit or request log, and the admin-only actions refuse them when called directly", async ({ browser }) => {
  const viewer = await addMember(browser, "viewer", "cred-viewer");
  const acct = await newSandboxAccount({ activate: true });
  const admin = await signedIn(browser);
  const target = await register(admin.page, "Guarded", acct.credential);
  const credentialId = (await target.locator("[data-credential-id]").getAttribute("data-credential-id"))!;
  // Capture the admin-only actions as the admin's browser sends them, on a throwaway credential.
  const spare = await register(admin.page, "Spare", (await newSandboxAccount({ activate: true })).credential);
  await spare.getByRole("button", { name: "Revoke" }).click();
  const revoke = await captureAction(admin.page, () => confirm(admin.page, "Revoke"));
  await expect(spare.getByTestId("credential-status")).toHaveText("Revoked");
  const test_ = await captureAction(admin.page, () => target.getByRole("button", { name: "Test connection" }).click());
  await expect(target.getByTestId("credential-check")).toContainText("Connected");

  for (const member of [viewer, operator]) {
    const { context, page } = await signedIn(browser, member);
    for (const path of ["/settings/audit", "/settings/developers"]) {
      expect((await page.goto(path))?.status(), `${member.role} ${path}`).toBe(403);
    }
    const answer = await callAction(page, revoke, { id: credentialId });
    expect(answer).toContain('"code":"FORBIDDEN"');
    if (member.role === "viewer") {
      expect((await page.goto("/settings/credentials"))?.status()).toBe(403);
      expect(await callAction(page, test_, { id: credentialId })).toContain('"code":"FORBIDDEN"');
    }
    await context.close();
  }
  await admin.page.reload();
  await expect(card(admin.page, "Guarded").getByTestId("credential-status")).toHaveText("Pending");
  await card(admin.page, "Guarded").getByRole("button", { name: "Revoke" }).click();
  await confirm(admin.page, "Revoke");
  await admin.context.close();
});

test("a member of organisation A cannot read or act on organisation B's credentials by id", async ({ browser }) => {
  const admin = await signedIn(browser);
  // The demo admin starts organisation B and registers a credential there.
  await admin.page.goto("/overview");
  await admin.page.getByRole("button", { name: /Switch organisation/ }).first().click();
  await admin.page.getByRole("menuitem", { name: "New organisation…" }).click();
  await admin.page.getByRole("dialog").getByLabel("Organisation name").fill("Org B e2e");
  await admin.page.getByRole("dialog").getByRole("button", { name: "Create organisation" }).click();
  await expect(admin.page.getByRole("button", { name: /Switch organisation/ }).first()).toContainText("Org B e2e");
  const acct = await newSandboxAccount({ activate: true });
  const b = await register(admin.page, "B sandbox", acct.credential);
  const bId = (await b.locator("[data-credential-id]").getAttribute("data-credential-id"))!;
  const activate = await captureAction(admin.page, async () => {
    await b.getByRole("button", { name: "Activate" }).click();
    await confirm(admin.page, "Activate");
  });
  await expect(b.getByTestId("credential-status")).toHaveText("Active");
  const testB = await captureAction(admin.page, () => b.getByRole("button", { name: "Test connection" }).click());
  await expect(b.getByTestId("credential-check")).toContainText("Connected");

  // The second admin of A (not a member of B) tries B's credential by id: not found, nothing changes.
  const a = await signedIn(browser, secondAdmin);
  await a.page.goto("/settings/credentials");
  await expect(a.page.getByRole("heading", { name: "B sandbox" })).toHaveCount(0);
  expect(await callAction(a.page, activate, { id: bId })).toContain('"code":"NOT_FOUND"');
  expect(await callAction(a.page, testB, { id: bId })).toContain('"code":"NOT_FOUND"');
  await admin.page.reload();
  await expect(card(admin.page, "B sandbox").getByTestId("credential-status")).toHaveText("Active");

  // Back to the demo organisation for the journeys that follow.
  await admin.page.getByRole("button", { name: /Switch organisation/ }).first().click();
  await admin.page.getByRole("menuitem", { name: /Demo Merchant/ }).click();
  await expect(admin.page.getByRole("button", { name: /Switch organisation/ }).first()).toContainText("Demo Merchant");
  await a.context.close();
  await admin.context.close();
});

test("no secret or access token appears in any page, script, action answer, server log line or request-log row", async ({ browser }) => {
  // Every page of a request log that grows with each journey before this one (and a sync every 5 s).
  test.setTimeout(180_000);
  const admin = await signedIn(browser);
  await admin.page.goto("/settings/developers");
  await expect(admin.page.getByTestId("request-log-row").first()).toBeVisible();
  // Every page of the request log the journeys produced.
  // Followed by address rather than by click: each page is a whole answer the browser receives.
  for (let older = admin.page.getByRole("link", { name: "Older" }); await older.count(); ) {
    await admin.page.goto((await older.getAttribute("href"))!);
    await expect(admin.page.getByTestId("request-log-row").first()).toBeVisible();
  }
  await admin.context.close();

  expect(secrets.length).toBeGreaterThan(8);
  const bodies = await Promise.all(answers.map(async (a) => ({ url: a.url, body: await a.body })));
  expect(bodies.filter((b) => b.url.includes("/_next/static/")).length, "scripts were checked").toBeGreaterThan(5);
  expect(bodies.filter((b) => b.url.includes("/settings/developers")).length, "the request log was checked").toBeGreaterThan(0);
  const log = readFileSync(DEMO_SERVER_LOG, "utf8");
  const sandboxJwt = /eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\.[\w-]+\.[\w-]+/;
  for (const { url, body } of [...bodies, { url: DEMO_SERVER_LOG, body: log }]) {
    for (const secret of secrets) expect(body.includes(secret), `${url} contains a secret`).toBe(false);
    expect(sandboxJwt.test(body), `${url} contains an access token`).toBe(false);
    // The demo's own seeded credential: its secret and signing key have recognisable shapes.
    expect(/\bcs_[A-Za-z0-9_-]{20,}/.test(body), `${url} contains a client secret`).toBe(false);
    expect(/\bsk_[0-9a-f]{64}\b/.test(body), `${url} contains a signing key`).toBe(false);
  }
});
