import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import axe from "axe-core";
import { SandboxControl } from "../lib/sandbox-control/client";
import { InMemoryTokenStore, PaymentApiClient } from "../lib/payment-api";
import { DEMO_DATA_DIR, DEMO_PORT, DEMO_SANDBOX_PORT, DEMO_SERVER_LOG, SESSION_CLOCK_FILE } from "../playwright.config";
import { newestMailTo } from "./support/mail-catcher";

/** This worker's demo stack (playwright.config.ts: one per worker). */
export { DEMO_DATA_DIR, DEMO_PORT, SESSION_CLOCK_FILE };
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;

/** Every page a signed-in admin can open (the accessibility and console checks visit each). */
export const SIGNED_IN_PAGES = [
  "/overview",
  "/transactions",
  "/receive",
  "/send",
  "/convert",
  "/wallets",
  "/account",
  "/infractions",
  "/settings/preferences",
  "/settings/security",
  "/settings/team",
  "/settings/credentials",
  "/settings/webhooks",
  "/settings/reconciliation",
  "/settings/developers",
  "/settings/audit",
  "/settings/infractions",
];
/** The roster's stored sign-ins (`rosterReady` below), per demo stack. */
export const STATE_DIR = `${DEMO_DATA_DIR}-state`;
export const ROSTER_FILE = `${STATE_DIR}/roster.json`;
export type RosterRole = "admin" | "admin2" | "operator" | "support" | "viewer";
export const statePath = (role: RosterRole) => `${STATE_DIR}/${role}.json`;
export const ADMIN_STATE = statePath("admin");
export const FRESH_URL = `http://127.0.0.1:${process.env.E2E_FRESH_PORT ?? 3211}`;

/** The demo admin's sign-in, exactly as `npm start` printed it (read from the same secrets file). */
export function demoAdmin() {
  const secrets = JSON.parse(readFileSync(path.join(DEMO_DATA_DIR, "secrets.json"), "utf8")) as Record<string, string>;
  return { email: "admin@demo.test", password: secrets.DEMO_ADMIN_PASSWORD! };
}

/** The demo dashboard's sandbox, driven through its control API as an outside tool would. */
export function sandboxControl(): SandboxControl {
  const secrets = JSON.parse(readFileSync(path.join(DEMO_DATA_DIR, "secrets.json"), "utf8")) as Record<string, string>;
  return new SandboxControl(SANDBOX_URL, secrets.SANDBOX_ADMIN_TOKEN!);
}

export const SANDBOX_URL = `http://127.0.0.1:${DEMO_SANDBOX_PORT}`;

/** The demo organisation's webhook intake, as Settings → Webhooks shows it. */
export async function webhookUrl(page: Page): Promise<string> {
  await page.goto("/settings/webhooks");
  return (await page.getByTestId("webhook-url").textContent())!.trim();
}

/**
 * The merchant's own integration: a second credential of the demo's sandbox account (the sandbox's
 * control API makes it), whose webhooks go to the same intake. The demo's own credential stays
 * sealed in the dashboard. One per test worker.
 */
let integration: PaymentApiClient | null = null;
export async function merchantIntegration(page: Page): Promise<PaymentApiClient> {
  if (integration) return integration;
  const url = await webhookUrl(page);
  await page.goto("/settings/credentials");
  const username = (await page.getByText(/^demo-[0-9a-f]+$/).first().textContent())!.trim();
  const control = sandboxControl();
  const { credential } = await control.createCredential({ username });
  await control.activate(credential.client_id);
  await control.setPostbackUrl(credential.client_id, url);
  integration = new PaymentApiClient({ baseUrl: SANDBOX_URL, clientId: credential.client_id, clientSecret: credential.client_secret, signingKey: credential.signing_key, tokenStore: new InMemoryTokenStore() });
  return integration;
}

export { DEMO_SERVER_LOG };

/**
 * An organisation of the journey's own, for a journey that changes organisation-wide settings or
 * moves the sandbox's clock: the signed-in admin starts it ("New organisation…"), creates a sandbox
 * credential there (an account of its own at the sandbox, with test balances) and activates it. The
 * admin's active organisation is theirs, not the session's: `back()` returns them to the demo's, and
 * a journey calls it in `finally`. `integration` is that account's own API client (as the merchant's
 * code would hold), its webhooks going to the new organisation's intake.
 */
