"use client";

import { useMemo } from "react";
import { NextIntlClientProvider, useLocale, useTranslations } from "next-intl";
import { asTranslate, LOCALE_TIME_ZONES, onIntlError, type Locale, type Messages, type Translate } from "@/lib/i18n/translate";

/** next-intl's provider with the one dictionary the server chose; dates in the language's market time zone. */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: React.ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={LOCALE_TIME_ZONES[locale]} onError={onIntlError}>
      {children}
    </NextIntlClientProvider>
  );
}

/** The language and a translator typed against the English dictionary's keys. */
export function useI18n(): { locale: Locale; t: Translate } {
  const locale = useLocale() as Locale;
  const translate = useTranslations();
  const t = useMemo(() => asTranslate(translate), [translate]);
  return { locale, t };
}
