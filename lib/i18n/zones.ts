import type { Locale } from "@/lib/db/schema";

import { LOCALE_TIME_ZONES } from "./locale-zones";

export { LOCALE_TIME_ZONES };

/** The zones the merchants we serve live in, offered first on the Preferences page. */
export const LATIN_AMERICAN_TIME_ZONES = [
  "America/Sao_Paulo",
  "America/Manaus",
  "America/Fortaleza",
  "America/Recife",
  "America/Belem",
  "America/Cuiaba",
  "America/Porto_Velho",
  "America/Rio_Branco",
  "America/Noronha",
  "America/Mexico_City",
  "America/Monterrey",
  "America/Cancun",
  "America/Chihuahua",
  "America/Hermosillo",
  "America/Mazatlan",
  "America/Tijuana",
  "America/Bogota",
  "America/Lima",
  "America/Santiago",
  "America/Argentina/Buenos_Aires",
  "America/Montevideo",
  "America/Asuncion",
  "America/La_Paz",
  "America/Caracas",
  "America/Guayaquil",
  "America/Panama",
  "America/Costa_Rica",
  "America/Guatemala",
  "America/El_Salvador",
  "America/Tegucigalpa",
  "America/Managua",
  "America/Santo_Domingo",
  "America/Puerto_Rico",
] as const;

const knownZones = new Set<string>();

/** Whether Intl knows `zone` as an IANA time zone (every request asks it of the member's: the answer is kept). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

/** Every zone a member may choose: the Latin-American ones first, then all the others Intl knows. */
export function timeZoneChoices(): string[] {
  const first: string[] = LATIN_AMERICAN_TIME_ZONES.filter(isTimeZone);
  const seen = new Set(first);
  return [...first, ...Intl.supportedValuesOf("timeZone").filter((z) => !seen.has(z)), ...(seen.has("UTC") ? [] : ["UTC"])];
}

/** The zone a member reads dates in: the one they chose, else their language's market. */
export function memberTimeZone(locale: Locale, chosen: string | null | undefined): string {
  return isTimeZone(chosen) ? chosen : LOCALE_TIME_ZONES[locale];
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** `zone`'s offset from UTC at `at`: "UTC−03:00" ("UTC" itself when none). */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  let f = offsetFormats.get(zone);
  if (!f) offsetFormats.set(zone, (f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })));
  const name = f.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  return name === "GMT" ? "UTC" : name.replace("GMT", "UTC").replace("-", "−");
}

/** A zone as a member picks it: "America/Sao Paulo (UTC−03:00)". */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  return `${zone.replaceAll("_", " ")} (${zoneOffset(zone, at)})`;
}
