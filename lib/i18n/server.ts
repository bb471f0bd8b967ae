import "server-only";
/**
 * The request's language: the signed-in user's chosen language, else the
 * `locale` cookie, else the browser's Accept-Language.
 */
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { optionalAccess } from "@/lib/auth/authorize";
import { createTranslator, getMessages, isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "./index";
import { setRequestTimeZone } from "./ambient-zone";
import { memberTimeZone } from "./zones";

/** The member, or null; also when the database does not answer, so that an error page still has words. */
const memberOrNull = () => optionalAccess().catch(() => null);

export const getLocale = cache(async (): Promise<Locale> => {
  const access = await memberOrNull();
  if (access?.locale) return access.locale;
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  return negotiateLocale((await headers()).get("accept-language"));
});

/** The zone the member reads dates in: the one they chose on Preferences, else their language's market. */
export const getTimeZone = cache(async (): Promise<string> => memberTimeZone(await getLocale(), (await memberOrNull())?.timeZone));

/** The request's language and time zone; the date formatters of ./format then write in that zone. */
export async function getI18n() {
  const locale = await getLocale();
  const timeZone = await getTimeZone();
  setRequestTimeZone(timeZone);
  const messages = getMessages(locale);
  return { locale, timeZone, messages, t: createTranslator(messages, locale, timeZone) };
}
