/**
 * Translation and formatting, usable on the server and in the browser.
 * Dictionaries are plain typed objects (messages/*.ts); keys are dotted paths
 * checked at compile time; `{name}` placeholders are filled from `vars`.
 */
import en, { type Messages } from "./messages/en";
import esMX from "./messages/es-MX";
import ptBR from "./messages/pt-BR";
import { LOCALES, type Locale } from "@/lib/db/schema";

export { LOCALES, type Locale, type Messages };

export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";

/** Each language's own name, shown in the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "pt-BR": "Português (Brasil)", "es-MX": "Español (México)" };

const dictionaries: Record<Locale, Messages> = { en, "pt-BR": ptBR, "es-MX": esMX };

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

export function getMessages(locale: Locale): Messages {
  return dictionaries[locale];
}

export function createTranslator(messages: Messages): Translate {
  return (key, vars) => {
    let node: unknown = messages;
    for (const part of key.split(".")) node = (node as Record<string, unknown>)?.[part];
    const text = typeof node === "string" ? node : key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
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
