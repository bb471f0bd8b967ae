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
  callAction,
  captureAction,
  memberContext,
  signedInNow,
  roster,
  sandboxControl,
  SANDBOX_URL,
  DEMO_SERVER_LOG,
  demoAdmin,
  type CapturedAction,
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
  // A choice among the addresses the dashboard is configured for, the sandbox's by default.
  await expect(dialog.getByLabel("Base URL")).toHaveText(SANDBOX_URL);
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

let register_: CapturedAction;

test("a second admin registers a sandbox credential, which stays pending and masked; having registered it, they cannot activate it themselves", async ({ browser }) => {
  const acct = await newSandboxAccount({ activate: true, brl: 777 });
  const second = await signedIn(browser, roster("admin2"));
  register_ = await captureAction(second.page, async () => void (await register(second.page, "Admin2 sandbox", acct.credential)));
  const own = card(second.page, "Admin2 sandbox");
  await expect(own.getByTestId("credential-status")).toHaveText("Pending");
  await expect(own.getByTestId("credential-secret")).toHaveText(`••••••••${acct.credential.client_secret.slice(-4)}`);
  await expect(own.getByText(acct.credential.client_id)).toBeVisible();
  expect(await second.page.content()).not.toContain(acct.credential.client_secret);
  await expect(own.getByText("You registered this credential: another admin must activate it.")).toBeVisible();
  await own.getByRole("button", { name: "Activate" }).click();
  await confirm(second.page, "Activate");
  await expect(second.page.getByText("You registered this credential: another admin of your organisation must activate it.").first()).toBeVisible();
  await expect(own.getByTestId("credential-status")).toHaveText("Pending");
  await second.context.close();
});

