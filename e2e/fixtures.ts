import { readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { SandboxControl } from "../lib/sandbox-control/client";
import { InMemoryTokenStore, PaymentApiClient } from "../lib/payment-api";
import { DEMO_SANDBOX_PORT, DEMO_SERVER_LOG } from "../playwright.config";
import { newestMailTo } from "./support/mail-catcher";

export const DEMO_DATA_DIR = ".data/e2e-demo";

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
];
export const ADMIN_STATE = ".data/e2e-state/admin.json";
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
 * A browser context signed in just now as `member` (or the demo admin): its changes that ask for the
 * password again after 5 minutes (roles, credentials) go through without asking.
 */
export async function memberContext(browser: Browser, member: { email: string; password: string } = demoAdmin(), options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/overview$/);
  return { context, page };
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

export type Member = { name: string; email: string; password: string; role: "admin" | "operator" | "support" | "viewer" };

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
export async function invite(browser: Browser, email: string, role: Member["role"], state = ADMIN_STATE): Promise<string> {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
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

/** Opens an invitation link as a new person and creates their account; they land signed in. */
export async function acceptAsNewPerson(browser: Browser, link: string, name: string, password: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create my account and join" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await context.close();
}

/** A new member of the demo organisation: invited by the demo admin by mail, their own password set from the link. */
export async function addMember(browser: Browser, role: Member["role"], tag: string): Promise<Member> {
  const unique = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const member: Member = { name: `E2E ${role} ${unique}`, email: `${unique}@e2e.test`, password: `${unique}-amber-harbour-lanterns`, role };
  const link = await invite(browser, member.email, role);
  await acceptAsNewPerson(browser, link, member.name, member.password);
  return member;
}

/** Serious and critical axe-core violations on the current page, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

export const test = base;
export { expect };
