"use client";

import { useMemo } from "react";
import { NextIntlClientProvider, useLocale, useTimeZone, useTranslations } from "next-intl";
import { asTranslate, LOCALE_TIME_ZONES, onIntlError, type Locale, type Messages, type Translate } from "@/lib/i18n/translate";
import { setRenderTimeZone } from "@/lib/i18n/ambient-zone";

/** next-intl's provider with the one dictionary the server chose; dates in the member's time zone. */
export function I18nProvider({ locale, timeZone, messages, children }: { locale: Locale; timeZone: string; messages: Messages; children: React.ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone} onError={onIntlError}>
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