test("the demo admin activates the second admin's credential and the pages switch to it; rotation back, and revocation", async ({ browser }) => {
  const admin = await signedIn(browser);
  await admin.page.goto("/settings/credentials");
  const theirs = card(admin.page, "Admin2 sandbox");
  await theirs.getByRole("button", { name: "Activate" }).click();
  await expect(admin.page.getByRole("alertdialog")).toContainText("It replaces Demo sandbox as the Sandbox credential.");
  await confirm(admin.page, "Activate");
  await expect(theirs.getByTestId("credential-status")).toHaveText("Active");
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
  await card(admin.page, "Admin2 sandbox").getByRole("button", { name: "Revoke" }).click();
  await confirm(admin.page, "Revoke");
  await expect(card(admin.page, "Admin2 sandbox").getByTestId("credential-status")).toHaveText("Revoked");
  await expect(card(admin.page, "Admin2 sandbox").getByTestId("credential-secret")).toHaveText("erased");
  await admin.page.goto("/settings/audit");
  for (const action of ["Credential registered", "Credential rotated", "Credential revoked"]) {
    await expect(admin.page.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
  await admin.context.close();
});

test("a credential can only point where the dashboard is configured to send secrets: a direct call with another address is refused in words", async ({ browser }) => {
  const acct = await newSandboxAccount({ activate: true });
  // Signed in just now: the direct calls below are past "confirm it's you", and meet the address rule.
  const admin = await signedInNow(browser);
  watch(admin.context);
  await admin.page.goto("/settings/credentials");
  await admin.page.getByRole("button", { name: "Register credential" }).click();
  await admin.page.getByRole("dialog").getByLabel("Base URL").click();
  // The only address offered is the configured sandbox's.
  await expect(admin.page.getByRole("option")).toHaveText([SANDBOX_URL]);
  await admin.page.keyboard.press("Escape");
  for (const baseUrl of ["http://127.0.0.1:5432", "https://169.254.169.254", "https://attacker.example"]) {
    const answer = await callAction(admin.page, register_, { name: `Probe ${baseUrl}`, environment: "sandbox", baseUrl, clientId: acct.credential.client_id, clientSecret: acct.credential.client_secret, signingKey: "" });
    expect(answer, baseUrl).toContain('"code":"BASE_URL_REFUSED"');
    expect(answer).toContain("This dashboard connects only to these addresses");
  }
  await admin.page.reload();
  await expect(admin.page.getByRole("heading", { name: /^Probe / })).toHaveCount(0);
  await admin.context.close();
});

test("test connection explains a credential the provider has not activated yet, then succeeds once it is", async ({ browser }) => {
  const acct = await newSandboxAccount({ activate: false });
  const { context, page } = await signedIn(browser);
  const c = await register(page, "Not yet activated", acct.credential);
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

test("viewers and operators cannot open the credentials, the audit or the request log, and the admin-only actions refuse them when called directly", async ({ browser }) => {
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

  for (const member of [roster("viewer"), roster("operator")]) {
    const { context, page } = await signedIn(browser, member);
    for (const path of ["/settings/audit", "/settings/developers", "/settings/credentials"]) {
      expect((await page.goto(path))?.status(), `${member.role} ${path}`).toBe(403);
    }
    await page.goto("/settings/preferences");
    await expect(page.getByRole("link", { name: "API credentials" })).toHaveCount(0);
    expect(await callAction(page, revoke, { id: credentialId })).toContain('"code":"FORBIDDEN"');
    expect(await callAction(page, test_, { id: credentialId })).toContain('"code":"FORBIDDEN"');
    const acctOfTheirs = await newSandboxAccount({ activate: true });
    const registered = await callAction(page, register_, { name: `${member.role} try`, environment: "sandbox", baseUrl: SANDBOX_URL, clientId: acctOfTheirs.credential.client_id, clientSecret: acctOfTheirs.credential.client_secret, signingKey: "" });
    expect(registered, member.role).toContain('"code":"FORBIDDEN"');
    await context.close();
  }
  await admin.page.reload();
  await expect(admin.page.getByRole("heading", { name: /^(operator|viewer) try$/ })).toHaveCount(0);
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
  // Signed in just now (not the roster's stored session): a direct activation is past "confirm it's you" and meets the organisation check.
  const a = await signedInNow(browser, roster("admin2"));
  watch(a.context);
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
  const admin = await signedIn(browser);
  await admin.page.goto("/settings/developers");
  await expect(admin.page.getByTestId("request-log-row").first()).toBeVisible();
  // Every row of the request log the journeys produced, in one answer: its CSV export (what the page shows, every row).
  const exported = await admin.page.request.get((await admin.page.getByTestId("request-log-export").getAttribute("href"))!);
  expect(exported.status()).toBe(200);
  const csv = await exported.text();
  const rows = csv.trim().split("\r\n").length - 1;
  expect(rows, "the export has every row the journeys made").toBeGreaterThan(50);
  answers.push({ url: "/api/request-log/export", body: Promise.resolve(csv) });
  const session = (await admin.context.cookies()).find((c) => c.name.includes("session-token"))?.value;
  await admin.context.close();

  expect(secrets.length).toBeGreaterThan(8);
  const bodies = await Promise.all(answers.map(async (a) => ({ url: a.url, body: await a.body })));
  expect(bodies.filter((b) => b.url.includes("/_next/static/")).length, "scripts were checked").toBeGreaterThan(5);
  expect(bodies.filter((b) => b.url.includes("/settings/developers")).length, "the request log page was checked").toBeGreaterThan(0);
  expect(bodies.filter((b) => b.url.includes("/api/request-log/export")).length, "every request-log row was checked").toBe(1);
  const log = readFileSync(DEMO_SERVER_LOG, "utf8");
  const sandboxJwt = /eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\.[\w-]+\.[\w-]+/;
  // Every body against every shape, gathered into one list and asserted once (an expect per body and
  // shape, some 20,000 of them, took 53 s of bookkeeping for the same checks).
  const found: string[] = [];
  for (const { url, body } of [...bodies, { url: DEMO_SERVER_LOG, body: log }]) {
    if (secrets.some((secret) => body.includes(secret))) found.push(`${url} contains a secret`);
    if (sandboxJwt.test(body)) found.push(`${url} contains an access token`);
    // The demo's own seeded credential: its secret and signing key have recognisable shapes.
    if (/\bcs_[A-Za-z0-9_-]{20,}/.test(body)) found.push(`${url} contains a client secret`);
    if (/\bsk_[0-9a-f]{64}\b/.test(body)) found.push(`${url} contains a signing key`);
  }
  // The server's log is JSON lines (lib/observability/log.ts): each is read as such, the journeys'
  // requests, API calls and webhooks are in it, and no line (the start banner's sign-in and intake URL
  // aside, printed for the person who started it) holds a password, an intake token, the session, a
  // document number typed or seeded, or a field that carries what a request sent.
  const entries: Record<string, unknown>[] = [];
  for (const line of log.split("\n").filter((l) => l.trim())) {
    try {
      entries.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      found.push(`${DEMO_SERVER_LOG}: a line that is not JSON: ${line.slice(0, 160)}`);
    }
  }
  expect(entries.filter((e) => e.msg === "request" && typeof e.requestId === "string" && typeof e.route === "string").length, "request lines").toBeGreaterThan(100);
  expect(entries.filter((e) => e.msg === "api call" && typeof e.providerRequestId === "string" && typeof e.requestId === "string").length, "API call lines of members' requests").toBeGreaterThan(10);
  expect(entries.filter((e) => e.msg === "webhook received").length, "webhook lines").toBeGreaterThan(0);
  const banner = (e: Record<string, unknown>) => e.component === "start" && /^ {2}(Sign in|Webhooks):/.test(String(e.msg));
  const intakeToken = /Webhooks:\s+\S+\/api\/webhooks\/payment\/([A-Za-z0-9_-]{20,})/.exec(log)?.[1];
  expect(intakeToken, "the demo's intake token, from the start banner").toBeDefined();
  const passwords = [demoAdmin().password, ...(["admin2", "operator", "support", "viewer"] as const).map((r) => roster(r).password)];
  const documents = ["529.982.247-25", "52998224725", "11144477735", "11.222.333/0001-81", "11222333000181", "RAMJ800101HDFRRS09"];
  for (const e of entries) {
    if (banner(e)) continue;
    const text = JSON.stringify(e);
    for (const p of passwords) if (text.includes(p)) found.push(`a log line holds a password: ${text.slice(0, 160)}`);
    for (const d of documents) if (text.includes(d)) found.push(`a log line holds a document number: ${text.slice(0, 160)}`);
    if (text.includes(intakeToken!)) found.push(`a log line holds the intake token: ${text.slice(0, 160)}`);
    if (session && text.includes(session.slice(0, 32))) found.push(`a log line holds the session: ${text.slice(0, 160)}`);
    for (const field of ["body", "headers", "cookie", "authorization", "password", "query", "url", "path"]) if (field in e) found.push(`a log line has a "${field}" field: ${text.slice(0, 160)}`);
  }
  expect(found).toEqual([]);
});
