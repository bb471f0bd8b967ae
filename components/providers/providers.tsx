"use client";

import { ThemeProvider } from "next-themes";
import type { Locale, Messages } from "@/lib/i18n/translate";
import { I18nProvider } from "./i18n-provider";

/** What every page needs. Dashboard-only providers live in DashboardProviders, to keep the sign-in page light. */
/** `nonce`: this request's CSP nonce, for the theme's inline script (it sets the class before paint). */
export function Providers({ locale, timeZone, messages, nonce, children }: { locale: Locale; timeZone: string; messages?: Messages; nonce?: string; children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <I18nProvider locale={locale} timeZone={timeZone} messages={messages}>
        {children}
      </I18nProvider>
    </ThemeProvider>
  );
}
