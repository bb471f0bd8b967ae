"use server";
/**
 * Actions available before sign-in: signing in, the first-run admin, and the
 * language of the sign-in pages. Nothing here needs a session; each validates
 * its own input and the first-run action re-checks that no user exists.
 */
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthError } from "next-auth";
import { z } from "zod";
import { signIn } from "@/lib/auth";
import { clientAddress } from "@/lib/auth/client-address";
import { checkThrottle } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n";
import { getI18n } from "@/lib/i18n/server";
import { translateIssues } from "@/lib/actions/safe-action";
import type { ActionResult } from "@/lib/actions/result";
import { createFirstAdmin } from "@/lib/organizations/setup";

const loginSchema = z.object({
  email: z.email("auth.invalidEmail").max(254),
  password: z.string().min(1, "auth.passwordRequired").max(200),
  callbackUrl: z.string().optional(),
});

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
  const { email, password, callbackUrl } = parsed.data;
  try {
    await signIn("credentials", { email, password, redirectTo: safeCallback(callbackUrl) });
  } catch (e) {
    if (e instanceof AuthError) {
      const state = await checkThrottle(await getDb(), { email, address: clientAddress(await headers()) });
      if (state.throttled) {
        return { ok: false, error: { code: "THROTTLED", message: t("auth.throttled", { minutes: Math.ceil(state.retryAfterSeconds / 60) }) } };
      }
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
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "auth.passwordsDoNotMatch" });

export type SetupInput = z.input<typeof setupSchema>;

export async function createFirstAdminAction(input: SetupInput): Promise<ActionResult<never>> {
  const t = await translator();
  const parsed = setupSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { code: "INVALID_INPUT", message: t("errors.invalidInput"), fieldErrors: translateIssues(parsed.error.issues, t) } };
  }
  // No language is stored: until the admin picks one, the browser's is used.
  const created = await createFirstAdmin(await getDb(), parsed.data);
  if (!created) return { ok: false, error: { code: "SETUP_DONE", message: t("auth.setupDone") } };
  await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/overview" });
  redirect("/overview");
}

/** Language of the pages shown before sign-in (a cookie; after sign-in the account's preference wins). */
export async function setGuestLocaleAction(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 86400 });
}
