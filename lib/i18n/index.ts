/**
 * Translation and formatting. This module holds every dictionary and is for
 * the server; client components use `./translate` with the one dictionary the
 * server hands them. Messages are ICU (next-intl); keys are dotted paths
 * checked at compile time.
 */
import en from "./messages/en.json";
import esMX from "./messages/es-MX.json";
import ptBR from "./messages/pt-BR.json";
import { LOCALES, type Locale, type Messages } from "./translate";

export * from "./translate";

export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";

// The other languages must have exactly English's keys: the type says so here and lib/i18n/i18n.test.ts checks the texts.
const dictionaries: Record<Locale, Messages> = { en, "pt-BR": ptBR, "es-MX": esMX };

export function getMessages(locale: Locale): Messages {
  return dictionaries[locale];
}
/** Picks the best supported locale from an Accept-Language header. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const wanted = acceptLanguage
    .split(",")
    .map((part) => {
      const [tag = "", q] = part.trim().split(";q=");
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const lang = tag.split("-")[0];
    if (lang === "pt") return "pt-BR";
    if (lang === "es") return "es-MX";
    if (lang === "en") return "en";
  }
  return DEFAULT_LOCALE;
}
