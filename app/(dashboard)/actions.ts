"use server";
/** Actions of the dashboard shell, available to every member. */
import { eq } from "drizzle-orm";
import { cookies } from "next/headers";
import { z } from "zod";
import { signOut } from "@/lib/auth";
import { isMember } from "@/lib/auth/access";
import { ExpectedError, protectedAction } from "@/lib/actions/safe-action";
import { getDb, schema } from "@/lib/db";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n";

export const switchOrganizationAction = protectedAction(
  "dashboard.view",
  z.object({ organizationId: z.uuid() }),
  async ({ organizationId }, { access }) => {
    const db = await getDb();
    // Membership is checked against the database, never trusted from the client.
    if (!(await isMember(db, access.userId, organizationId))) throw new ExpectedError("FORBIDDEN", "errors.forbidden");
    await db.update(schema.users).set({ activeOrganizationId: organizationId }).where(eq(schema.users.id, access.userId));
    return { organizationId };
  },
);

export const setLocaleAction = protectedAction("dashboard.view", z.object({ locale: z.enum(LOCALES) }), async ({ locale }, { access }) => {
  const db = await getDb();
  await db.update(schema.users).set({ locale }).where(eq(schema.users.id, access.userId));
  (await cookies()).set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 86400 });
  return { locale };
});

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login" });
}
