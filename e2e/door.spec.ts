/**
 * The door to the money, as people meet it: sessions that really end (sign-out, sign out
 * everywhere), two-factor sign-in with an authenticator app and recovery codes, an organisation's
 * policy sending an admin to enrolment first, invitations by mail (a new person, and someone who
 * already has an account elsewhere), and a Content-Security-Policy with a fresh nonce on every page.
 */
import { generate } from "otplib";
import { test, expect, addMember, callAction, captureAction, invitationLinkFor, signIn, type Member } from "./fixtures";
import { newestMailTo } from "./support/mail-catcher";
import type { Browser, Page } from "@playwright/test";
import { rmSync, writeFileSync } from "node:fs";
import { SESSION_CLOCK_FILE } from "../playwright.config";

test.describe.configure({ mode: "serial" });

async function signedIn(browser: Browser, m: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, m.email, m.password);
  await expect(page).toHaveURL(/\/overview$/);
  return { context, page };
}

async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

test("after sign-out, a copy of that session's cookie used in another browser is refused", async ({ browser }) => {
  const member = await addMember(browser, "viewer", "cookie");
  const a = await signedIn(browser, member);
  const cookies = await a.context.cookies();
  expect(cookies.some((c) => c.name.includes("session-token"))).toBe(true);
  await signOutFromMenu(a.page);

  const thief = await browser.newContext();
  await thief.addCookies(cookies);
  const page = await thief.newPage();
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login/);
  await thief.close();
  await a.context.close();
});

test("sign out everywhere ends the member's session in another browser", async ({ browser }) => {
  const member = await addMember(browser, "viewer", "everywhere");
  const laptop = await signedIn(browser, member);
  const phone = await signedIn(browser, member);
  await laptop.page.goto("/settings/security");
  await expect(laptop.page.getByTestId("session-current")).toBeVisible();
  // The password form's code loads when the member turns to it: what was typed and an Enter pressed
  // meanwhile are carried over, checked in the browser first, then by the server.
  const pw = laptop.page.getByTestId("password-form");
  await pw.getByLabel("Current password").fill("not-the-password-at-all");
  await pw.getByLabel("New password").fill("a-new-passphrase-long-enough");
  await pw.getByLabel("Confirm password").fill("a-new-passphrase-long-enougH");
  await pw.getByLabel("Confirm password").press("Enter");
  await expect(pw.getByText("The passwords do not match.")).toBeVisible();
  await pw.getByLabel("Confirm password").fill("a-new-passphrase-long-enough");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(pw.getByText("That is not your current password.")).toBeVisible();
  // The others: the phone's, and the one accepting the invitation signed in (that browser was closed, not signed out).
  await expect(laptop.page.getByTestId("session")).toHaveCount(2);
  await laptop.page.getByRole("button", { name: "Sign out everywhere" }).click();
  // Asked first: it ends this browser's session too.
  const confirm = laptop.page.getByRole("alertdialog");
  await expect(confirm).toContainText("all 3 of your sessions");
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(laptop.page).toHaveURL(/\/login/);
  await phone.page.goto("/transactions");
  await expect(phone.page).toHaveURL(/\/login/);
  await laptop.context.close();
  await phone.context.close();
});

/** Moves the clock the demo server judges sessions by: `minutes` ahead of the real one. */
const sessionClockAhead = (minutes: number) => writeFileSync(SESSION_CLOCK_FILE, String(minutes * 60));

test("a session ends after the organisation's idle time without use, and 12 hours after sign-in however much it is used", async ({ browser }) => {
  const member = await addMember(browser, "viewer", "clock");
  try {
    // Idle: 29 minutes without use is fine, and that use starts the 30 minutes again; 31 more is not.
    const idle = await signedIn(browser, member);
    sessionClockAhead(29);
    await idle.page.goto("/transactions");
    await expect(idle.page).toHaveURL(/\/transactions$/);
    sessionClockAhead(29 + 31);
    await idle.page.goto("/transactions");
    await expect(idle.page).toHaveURL(/\/login\?ended=idle$/);
    await expect(idle.page.getByTestId("session-ended")).toContainText("signed out after a while without use");
    await idle.context.close();

    // Lifetime: used every 25 minutes, the session still ends 12 hours after sign-in.
    sessionClockAhead(0);
    const busy = await signedIn(browser, member);
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      sessionClockAhead(minutes);
      const res = await busy.page.request.get("/overview", { maxRedirects: 0 });
      expect(res.status(), `${minutes} minutes after sign-in`).toBe(200);
    }
    sessionClockAhead(12 * 60 + 1);
    await busy.page.goto("/overview");
    await expect(busy.page).toHaveURL(/\/login\?ended=expired$/);
    await expect(busy.page.getByTestId("session-ended")).toContainText("12 hours after you signed in");
    await busy.context.close();
  } finally {
    rmSync(SESSION_CLOCK_FILE, { force: true });
  }
});

