import "server-only";
/**
 * The request's language: the signed-in user's chosen language, else the
 * `locale` cookie, else the browser's Accept-Language.
 */
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { optionalAccess, type Access } from "@/lib/auth/authorize";
import { createTranslator, getMessages, isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "./index";
import { setRequestTimeZone } from "./ambient-zone";
import { memberTimeZone } from "./zones";

/** The member, or null; also when the database does not answer, so that an error page still has words. */
const memberOrNull = () => optionalAccess().catch(() => null);

async function localeOf(access: Access | null): Promise<Locale> {
  if (access?.locale) return access.locale;
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  return negotiateLocale((await headers()).get("accept-language"));
}

export const getLocale = cache(async (): Promise<Locale> => localeOf(await memberOrNull()));

/** The zone the member reads dates in: the one they chose on Preferences, else their language's market. */
export const getTimeZone = cache(async (): Promise<string> => memberTimeZone(await getLocale(), (await memberOrNull())?.timeZone));

/**
 * Translators by language and zone, for the life of the process: a translator is a pure function of
 * its dictionary, language and zone, and a page asks for one several times (layouts, metadata, the
 * page and its parts), each of which built one (use-intl's configuration and formatters).
 */
const translators = new Map<string, ReturnType<typeof createTranslator>>();

function i18nOf(locale: Locale, timeZone: string) {
  setRequestTimeZone(timeZone);
  const messages = getMessages(locale);
  const key = `${locale}|${timeZone}`;
  let t = translators.get(key);
  if (!t) {
    // A bound on what odd zones could add (the zones are IANA names a member chose).
    if (translators.size >= 500) translators.clear();
    translators.set(key, (t = createTranslator(messages, locale, timeZone)));
  }
  return { locale, timeZone, messages, t };
}

/** The request's language and time zone; the date formatters of ./format then write in that zone. */
export async function getI18n() {
  return i18nOf(await getLocale(), await getTimeZone());
}

/**
 * The same for a member already authorised, from their access: a route handler renders no React
 * tree, so `cache` does not hold across its calls and getI18n would read the session and the
 * membership again, three times (measured on GET /api/search: four reads a request instead of one).
 */
export async function getI18nFor(access: Access) {
  const locale = await localeOf(access);
  return i18nOf(locale, memberTimeZone(locale, access.timeZone));
}