export async function ownOrganization(page: Page, name: string): Promise<{ integration: PaymentApiClient; back: () => Promise<void> }> {
  await page.goto("/overview");
  await page.getByRole("button", { name: /Switch organisation/ }).first().click();
  await page.getByRole("menuitem", { name: "New organisation…" }).click();
  await page.getByRole("dialog").getByLabel("Organisation name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create organisation" }).click();
  await expect(page.getByRole("button", { name: /Switch organisation/ }).first()).toContainText(name);
  const back = async () => {
    await page.goto("/overview");
    await page.getByRole("button", { name: /Switch organisation/ }).first().click();
    await page.getByRole("menuitem", { name: /^Demo Merchant/ }).click();
    await expect(page.getByRole("button", { name: /Switch organisation/ }).first()).toContainText("Demo Merchant");
  };
  try {
    await page.goto("/settings/credentials");
    await page.getByRole("button", { name: "Create sandbox credential" }).click();
    const card = page.getByRole("listitem").filter({ has: page.getByTestId("credential-status") });
    await expect(card.getByTestId("credential-status")).toHaveText("Pending");
    await card.getByRole("button", { name: "Activate" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Activate" }).click();
    await expect(card.getByTestId("credential-status")).toHaveText("Active");
    const username = (await card.getByText(/^org-[0-9a-f]+-[0-9a-f]+$/).first().textContent())!.trim();
    const url = await webhookUrl(page);
    const control = sandboxControl();
    const { credential } = await control.createCredential({ username });
    await control.activate(credential.client_id);
    await control.setPostbackUrl(credential.client_id, url);
    const integration = new PaymentApiClient({ baseUrl: SANDBOX_URL, clientId: credential.client_id, clientSecret: credential.client_secret, signingKey: credential.signing_key, tokenStore: new InMemoryTokenStore() });
    return { integration, back };
  } catch (e) {
    await back();
    throw e;
  }
}

let rosterCache: Record<RosterRole, Member> | null = null;
/** A member of the roster (made once per stack by `rosterReady` below), with their password. */
export function roster(role: RosterRole): Member {
  rosterCache ??= JSON.parse(readFileSync(ROSTER_FILE, "utf8")) as Record<RosterRole, Member>;
  return rosterCache[role];
}

/**
 * When the page asks the member to confirm it's them (a change made more than 5 minutes after their
 * last proof), they type their password, as they would: journeys about something else go on. The
 * journeys about that dialog itself (e2e/door.spec.ts) open contexts without this.
 */
export async function confirmWhenAsked(page: Page, member: { password: string }): Promise<void> {
  await page.addLocatorHandler(page.getByTestId("reauth-dialog"), async (dialog) => {
    await dialog.getByLabel("Password").fill(member.password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
  });
}

/** A browser context signed in as a member of the roster (their stored session: no sign-in). */
export async function as(browser: Browser, role: RosterRole = "admin", options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, storageState: statePath(role) });
  const page = await context.newPage();
  await confirmWhenAsked(page, roster(role));
  return { context, page };
}

/**
 * A browser context of `member`: a roster member (or, without one, the demo admin) through their
 * stored session; anyone else signed in just now through the sign-in page.
 */
export async function memberContext(browser: Browser, member?: Member, options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  if (!member || member.rosterRole) return as(browser, member?.rosterRole ?? "admin", options);
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/overview$/);
  await confirmWhenAsked(page, member);
  return { context, page };
}

/**
 * The demo admin (or `member`) signed in just now through the sign-in page, in a session of its own:
 * for a journey whose first sensitive click must go through at once (a double click on "Send"), or
 * whose direct action calls must meet the check behind "confirm it's you".
 */
export async function signedInNow(browser: Browser, member: Member = { ...demoAdmin(), name: "Demo Admin", role: "admin" }, options: Parameters<Browser["newContext"]>[0] = {}) {
  return memberContext(browser, { ...member, rosterRole: undefined }, options);
}

/**
 * Changes the approval policy on /send/approvals (the page open) as an admin does: its sentences
 * turned editable in place, "every payout", "nothing waits", or thresholds per currency
 * (`{ BRL: "100" }`), then saved. Whether it applied or waits for another admin is the caller's to check.
 */
