/**
 * A calendar day typed as text in the member's language: 05/11/2026 in pt-BR and es-MX, 11/05/2026
 * in English, whatever the browser's own language (a native date input follows the browser's, so an
 * English browser showed a pt-BR member mm/dd/yyyy). The value under it is always ISO (2026-11-05).
 */
export type DayOrder = "dmy" | "mdy" | "ymd";

const orders = new Map<string, DayOrder>();

/** The order the language writes a numeric date in (Intl's, so a new language needs nothing here). */
export function dayOrder(locale: string): DayOrder {
  let o = orders.get(locale);
  if (!o) {
    const parts = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).formatToParts(Date.UTC(2026, 10, 5));
    const seq = parts.filter((p) => p.type === "day" || p.type === "month" || p.type === "year").map((p) => p.type[0]).join("");
    o = seq === "mdy" || seq === "ymd" ? seq : "dmy";
    orders.set(locale, o);
  }
  return o;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** "2026-11-05" written in `order` ("05/11/2026"); "" for anything that is not an ISO day. */
export function formatDay(iso: string, order: DayOrder): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return "";
  const [, y, mo, d] = m;
  if (order === "ymd") return `${y}-${mo}-${d}`;
  return order === "mdy" ? `${mo}/${d}/${y}` : `${d}/${mo}/${y}`;
}

/**
 * What was typed, as an ISO day: "" when nothing was, null when it is not a day of the calendar.
 * Separators may be / . - or spaces; eight digits without any are read in the language's order; a
 * two-digit year is this century's; an ISO day is read as ISO in every language.
 */
export function parseDay(text: string, order: DayOrder): string | null {
  const s = text.trim();
  if (!s) return "";
  let parts: string[];
  if (/^\d{8}$/.test(s)) parts = order === "ymd" ? [s.slice(0, 4), s.slice(4, 6), s.slice(6)] : [s.slice(0, 2), s.slice(2, 4), s.slice(4)];
  else parts = s.split(/[\s/.-]+/);
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,4}$/.test(p))) return null;
  const read = /^\d{4}$/.test(parts[0]!) ? "ymd" : order;
  const [a, b, c] = parts.map(Number) as [number, number, number];
  const [year, m, d] = read === "ymd" ? [a, b, c] : read === "mdy" ? [c, a, b] : [c, b, a];
  let y = year;
  const yearText = read === "ymd" ? parts[0]! : parts[2]!;
  if (yearText.length === 2) y += 2000;
  else if (yearText.length !== 4) return null;
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/**
 * Slashes written for the member while they type digits (a phone's number pad has none): "0511" →
 * "05/11", "05112026" → "05/11/2026". Text with anything but digits and the language's separator is
 * left as typed.
 */
export function maskDay(text: string, order: DayOrder): string {
  const sep = order === "ymd" ? "-" : "/";
  if (!new RegExp(`^[\\d${sep === "/" ? "/" : "\\-"}]*$`).test(text)) return text;
  const digits = text.replace(/\D/g, "").slice(0, 8);
  const cuts = order === "ymd" ? [4, 6] : [2, 4];
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (cuts.includes(i)) out += sep;
    out += digits[i];
  }
  // A separator typed right after a full field stays (so "05/" does not jump back to "05").
  if (text.endsWith(sep) && cuts.includes(digits.length)) out += sep;
  return out;
}
