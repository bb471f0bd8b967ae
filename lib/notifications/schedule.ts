/** When a member's daily digest goes: the next DIGEST_HOUR:00 on their clock. */

/** The digest's hour on the member's clock: the start of a working day. */
export const DIGEST_HOUR = 8;

const formats = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  let f = formats.get(timeZone);
  if (!f) formats.set(timeZone, (f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })));
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { y: +parts.year!, m: +parts.month!, d: +parts.day!, h: +parts.hour!, min: +parts.minute!, s: +parts.second! };
}

/** The zone's offset from UTC at `at`, in ms (São Paulo: −3 h). */
function offsetMs(at: Date, timeZone: string): number {
  const c = wallClock(at, timeZone);
  return Date.UTC(c.y, c.m - 1, c.d, c.h, c.min, c.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` reads `hour`:00 on the given calendar day (offset taken at that instant). */
function atLocalHour(y: number, m: number, d: number, hour: number, timeZone: string): Date {
  const naive = Date.UTC(y, m - 1, d, hour);
  const first = new Date(naive - offsetMs(new Date(naive), timeZone));
  return new Date(naive - offsetMs(first, timeZone));
}

/** The first `hour`:00 of `timeZone` strictly after `now` (an unknown zone counts as UTC). */
export function nextLocalHour(now: Date, timeZone: string, hour = DIGEST_HOUR): Date {
  let zone = timeZone;
  try {
    wallClock(now, zone);
  } catch {
    zone = "UTC";
  }
  const c = wallClock(now, zone);
  const today = atLocalHour(c.y, c.m, c.d, hour, zone);
  if (today.getTime() > now.getTime()) return today;
  const tomorrow = new Date(Date.UTC(c.y, c.m - 1, c.d + 1));
  return atLocalHour(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), hour, zone);
}
