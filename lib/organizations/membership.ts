/** A member's own choices in the shell: the active organisation, the language, the environment shown. */
import { and, eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { Db } from "@/lib/db/scope";
import type { ApiEnvironment, Locale } from "@/lib/vocabulary";

export async function setActiveOrganization(db: Db, userId: string, organizationId: string): Promise<void> {
  await db.update(schema.users).set({ activeOrganizationId: organizationId }).where(eq(schema.users.id, userId));
}

export async function setLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(schema.users).set({ locale }).where(eq(schema.users.id, userId));
}

/** The time zone the member reads dates in; null: their language's market. */
export async function setTimeZone(db: Db, userId: string, timeZone: string | null): Promise<void> {
  await db.update(schema.users).set({ timeZone }).where(eq(schema.users.id, userId));
}

/** Which environment's data this member's pages show in `organizationId`. */
export async function setEnvironment(db: Db, userId: string, organizationId: string, environment: ApiEnvironment): Promise<void> {
  await db
    .update(schema.memberships)
    .set({ apiEnvironment: environment })
    .where(and(eq(schema.memberships.userId, userId), eq(schema.memberships.organizationId, organizationId)));
}