export async function changeApprovalPolicy(page: Page, rule: "all" | "none" | Record<string, string>): Promise<void> {
  await page.getByRole("button", { name: "Change the rules" }).click();
  const form = page.getByTestId("approval-policy-form");
  // The editor's code loads on that first intent: its buttons are counted once it is there.
  await expect(form).toBeVisible();
  if (rule === "all") await form.getByRole("button", { name: "Hold every payout" }).click();
  else if (rule === "none") await form.getByRole("button", { name: "Let every payout through" }).click();
  else {
    for (const [i, [currency, amount]] of Object.entries(rule).entries()) {
      const add = i === 0 ? form.getByRole("button", { name: /^(Hold|Only) payouts over an amount$/ }) : form.getByRole("button", { name: "Add a currency" });
      if (i > 0 || (await add.count())) await add.click();
      const sentence = form.getByTestId("approval-rule").last();
      await sentence.getByLabel("Currency of this rule").selectOption(currency);
      await sentence.getByLabel(`Threshold in ${currency}`).fill(amount);
    }
  }
  await form.getByRole("button", { name: "Save policy" }).click();
  await expect(form).toHaveCount(0);
}

/**
 * Chooses what a payout's amount means ("You send" or "Recipient receives") as a person does, by its
 * visible label, until its radio is checked. A forced check on the hidden radio once met it in the
 * moment the form's code replaced the first form, and failed as "not visible" (send.spec.ts, a fresh
 * clone's run).
 */
