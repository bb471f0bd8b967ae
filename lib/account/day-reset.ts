/**
 * The API counts daily limits by UTC day (sandbox/limits.ts, the contract's choice): a member outside
 * UTC sees "today" end at another hour of their clock. This says which.
 */
import type { Locale } from "@/lib/db/schema";
import { dateFormat } from "@/lib/i18n/format";

/** The next start of a UTC day after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * The wall-clock time in `timeZone` at which the next UTC day starts, in the language's own clock
 * style ("21:00" for São Paulo in pt-BR, "9:00 PM" in en); null when that clock reads midnight too
 * (the zone is UTC then, or keeps its offset) or the zone is unknown.
 */
export function dailyResetTime(timeZone: string, locale: Locale, now: Date = new Date()): string | null {
  const at = nextUtcMidnight(now);
  try {
    const clock = dateFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
    if (clock === "00:00") return null;
    return dateFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(at);
  } catch {
    return null;
  }
}
