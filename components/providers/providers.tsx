"use client";

import { ThemeProvider } from "next-themes";
import type { Locale } from "@/lib/i18n/translate";
import type { CompiledMessages } from "./compiled";
import { I18nProvider } from "./i18n-provider";
import { RequestIdProvider } from "./request-id";

/** What every page needs. Dashboard-only providers live in DashboardProviders, to keep the sign-in page light. */
/** `nonce`: this request's CSP nonce, for the theme's inline script (it sets the class before paint); `requestId`: its X-Request-Id (error pages). */
export function Providers({
  locale,
  timeZone,
  messages,
  nonce,
  requestId,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messages?: CompiledMessages;
  nonce?: string;
  requestId: string | null;
  children: React.ReactNode;
}) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <I18nProvider locale={locale} timeZone={timeZone} messages={messages}>
        <RequestIdProvider id={requestId}>{children}</RequestIdProvider>
      </I18nProvider>
    </ThemeProvider>
  );
}
