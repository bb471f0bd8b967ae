/**
 * The bell's list (GET): the signed-in member's notifications in the organisation and environment
 * they are looking at, with their own (sign-ins, security changes), newest first, in their
 * language and time zone, and how many are unread. Read by the bell once its code is here
 * (components/notifications/bell-list.ts), and again when the live stream says one was made.
 */
import { authorizeRoute } from "@/lib/auth/authorize";
import { memberScope } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { getI18n } from "@/lib/i18n/server";
import { bell } from "@/lib/notifications/inbox";

export const dynamic = "force-dynamic";

export async function GET() {
  const access = await authorizeRoute("dashboard.view");
  if (access instanceof Response) return access;
  const { t, locale, timeZone } = await getI18n();
  const list = await bell(await getDb(), access.userId, await memberScope(access), { t, locale, timeZone });
  return Response.json(list, { headers: { "cache-control": "no-store" } });
}
