import type { Locale } from "@/lib/db/schema";

/** Where dates are shown: the business time zone of each language's market. */
export const LOCALE_TIME_ZONES: Record<Locale, string> = {
  en: "UTC",
  "pt-BR": "America/Sao_Paulo",
  "es-MX": "America/Mexico_City",
};
