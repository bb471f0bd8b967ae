"use client";

import { createContext, useContext, useMemo } from "react";
import format, { type CompiledMessage } from "icu-minify/format";
import { asTranslate, LOCALE_TIME_ZONES, type Locale, type MessageValues, type Translate } from "@/lib/i18n/translate";
import { setRenderTimeZone } from "@/lib/i18n/ambient-zone";
import type { CompiledMessages } from "./compiled";

/**
 * The language, the member's time zone and the messages of the client components, in the browser.
 * The server sends each part of the dictionary precompiled (./compiled.ts, icu-minify's compact
 * form), and this formats it with icu-minify's runtime (under 1 KB): the browser never downloads an
 * ICU parser (intl-messageformat, ≈ 20 KiB gzipped). Server components keep next-intl's translator
 * (lib/i18n/translate.ts). `messages`: the whole dictionary, for a benchmark's baseline only
 * (lib/perf-baseline.ts); otherwise each layout and page adds the parts its client components use
 * (ClientMessages, components/providers/client-messages.tsx, through MessagesProvider below).
 */
type I18nContextValue = { locale: Locale; timeZone: string; messages: CompiledMessages };

const I18nContext = createContext<I18nContextValue | null>(null);

export function I18nProvider({ locale, timeZone, messages, children }: { locale: Locale; timeZone: string; messages?: CompiledMessages; children: React.ReactNode }) {
  const value = useMemo(() => ({ locale, timeZone, messages: messages ?? {} }), [locale, timeZone, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `b` over `a`, subtree by subtree; a compiled message (a string or an array) is a leaf. */
function merge(a: CompiledMessages, b: CompiledMessages): CompiledMessages {
  const out: CompiledMessages = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const mine = out[k];
    out[k] = isTree(mine) && isTree(v) ? merge(mine, v) : v;
  }
  return out;
}

const isTree = (v: unknown): v is CompiledMessages => typeof v === "object" && v !== null && !Array.isArray(v);

/** Adds `messages` (parts of the one dictionary the server chose) to those of the providers above. */
export function MessagesProvider({ messages, children }: { messages: CompiledMessages; children: React.ReactNode }) {
  const parent = useContext(I18nContext);
  if (!parent) throw new Error("MessagesProvider outside I18nProvider");
  const value = useMemo(() => ({ ...parent, messages: merge(parent.messages, messages) }), [parent, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** Intl's formatters, made once per language and options for the life of the tab. */
const made = new Map<string, Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat>(kind: string, locale: unknown, options: unknown, make: () => T): T {
  const key = `${kind}|${String(locale)}|${JSON.stringify(options ?? null)}`;
  let f = made.get(key) as T | undefined;
  if (!f) made.set(key, (f = make()));
  return f;
}
const formatters = {
  getNumberFormat: (...a: ConstructorParameters<typeof Intl.NumberFormat>) => memo("n", a[0], a[1], () => new Intl.NumberFormat(...a)),
  getPluralRules: (...a: ConstructorParameters<typeof Intl.PluralRules>) => memo("p", a[0], a[1], () => new Intl.PluralRules(...a)),
  getDateTimeFormat: (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) => memo("d", a[0], a[1], () => new Intl.DateTimeFormat(...a)),
};

function lookup(messages: CompiledMessages, key: string): CompiledMessage | undefined {
  let at: CompiledMessages[string] | undefined = messages;
  for (const part of key.split(".")) at = isTree(at) ? at[part] : undefined;
  return at === undefined || isTree(at) ? undefined : at;
}

/**
 * A missing message is a bug: tests and development throw on it; production logs it and shows the
 * key rather than breaking the page (as lib/i18n/translate.ts's onIntlError does on the server).
 */
function missing(key: string): string {
  const message = `i18n: MISSING_MESSAGE Could not resolve \`${key}\` in the messages given to this client component (ClientMessages namespaces).`;
  if (process.env.NODE_ENV !== "production") throw new Error(message);
  console.error(message);
  return key;
}

function translator({ locale, timeZone, messages }: I18nContextValue) {
  const call = (key: string, values?: MessageValues): string => {
    const message = lookup(messages, key);
    if (message === undefined) return missing(key);
    const out = format(message, locale, values, { formatters, timeZone });
    return Array.isArray(out) ? out.join("") : String(out);
  };
  return Object.assign(call, { has: (key: string) => lookup(messages, key) !== undefined });
}

/**
 * The language, the member's time zone and a translator typed against the English dictionary's keys.
 * Also makes the zone the one lib/i18n/format.ts writes this component's dates in (lib/i18n/ambient-zone.ts).
 */
export function useI18n(): { locale: Locale; timeZone: string; t: Translate } {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useI18n outside I18nProvider");
  const locale = context.locale;
  const timeZone = context.timeZone ?? LOCALE_TIME_ZONES[locale];
  setRenderTimeZone(timeZone);
  const t = useMemo(() => translatorOf(context), [context]);
  return { locale, timeZone, t };
}

/** One translator per provided context (and so one set of kept texts, lib/i18n/translate.ts), shared by every component under it. */
const translators = new WeakMap<I18nContextValue, Translate>();
function translatorOf(context: I18nContextValue): Translate {
  let t = translators.get(context);
  if (!t) translators.set(context, (t = asTranslate(translator(context) as unknown as { has(key: never): boolean }, context.locale)));
  return t;
}
