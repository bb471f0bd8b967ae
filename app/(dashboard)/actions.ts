"use server";
/** Actions of the dashboard shell, available to every member. */
import { cookies } from "next/headers";
import { refresh } from "next/cache";
import { z } from "zod";
import { signOut } from "@/lib/auth";
import { isMember } from "@/lib/auth/access";
import { createOrganization } from "@/lib/organizations/setup";
import { protectedAction } from "@/lib/actions/safe-action";
import { Refusal } from "@/lib/refusal";
import { getDb } from "@/lib/db";
import { setActiveOrganization, setEnvironment, setLocale, setTimeZone } from "@/lib/organizations/membership";
import { isTimeZone } from "@/lib/i18n/zones";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n";
import { API_ENVIRONMENTS } from "@/lib/vocabulary";

export const switchOrganizationAction = protectedAction(
  "dashboard.view",
  z.object({ organizationId: z.uuid() }),
  async ({ organizationId }, { access }) => {
    const db = await getDb();
    // Membership is checked against the database, never trusted from the client.
    if (!(await isMember(db, access.userId, organizationId))) throw new Refusal("FORBIDDEN", "errors.forbidden");
    await setActiveOrganization(db, access.userId, organizationId);
    return { organizationId };
  },
);

/** Any member may start another organisation; they become its admin and it becomes their active one. */
export const createOrganizationAction = protectedAction(
  "dashboard.view",
  z.object({ name: z.string().trim().min(1, "auth.nameRequired").max(120, "auth.nameRequired") }),
  async ({ name }, { actor }) => createOrganization(await getDb(), { userId: actor.userId!, address: actor.address }, name),
);

export const setLocaleAction = protectedAction("dashboard.view", z.object({ locale: z.enum(LOCALES) }), async ({ locale }, { access }) => {
  await setLocale(await getDb(), access.userId, locale);
  (await cookies()).set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 86400 });
  return { locale };
});

/** The member's time zone for every date they read (and the CSV export's offsets); "" returns to their language's market. */
export const setTimeZoneAction = protectedAction(
  "dashboard.view",
  z.object({ timeZone: z.string().max(64).refine((v) => v === "" || isTimeZone(v), "preferences.timeZoneUnknown") }),
  async ({ timeZone }, { access }) => {
    await setTimeZone(await getDb(), access.userId, timeZone || null);
    // The page comes back in the action's own answer, rendered after the write (a separate
    // router.refresh() from the browser once showed the zone from before the choice).
    refresh();
    return { timeZone };
  },
);

/** The shell's switch: which environment's data this member's pages show in the active organisation. */
export const setEnvironmentAction = protectedAction("dashboard.view", z.object({ environment: z.enum(API_ENVIRONMENTS) }), async ({ environment }, { access }) => {
  await setEnvironment(await getDb(), access.userId, access.organizationId, environment);
  return { environment };
});

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login" });
}
