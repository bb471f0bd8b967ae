import type { Locale } from "@/lib/db/schema";

/**
 * Where dates are shown until a member picks a time zone (Settings → Preferences): the business
 * time zone of each language's market. English readers are taken to work with Brazil, the larger
 * market (README, "Choices made").
 * (Its own module: the browser needs this and none of ./zones.ts.)
 */
export const LOCALE_TIME_ZONES: Record<Locale, string> = {
  en: "America/Sao_Paulo",
  "pt-BR": "America/Sao_Paulo",
  "es-MX": "America/Mexico_City",
};
