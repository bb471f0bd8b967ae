import type { NextConfig } from "next";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files it loads from its own package folder. The observability
  // packages keep one copy per process, shared with scripts/server.ts (metrics registry, logger),
  // and OpenTelemetry's instrumentations patch modules as Node.js loads them: none is bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pino",
    "pino-pretty",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "@opentelemetry/instrumentation-http",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/instrumentation-undici",
  ],
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  // The title in <head> from the first byte for every browser, not streamed into the body later:
  // every generateMetadata here only translates (no data), and with streamed metadata a page that
  // refreshes itself on live events was seen without a <title> for a moment (axe: document-title).
  htmlLimitedBots: /.*/,
  // `npm test` type-checks the whole repository with tsc first; checking again inside the build doubles the time.
  typescript: { ignoreBuildErrors: true },
  // `next dev` would otherwise log server-action arguments, passwords included.
  logging: { serverFunctions: false },
  turbopack: {
    resolveAlias: {
      // The browser formats messages the server precompiled (components/providers/compiled.ts) with
      // icu-minify's runtime: use-intl's ICU parser (intl-messageformat, ≈ 20 KiB gzipped), which
      // lib/i18n/format.ts would otherwise pull in through use-intl/core, never ships. Server code
      // (server components and the server render of client ones) keeps the full formatter.
      "use-intl/format-message": { browser: "./node_modules/use-intl/dist/esm/production/format-message/format-only.js" },
    },
  },
  experimental: {
    // forbidden() renders app/forbidden.tsx with HTTP 403.
    authInterrupts: true,
    // Import only the icons and primitives a module names, not the packages' barrels.
    optimizePackageImports: ["lucide-react", "radix-ui"],
    // Turbopack's build cache (on by default in Next.js 16.4) is off unless NEXT_BUILD_CACHE=on: a
    // build from nothing (a fresh clone's `npm start`, CI) took 53–58 s with it, 14 s of them writing
    // the cache, against 33–36 s without (2 cores, twice each in turns); only a rebuild after an edit
    // reads it back. `npm run dev` keeps its own cache.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE === "on",
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
