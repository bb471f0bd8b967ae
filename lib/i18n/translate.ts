/**
 * The translator, on next-intl's ICU message formatter, without any
 * dictionary: client components import this (and receive their one
 * dictionary from the server), so the browser never downloads the other
 * languages. Messages are ICU MessageFormat (`{name}`, plurals, selects) in
 * `messages/<locale>.json`; keys are dotted paths into them, checked at
 * compile time against the English file.
 */
import { _createCache, _createIntlFormatters, createTranslator as createIcuTranslator, type IntlError } from "use-intl/core";
import type en from "./messages/en.json";
import { LOCALES, type Locale } from "@/lib/vocabulary";
import { LOCALE_TIME_ZONES } from "./locale-zones";
import { formatDecimal } from "./format";

export { LOCALES, LOCALE_TIME_ZONES, type Locale };
export type Messages = typeof en;

/** Each language's own name, shown in the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "pt-BR": "Português (Brasil)", "es-MX": "Español (México)" };

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;
export type MessageValues = Record<string, string | number | Date>;
export type Translate = ((key: MessageKey, values?: MessageValues) => string) & {
  /** Whether `key` names a message: for keys that arrive at run time (schema issues, API error codes). */
  has(key: string): boolean;
};

/** Schemas give message keys as their messages; translate those and keep any other text as it is. */
/**
 * A message key, a key with figures written "key|name=value|name=value" (zod messages cannot carry
 * values of their own), or text already in the reader's language.
 */
export function translateKeyOrText(t: Translate, text: string): string {
  if (t.has(text)) return t(text as MessageKey);
  const bar = text.indexOf("|");
  if (bar > 0) {
    const key = text.slice(0, bar);
    if (t.has(key)) {
      const vars: Record<string, string> = {};
      for (const pair of text.slice(bar + 1).split("|")) {
        const eq = pair.indexOf("=");
        if (eq > 0) vars[pair.slice(0, eq)] = pair.slice(eq + 1);
      }
      return t(key as MessageKey, vars);
    }
  }
  return text;
}

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

/**
 * A missing or malformed message is a bug: tests and development throw on it;
 * production logs it once and shows the key rather than breaking the page.
 */
export function onIntlError(error: IntlError): void {
  if (process.env.NODE_ENV !== "production") throw error;
  console.error(`i18n: ${error.code} ${error.message}`);
}

/*
 * Parsed ICU messages and Intl formatters, kept per language for the life of the process: without
 * them every t() call parses its message again (a page of 100 transactions makes hundreds of calls).
 */
const intlCaches = new Map<string, { _cache: ReturnType<typeof _createCache>; _formatters: ReturnType<typeof _createIntlFormatters> }>();
function intlCache(locale: Locale) {
  let c = intlCaches.get(locale);
  if (!c) {
    const cache = _createCache();
    intlCaches.set(locale, (c = { _cache: cache, _formatters: _createIntlFormatters(cache) }));
  }
  return c;
}

export function createTranslator(messages: Messages, locale: Locale, timeZone: string = LOCALE_TIME_ZONES[locale]): Translate {
  const t = createIcuTranslator({ locale, messages, timeZone, onError: onIntlError, ...intlCache(locale) });
  return asTranslate(t, locale);
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Amounts given to a message beside a `currency` arrive as the API's decimal strings ("1.00"): they are
 * written in the reader's separators ("1,00" in pt-BR), as every other figure on the page.
 */
function readerValues(values: MessageValues | undefined, locale: Locale | undefined): MessageValues | undefined {
  if (!values || !locale || typeof values.currency !== "string") return values;
  const out: MessageValues = { ...values };
  for (const [k, v] of Object.entries(values)) if (k !== "currency" && typeof v === "string" && DECIMAL.test(v)) out[k] = formatDecimal(v, locale);
  return out;
}

/** A time ending in "a.m."/"p.m." (es-MX) at the end of a sentence keeps one period, not "a.m..". */
const abbreviationThenStop = /(\b[ap]\.\s?m\.)\.(?!\.)/g;

/** Texts kept per translator at most (the keys a process asks for, with the figures it shows most). */
const KEPT_TEXTS = 4000;

/** `values` as part of a kept text's key, when they are all plain strings and numbers (no element, no date). */
function valuesKey(values: MessageValues): string | null {
  let out = "";
  for (const k in values) {
    const v = values[k];
    if (typeof v !== "string" && typeof v !== "number") return null;
    out += `\u0000${k}\u0001${typeof v === "number" ? "n" : "s"}${v}`;
  }
  return out;
}

/**
 * next-intl's translator (server or client) typed against our keys, writing figures in `locale`.
 * The same message with the same figures reads the same every time: its text is kept after the first
 * call (a page asks for a few hundred texts, most of them the same from one render to the next, and
 * each went through use-intl's key lookup and ICU formatting again). Up to `KEPT_TEXTS`, then the
 * kept texts start again from none.
 */
export function asTranslate(t: { has(key: never): boolean }, locale?: Locale): Translate {
  const call = t as unknown as (k: string, v?: MessageValues) => string;
  const written = (key: MessageKey, values?: MessageValues) => {
    const text = call(key, readerValues(values, locale));
    return text.includes("m..") ? text.replace(abbreviationThenStop, "$1") : text;
  };
  const kept = new Map<string, string>();
  return Object.assign(
    (key: MessageKey, values?: MessageValues) => {
      const extra = values ? valuesKey(values) : "";
      if (extra === null) return written(key, values);
      const id = key + extra;
      let text = kept.get(id);
      if (text === undefined) {
        text = written(key, values);
        if (kept.size >= KEPT_TEXTS) kept.clear();
        kept.set(id, text);
      }
      return text;
    },
    { has: (key: string) => (t.has as (k: string) => boolean)(key) },
  );
}
