"use client";

import { useLayoutEffect } from "react";
import type { Locale } from "@/lib/i18n/translate";
import { startTheme } from "@/lib/theme";
import type { CompiledMessages } from "./compiled";
import { I18nProvider } from "./i18n-provider";
import { RequestIdProvider } from "./request-id";

/** What every page needs. Dashboard-only providers live in DashboardProviders, to keep the sign-in page light. */
/** `requestId`: the request's X-Request-Id (error pages). The theme needs no provider: the root layout's inline script, and startTheme where it could not run (lib/theme.ts). */
export function Providers({
  locale,
  timeZone,
  messages,
  requestId,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messages?: CompiledMessages;
  requestId: string | null;
  children: React.ReactNode;
}) {
  useLayoutEffect(startTheme, []);
  return (
    <I18nProvider locale={locale} timeZone={timeZone} messages={messages}>
      <RequestIdProvider id={requestId}>{children}</RequestIdProvider>
    </I18nProvider>
  );
}
