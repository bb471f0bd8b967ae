import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NONCE_HEADER } from "@/lib/security/csp";
import { REQUEST_ID_HEADER } from "@/lib/observability/context";
import { Providers } from "@/components/providers/providers";
import { ClientMessages } from "@/components/providers/client-messages";
import { compileDictionary } from "@/components/providers/compiled";
import { getI18n } from "@/lib/i18n/server";
import { perfBaseline } from "@/lib/perf-baseline";
import { THEME_SCRIPT } from "@/lib/theme";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: { default: t("app.name"), template: `%s · ${t("app.name")}` }, description: t("app.tagline") };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0a0a0a" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const { locale, timeZone, messages } = await getI18n();
  // The request's CSP nonce (proxy.ts); reading it renders every page per request, as a nonce needs.
  const requestHeaders = await headers();
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined;
  // The request's id (scripts/server.ts), the reference an error page shows.
  const requestId = requestHeaders.get(REQUEST_ID_HEADER);
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {/* The theme's class on <html> before the first paint (lib/theme.ts); the browser hides a nonce from the DOM, hence the warning suppressed. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        {/* No messages here (but a benchmark's baseline): each layout and page gives its client components theirs (ClientMessages). */}
        <Providers locale={locale} timeZone={timeZone} messages={perfBaseline() ? compileDictionary(locale, messages) : undefined} requestId={requestId}>
          {/* The error page's words: it shows wherever a page fails, the root included. */}
          <ClientMessages namespaces={["errors.genericDescription", "errors.genericTitle", "errors.tryAgain"]}>{children}</ClientMessages>
        </Providers>
      </body>
    </html>
  );
}
