/**
 * The translator itself, without any dictionary: client components import
 * this (and receive their one dictionary from the server), so the browser
 * never downloads the other languages.
 */
import type { Messages } from "./messages/en";
import { LOCALES, type Locale } from "@/lib/db/schema";

export { LOCALES, type Locale, type Messages };

/** Each language's own name, shown in the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "pt-BR": "Português (Brasil)", "es-MX": "Español (México)" };

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

export function createTranslator(messages: Messages): Translate {
  return (key, vars) => {
    let node: unknown = messages;
    for (const part of key.split(".")) node = (node as Record<string, unknown>)?.[part];
    const text = typeof node === "string" ? node : key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}
