"use server";
/**
 * Actions available before sign-in: signing in, the first-run admin, and the
 * language of the sign-in pages. Nothing here needs a session; each validates
 * its own input and the first-run action re-checks that no user exists.
 */
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthError, CredentialsSignin } from "next-auth";
import { z } from "zod";
import { signIn } from "@/lib/auth";
import { clientAddress } from "@/lib/auth/client-address";
import { signInWait } from "@/lib/auth/sign-in";
import { getDb } from "@/lib/db";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n";
import { getI18n } from "@/lib/i18n/server";
import { refusalAnswer, translateIssues } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import type { ActionResult } from "@/lib/actions/result";
import { createFirstAdmin, isSetupToken } from "@/lib/organizations/setup";
import { env } from "@/lib/env";
import { acceptAsExistingUser, acceptAsNewUser } from "@/lib/team/invitations";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from "@/lib/auth/password-policy";
import { optionalAccess } from "@/lib/auth/authorize";

const loginSchema = z.object({
  email: z.email("auth.invalidEmail").max(254),
  password: z.string().min(1, "auth.passwordRequired").max(200),
  /** the authenticator app's code, or a recovery code (second step, when the member has two-factor on) */
  code: z.string().trim().max(40).optional(),
  callbackUrl: z.string().optional(),
});

/** "in 45 seconds" / "in 3 minutes", in the member's language. */
function waitWords(t: Awaited<ReturnType<typeof translator>>, seconds: number): string {
  return seconds < 90 ? t("auth.waitSeconds", { seconds }) : t("auth.waitMinutes", { minutes: Math.ceil(seconds / 60) });
}

/**
 * Signs in the account just made (first run, an accepted invitation). When that cannot happen now
 * (the address is throttled), the account still exists: the sign-in page, rather than an error.
 */
async function signInNewAccount(email: string, password: string): Promise<never> {
  try {
    await signIn("credentials", { email, password, redirectTo: "/overview" });
  } catch (e) {
    if (e instanceof AuthError) redirect("/login");
    throw e; // the redirect after a successful sign-in
  }
  redirect("/overview");
}

/** Only same-site paths: never redirect a signed-in user to another origin. */
function safeCallback(url: string | undefined): string {
  return url && url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? url : "/overview";
}

async function translator() {
  return (await getI18n()).t;
}

export async function signInAction(input: z.input<typeof loginSchema>): Promise<ActionResult<never>> {
  const t = await translator();
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { code: "INVALID_INPUT", message: t("errors.invalidInput"), fieldErrors: translateIssues(parsed.error.issues, t) } };
  }
  const { email, password, code, callbackUrl } = parsed.data;
  try {
    await signIn("credentials", { email, password, code: code ?? "", redirectTo: safeCallback(callbackUrl) });
  } catch (e) {
    if (e instanceof AuthError) {
      const reason = e instanceof CredentialsSignin ? e.code : null;
      if (reason === "throttled") {
        const seconds = await signInWait(await getDb(), email, clientAddress(await headers()));
        return { ok: false, error: { code: "THROTTLED", message: t("auth.throttled", { wait: waitWords(t, Math.max(1, seconds)) }) } };
      }
      if (reason === "two_factor_required") return { ok: false, error: { code: "TWO_FACTOR_REQUIRED", message: t("auth.twoFactorPrompt") } };
      if (reason === "two_factor_invalid") return { ok: false, error: { code: "TWO_FACTOR_INVALID", message: t("auth.twoFactorInvalid"), fieldErrors: { code: t("auth.twoFactorInvalid") } } };
      return { ok: false, error: { code: "INVALID_CREDENTIALS", message: t("auth.invalidCredentials") } };
    }
    throw e; // the redirect after a successful sign-in
  }
  throw new Error("unreachable: signIn redirects");
}

const setupSchema = z
  .object({
    organizationName: z.string().trim().min(1, "auth.nameRequired").max(120),
    name: z.string().trim().min(1, "auth.nameRequired").max(120),
    email: z.email("auth.invalidEmail").max(254),
    password: z.string().min(12, "auth.passwordTooShort").max(200),
    confirmPassword: z.string(),
    /** the one-time token `npm start` printed */
    token: z.string().max(100),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "auth.passwordsDoNotMatch" });

export type SetupInput = z.input<typeof setupSchema>;

export async function createFirstAdminAction(input: SetupInput): Promise<ActionResult<never>> {
  const t = await translator();
  const parsed = setupSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { code: "INVALID_INPUT", message: t("errors.invalidInput"), fieldErrors: translateIssues(parsed.error.issues, t) } };
  }
  if (!isSetupToken(env().AUTH_SECRET, parsed.data.token)) return { ok: false, error: { code: "SETUP_TOKEN", message: t("auth.setupTokenNeeded") } };
  const problem = passwordProblem(parsed.data.password, [parsed.data.email, parsed.data.name, parsed.data.organizationName]);
  if (problem) {
    const message = t(PASSWORD_PROBLEM_MESSAGES[problem]);
    return { ok: false, error: { code: "WEAK_PASSWORD", message, fieldErrors: { password: message } } };
  }
  // No language is stored: until the admin picks one, the browser's is used.
  const created = await createFirstAdmin(await getDb(), parsed.data);
  if (!created) return { ok: false, error: { code: "SETUP_DONE", message: t("auth.setupDone") } };
  return signInNewAccount(parsed.data.email, parsed.data.password);
}

/** Language of the pages shown before sign-in (a cookie; after sign-in the account's preference wins). */
export async function setGuestLocaleAction(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 86400 });
}

const acceptNewSchema = z
  .object({
    token: z.string().min(20).max(100),
    name: z.string().trim().min(1, "auth.nameRequired").max(120),
    password: z.string().min(12, "auth.passwordTooShort").max(200, "auth.passwordTooLong"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "auth.passwordsDoNotMatch" });

export type AcceptNewInput = z.input<typeof acceptNewSchema>;

/** A new person accepts an invitation: their account with the password they chose, then signed in. */
export async function acceptInvitationAsNewAction(input: AcceptNewInput): Promise<ActionResult<never>> {
  const t = await translator();
  const parsed = acceptNewSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { code: "INVALID_INPUT", message: t("errors.invalidInput"), fieldErrors: translateIssues(parsed.error.issues, t) } };
  }
  let email: string;
  try {
    ({ email } = await acceptAsNewUser(await getDb(), parsed.data.token, parsed.data, clientAddress(await headers())));
  } catch (e) {
    if (Refusal.is(e)) return refusalAnswer(e, t);
    throw e;
  }
  return signInNewAccount(email, parsed.data.password);
}

/** A signed-in member accepts an invitation sent to their e-mail; they land in the new organisation. */
export async function acceptInvitationAction(token: string): Promise<ActionResult<never>> {
  const t = await translator();
  const access = await optionalAccess();
  if (!access) return { ok: false, error: { code: "UNAUTHENTICATED", message: t("errors.unauthenticated") } };
  try {
    await acceptAsExistingUser(await getDb(), String(token).slice(0, 100), { id: access.userId, email: access.email }, clientAddress(await headers()));
  } catch (e) {
    if (Refusal.is(e)) return refusalAnswer(e, t);
    throw e;
  }
  redirect("/overview");
}