test("changing a role more than 5 minutes after sign-in asks for the password again; a wrong one changes nothing", async ({ browser }) => {
  const admin = await addMember(browser, "admin", "reauth");
  const target = await addMember(browser, "viewer", "reauth-target");
  const { context, page } = await signedIn(browser, admin);
  try {
    sessionClockAhead(6);
    await page.goto("/settings/team");
    const role = page.getByRole("combobox", { name: `Change role of ${target.name}` });
    await role.click();
    await page.getByRole("option", { name: "Support" }).click();
    const dialog = page.getByTestId("reauth-dialog");
    await expect(dialog.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await dialog.getByLabel("Password").fill("not-my-password-at-all");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText("That is not your current password.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeEnabled();
    // Cancelled: the role stays what it was.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Nothing was changed: you did not confirm it's you.").first()).toBeVisible();
    await expect(role).toHaveText("Viewer");
    // Again, with the right password: changed, and the next change within 5 minutes does not ask.
    await role.click();
    await page.getByRole("option", { name: "Support" }).click();
    await dialog.getByLabel("Password").fill(admin.password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Role updated.").first()).toBeVisible();
    await expect(role).toHaveText("Support");
    await role.click();
    await page.getByRole("option", { name: "Operator" }).click();
    await expect(role).toHaveText("Operator");
    await expect(dialog).toHaveCount(0);
  } finally {
    rmSync(SESSION_CLOCK_FILE, { force: true });
    await context.close();
  }
});

let twoFactorMember: Member & { secret: string; recovery: string[] };

test("enrol two-factor, sign in with a code, and with a recovery code once (the second use is refused)", async ({ browser }) => {
  const member = await addMember(browser, "viewer", "totp");
  const { context, page } = await signedIn(browser, member);
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.goto("/settings/security");
  await expect(page.getByTestId("two-factor-off")).toBeVisible();
  await page.getByRole("link", { name: "Set up two-factor" }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  // The password first, whoever holds the session.
  await page.getByLabel("Current password").fill(member.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  // A wrong code first: refused in words.
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  const recovery = (await page.getByTestId("recovery-code").allTextContents()).map((c) => c.trim());
  expect(recovery).toHaveLength(10);
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByLabel("I have saved my recovery codes").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  expect(problems, "no CSP violation or other error on the enrolment page").toEqual([]);
  await signOutFromMenu(page);

  // The password alone is not enough now: the code is asked for.
  await signIn(page, member.email, member.password);
  await expect(page.getByTestId("two-factor-code")).toBeVisible();
  // The code of the next time step (the enrolment used the current one, and a code counts once).
  await page.getByTestId("two-factor-code").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await signOutFromMenu(page);

  // A recovery code signs in once…
  await signIn(page, member.email, member.password);
  await page.getByTestId("two-factor-code").fill(recovery[0]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/settings/security");
  await expect(page.getByTestId("two-factor-on")).toContainText("9 recovery codes left.");
  await signOutFromMenu(page);
  // …and never again.
  await signIn(page, member.email, member.password);
  await page.getByTestId("two-factor-code").fill(recovery[0]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That code is not right, or was already used.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await context.close();
  twoFactorMember = { ...member, secret, recovery };
  // Told by mail, in words, without a code.
  const mail = newestMailTo(member.email)!.raw;
  expect(mail).toContain("Two-factor sign-in was turned on");
  for (const code of recovery) expect(mail).not.toContain(code);
});

test("a copy of a session cookie can neither turn two-factor off nor move it to another phone: the password and a current code are asked, and nothing changes", async ({ browser }) => {
  const owner = await browser.newContext();
  const page = await owner.newPage();
  await signIn(page, twoFactorMember.email, twoFactorMember.password);
  await page.getByTestId("two-factor-code").fill(twoFactorMember.recovery[1]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);

  // Someone copies the session cookie into their own browser.
  const thief = await browser.newContext();
  await thief.addCookies(await owner.cookies());
  const tp = await thief.newPage();
  await tp.goto("/settings/security");
  await expect(tp.getByTestId("two-factor-on")).toBeVisible();

  // Turning it off asks for the password and a code; guesses are refused in words.
  await tp.getByRole("button", { name: "Turn off" }).click();
  const off = tp.getByTestId("off-proof");
  await off.getByLabel("Current password").fill("a-guess-at-the-password");
  await off.getByLabel("Code from your authenticator app").fill("123456");
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(off.getByText("That is not your current password.")).toBeVisible();
  await tp.keyboard.press("Escape");

  // Moving it to a new phone: the same, and no new secret is shown.
  await tp.getByRole("button", { name: "Move to a new phone" }).click();
  const move = tp.getByTestId("two-factor-start-proof");
  await move.getByLabel("Current password").fill("another-guess-at-it");
  await move.getByLabel("Code from your authenticator app").fill("654321");
  const start = await captureAction(tp, () => move.getByRole("button", { name: "Continue" }).click());
  await expect(move.getByText("That is not your current password.")).toBeVisible();
  await expect(tp.getByTestId("totp-qr")).toHaveCount(0);
  await tp.keyboard.press("Escape");

  // Nor by calling the action directly with the session alone.
  const bare = await callAction(tp, start, {});
  expect(bare).toContain('"code":"INVALID_INPUT"');
  expect(bare).not.toContain("otpauth://");
  const guessed = await callAction(tp, start, { password: "third-guess-at-it", code: "000000" });
  expect(guessed).toContain('"code":"WRONG_PASSWORD"');
  expect(guessed).not.toContain("otpauth://");
  await thief.close();

  // The owner's two-factor is as it was: on, the same recovery codes, the code asked at sign-in.
  await page.goto("/settings/security");
  await expect(page.getByTestId("two-factor-on")).toContainText("8 recovery codes left.");
  const again = await browser.newContext();
  const ap = await again.newPage();
  await signIn(ap, twoFactorMember.email, twoFactorMember.password);
  await expect(ap.getByTestId("two-factor-code")).toBeVisible();
  await again.close();
  await owner.close();
  expect(newestMailTo(twoFactorMember.email)!.raw).not.toContain("turned off");
});

test("an organisation's policy sends an admin without two-factor to enrolment first; an existing user of another organisation accepts an invitation and sees both", async ({ browser }) => {
  // The two-factor member starts an organisation of their own (they are its admin) and requires two-factor there.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, twoFactorMember.email, twoFactorMember.password);
  await page.getByTestId("two-factor-code").fill(twoFactorMember.recovery[2]!);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole("button", { name: /Switch organisation/ }).first().click();
  await page.getByRole("menuitem", { name: "New organisation…" }).click();
  const orgName = `Policy Co ${Date.now().toString(36)}`;
  await page.getByLabel("Organisation name").fill(orgName);
  await page.getByRole("button", { name: "Create organisation" }).click();
  await expect(page.getByText(new RegExp(`^Hello, .+ · ${orgName}$`))).toBeVisible();
  await page.goto("/settings/security");
  await page.getByLabel("Require two-factor sign-in for admins and members who move money").check();
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Policy saved.").first()).toBeVisible();

  // A new admin, invited by mail: their first page is enrolment, and nothing else opens before it.
  const newAdmin = `policy-admin-${Date.now().toString(36)}@e2e.test`;
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(newAdmin);
  await dialog.getByLabel("Role").click();
  await page.getByRole("option", { name: /^Admin/ }).click();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${newAdmin}.`).first()).toBeVisible();
  const link = await invitationLinkFor(newAdmin);
  const invitee = await browser.newContext();
  const ip = await invitee.newPage();
  await ip.goto(link);
  await expect(ip.getByRole("heading", { name: `Join ${orgName}` })).toBeVisible();
  await ip.getByLabel("Your name").fill("Policy Admin");
  await ip.getByLabel("Password", { exact: true }).fill("heron-mosaic-velvet-2031");
  await ip.getByLabel("Confirm password").fill("heron-mosaic-velvet-2031");
  await ip.getByRole("button", { name: "Create my account and join" }).click();
  await expect(ip).toHaveURL(/\/two-factor$/);
  await expect(ip.getByTestId("two-factor-required")).toContainText(orgName);
  await ip.goto("/transactions");
  await expect(ip).toHaveURL(/\/two-factor$/);
  // The link was used: a second visit says so.
  await invitee.clearCookies();
  await ip.goto(link);
  await expect(ip.getByTestId("invitation-closed")).toContainText("already used");
  await invitee.close();

  // An existing member of the demo organisation, invited to this one: signs in, accepts, sees both.
  const existing = await addMember(browser, "viewer", "both");
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Invite member" }).click();
  await page.getByRole("dialog").getByLabel("E-mail").fill(existing.email);
  await page.getByRole("dialog").getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${existing.email}.`).first()).toBeVisible();
  const second = await invitationLinkFor(existing.email);
  const other = await browser.newContext();
  const op = await other.newPage();
  await op.goto(second);
  await expect(op.getByText("This e-mail already has an account. Sign in with it to accept.")).toBeVisible();
  await expect(op.getByText(existing.name)).toHaveCount(0);
  await op.getByRole("link", { name: "Sign in" }).click();
  await op.getByLabel(/e-mail/i).fill(existing.email);
  await op.getByLabel(/password/i).fill(existing.password);
  await op.getByRole("button", { name: "Sign in" }).click();
  await expect(op).toHaveURL(/\/invite\//);
  await op.getByRole("button", { name: "Accept and join" }).click();
  await expect(op).toHaveURL(/\/overview$/);
  await expect(op.getByText(new RegExp(`^Hello, .+ · ${orgName}$`))).toBeVisible();
  await op.getByRole("button", { name: /Switch organisation/ }).first().click();
  await expect(op.getByRole("menuitem", { name: /^Demo Merchant/ })).toBeVisible();
  await expect(op.getByRole("menuitem", { name: new RegExp(`^${orgName}`) })).toBeVisible();
  await other.close();
  await context.close();
});

test("every HTML response carries a Content-Security-Policy with a fresh nonce", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/login", "/login", "/setup", "/invite/not-a-token"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    nonces.add(nonce);
    // Next.js's own scripts carry it; no script runs without it.
    const html = await res.text();
    if (res.status() === 200) expect(html).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size).toBe(4);
});
