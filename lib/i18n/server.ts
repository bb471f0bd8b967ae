import "server-only";
/**
 * The request's language: the signed-in user's chosen language, else the
 * `locale` cookie, else the browser's Accept-Language.
 */
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { optionalAccess } from "@/lib/auth/authorize";
import { createTranslator, getMessages, isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "./index";

export const getLocale = cache(async (): Promise<Locale> => {
  const access = await optionalAccess();
  if (access?.locale) return access.locale;
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  return negotiateLocale((await headers()).get("accept-language"));
});

export async function getI18n() {
  const locale = await getLocale();
  const messages = getMessages(locale);
  return { locale, messages, t: createTranslator(messages, locale) };
}
