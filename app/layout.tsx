import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NONCE_HEADER } from "@/lib/security/csp";
import { Providers } from "@/components/providers/providers";
import { getI18n } from "@/lib/i18n/server";
import { perfBaseline } from "@/lib/perf-baseline";
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
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {/* No messages here (but a benchmark's baseline): each layout and page gives its client components theirs (ClientMessages). */}
        <Providers locale={locale} timeZone={timeZone} messages={perfBaseline() ? messages : undefined} nonce={nonce}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
