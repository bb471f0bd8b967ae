"use client";

import { useMemo } from "react";
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, useTranslations } from "next-intl";
import { asTranslate, LOCALE_TIME_ZONES, onIntlError, type Locale, type Messages, type Translate } from "@/lib/i18n/translate";
import { mergeMessages } from "@/lib/i18n/pick";
import { setRenderTimeZone } from "@/lib/i18n/ambient-zone";

/**
 * next-intl's provider with the language and the member's time zone, and no messages yet: each
 * layout and page adds the parts of the dictionary its client components use (ClientMessages,
 * components/providers/client-messages.tsx, through MessagesProvider below). `messages`: the whole
 * dictionary, for a benchmark's baseline only (lib/perf-baseline.ts).
 */
export function I18nProvider({ locale, timeZone, messages, children }: { locale: Locale; timeZone: string; messages?: Messages; children: React.ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages ?? {}} timeZone={timeZone} onError={onIntlError}>
      {children}
    </NextIntlClientProvider>
  );
}

/** Adds `messages` (parts of the one dictionary the server chose) to those of the providers above. */
export function MessagesProvider({ messages, children }: { messages: Partial<Messages>; children: React.ReactNode }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const parent = useMessages();
  const merged = useMemo(() => mergeMessages(parent, messages), [parent, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged} timeZone={timeZone} onError={onIntlError}>
      {children}
    </NextIntlClientProvider>
  );
}

/**
 * The language, the member's time zone and a translator typed against the English dictionary's keys.
 * Also makes the zone the one lib/i18n/format.ts writes this component's dates in (lib/i18n/ambient-zone.ts).
 */
export function useI18n(): { locale: Locale; timeZone: string; t: Translate } {
  const locale = useLocale() as Locale;
  const timeZone = useTimeZone() ?? LOCALE_TIME_ZONES[locale];
  setRenderTimeZone(timeZone);
  const translate = useTranslations();
  const t = useMemo(() => asTranslate(translate, locale), [translate, locale]);
  return { locale, timeZone, t };
}