export async function chooseAmountMode(page: Page, mode: "You send" | "Recipient receives"): Promise<void> {
  const modes = page.getByTestId("amount-mode");
  await expect(async () => {
    await modes.getByText(mode, { exact: true }).click();
    await expect(modes.getByRole("radio", { name: mode })).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** A server action as the browser sent it: its id and the URL it was posted to. */
export type CapturedAction = { url: string; id: string };

/** Runs `trigger` and returns the first server action request it makes. */
export async function captureAction(page: Page, trigger: () => Promise<void>): Promise<CapturedAction> {
  const request = page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await trigger();
  const r = await request;
  return { url: r.url(), id: r.headers()["next-action"]! };
}

/** Calls a captured server action directly with `args`, as an attacker replaying it would; returns the raw answer. */
export async function callAction(page: Page, action: CapturedAction, ...args: unknown[]): Promise<string> {
  const res = await page.request.post(action.url, {
    headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component" },
    data: JSON.stringify(args),
  });
  return res.text();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(/e-mail|correo/i).fill(email);
  await page.getByLabel(/password|senha|contraseña/i).fill(password);
  await page.getByRole("button", { name: /sign in|entrar|iniciar sesión/i }).click();
}

export type Member = { name: string; email: string; password: string; role: "admin" | "operator" | "support" | "viewer"; rosterRole?: RosterRole };

/** The invitation link in the newest mail to `email` (the demo dashboard mails through e2e/support/mail-catcher.ts). */
export async function invitationLinkFor(email: string): Promise<string> {
  let link: string | null = null;
  await expect(async () => {
    link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(newestMailTo(email)?.raw ?? "")?.[0] ?? null;
    expect(link).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  return link!;
}

/** The demo admin invites `email` with `role` from the Team page (the invitation goes out by mail). */
export async function invite(browser: Browser, email: string, role: Member["role"]): Promise<string> {
  const context = await browser.newContext({ storageState: ADMIN_STATE, baseURL: DEMO_URL });
  const page = await context.newPage();
  await confirmWhenAsked(page, demoAdmin());
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Role").click();
  await page.getByRole("option", { name: new RegExp(`^${role}`, "i") }).click();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`).first()).toBeVisible();
  await context.close();
  return invitationLinkFor(email);
}

/** Opens an invitation link as a new person and creates their account; they land signed in (that state kept at `statePath`, when given). */
export async function join(browser: Browser, link: string, name: string, password: string, statePath?: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create my account and join" }).click();
  // Production scrypt and a first Overview render, while the other worker's stack starts too (10 s
  // was passed once then): the wait, not what is checked, is longer.
  await expect(page).toHaveURL(/\/overview$/, { timeout: 30_000 });
  if (statePath) await context.storageState({ path: statePath });
  await context.close();
}

/** A new member of the demo organisation: invited by the demo admin by mail, their own password set from the link. */
export async function addMember(browser: Browser, role: Member["role"], tag: string): Promise<Member> {
  const unique = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const member: Member = { name: `E2E ${role} ${unique}`, email: `${unique}@e2e.test`, password: `${unique}-amber-harbour-lanterns`, role };
  const link = await invite(browser, member.email, role);
  await join(browser, link, member.name, member.password);
  return member;
}

/** Serious and critical axe-core violations on the current page, as readable lines. */
/**
 * The axe rules a colour theme can change: the contrast of text, and links told from the text around
 * them by colour. A theme changes only colours (a class on <html> and CSS variables; the markup is the
 * same), so a second theme needs only these rules after the whole set has run in the first.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core run in the page itself, injected once per document: `axe.run` over the whole document (the
 * product has no frames). @axe-core/playwright's `analyze()` did the same work and then some: it
 * injected axe twice, ran it in parts, and opened a blank page to inject it again and join the parts
 * (≈ 1.2 s of every scan's ≈ 2.5 s on 2 cores, 40 % of the page tour). Only violations are reported
 * whole (`resultTypes`): passes are not read.
 */
async function runAxe(page: Page, runOnly: axe.RunOptions["runOnly"]): Promise<axe.AxeResults> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!injected) await page.evaluate(axe.source);
  const options: axe.RunOptions = { runOnly, resultTypes: ["violations"] };
  return page.evaluate((o) => (window as unknown as { axe: typeof axe }).axe.run(document, o), options);
}

/**
 * Waits until React has hydrated `locator`'s element (its handlers attached): a key pressed on a
 * server-rendered control before then does nothing, as on a page still loading, and a journey's
 * first pages of a run, on a cold server and a busy machine, can take seconds to get there.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), { timeout: 20_000 }).toBe(true);
}

/**
 * Waits until what the page is showing has finished appearing: a sheet sliding in, the palette
 * opening, a dialog or popover fading and zooming in (≈ 150 ms). Screenshots and measured boxes want
 * the end state, and axe measures text contrast with the opacity of the moment (the register-credential
 * dialog's muted descriptions failed color-contrast in 2 tour runs of 4 when scanned mid-fade). Endless
 * animations (a spinner) are not waited for; a finite one longer than 2 s no further.
 */
export async function appeared(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // a long one (none is meant to be) holds the scan back 2 s at most
      new Promise((r) => setTimeout(r, 2_000)),
    ]),
  );
}

export async function seriousViolations(page: Page, opts: { rules?: string[] } = {}): Promise<string[]> {
  const results = await runAxe(page, opts.rules ? { type: "rule", values: opts.rules } : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/**
 * Serious axe violations in both themes, on what the page shows now: every rule in the light theme,
 * then in the dark one the rules a theme can change (COLOUR_RULES: a theme is a class on <html>, the
 * markup stays the same; nothing renders by the resolved theme). The theme is back to light after.
 */
export async function bothThemes(page: Page, label = ""): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    // Colours that change with the theme may pass through a transition (`transition-colors`).
    await appeared(page);
    found.push(...(await seriousViolations(page, theme === "dark" ? { rules: COLOUR_RULES } : {})).map((v) => `${label ? `${label} ` : ""}(${theme}): ${v}`));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

/**
 * The roster, made once per demo stack and through the product's own doors: the demo admin signs in
 * with the password `npm start` printed; a second admin, an operator, a support member and a viewer
 * are invited from the Team page, read their invitation in the mail catcher, set their password on
 * the invitation page and land signed in. Each browser's signed-in state is stored, and journeys open
 * a context as one of them (`as(browser, role)`) instead of inviting and signing in again. Journeys
 * about membership itself (invitations, demotion, removal, the door) make their own.
 */
async function buildRoster(browser: Browser): Promise<void> {
  mkdirSync(STATE_DIR, { recursive: true });
  const admin = demoAdmin();
  // The base URL spelled out: worker fixtures may run before the test options apply.
  const context = await browser.newContext({ baseURL: DEMO_URL });
  const page = await context.newPage();
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/overview$/);
  await context.storageState({ path: statePath("admin") });
  await context.close();

  const members: Partial<Record<RosterRole, Member>> = { admin: { name: "Demo Admin", ...admin, role: "admin", rosterRole: "admin" } };
  const run = `${DEMO_PORT}-${Date.now().toString(36)}`;
  for (const [rosterRole, role] of [["admin2", "admin"], ["operator", "operator"], ["support", "support"], ["viewer", "viewer"]] as const) {
    const member: Member = { name: `Roster ${rosterRole}`, email: `roster-${rosterRole}-${run}@e2e.test`, password: `roster-${rosterRole}-${run}-amber-harbour`, role, rosterRole };
    const link = await invite(browser, member.email, role);
    await join(browser, link, member.name, member.password, statePath(rosterRole));
    members[rosterRole] = member;
  }
  writeFileSync(ROSTER_FILE, JSON.stringify(members, null, 2));
}

export const test = base.extend<object, { rosterReady: void }>({
  // Before a worker's first journey: its stack's roster (kept in files, so a worker started again
  // after a failure finds it made).
  rosterReady: [
    async ({ browser }, use) => {
      if (!existsSync(ROSTER_FILE)) await buildRoster(browser);
      await use();
    },
    { scope: "worker", auto: true, timeout: 240_000 },
  ],
});
export { expect };
