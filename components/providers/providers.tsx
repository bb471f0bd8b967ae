"use client";

import { ThemeProvider } from "next-themes";
import type { Locale } from "@/lib/i18n/translate";
import { I18nProvider } from "./i18n-provider";

/** What every page needs. Dashboard-only providers live in DashboardProviders, to keep the sign-in page light. */
/** `nonce`: this request's CSP nonce, for the theme's inline script (it sets the class before paint). */
export function Providers({ locale, timeZone, nonce, children }: { locale: Locale; timeZone: string; nonce?: string; children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <I18nProvider locale={locale} timeZone={timeZone}>
        {children}
      </I18nProvider>
    </ThemeProvider>
  );
}
