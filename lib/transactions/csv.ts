/**
 * The CSV export: one header row in the member's language, then one line per transaction, amounts
 * as the API's exact decimals (never through a float), dates in ISO 8601 with the market's offset.
 * Built as a stream of lines so that 100,000 rows take the memory of one batch.
 */
import type { Translate } from "@/lib/i18n";
import type * as schema from "@/lib/db/schema";
import { csvCell as cell } from "@/lib/csv";
import { kindLabel } from "./kind";

type Row = typeof schema.transactions.$inferSelect;

/** An amount as the mirror holds it (NUMERIC text): a plain decimal, kept as is. */
const amount = (v: string | null) => (v == null ? "" : v);

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-23T10:15:00.000-03:00`: the instant, written in `timeZone`'s wall time with its offset. */
export function isoInZone(d: Date, timeZone: string): string {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  const offset = (p.timeZoneName ?? "GMT").replace("GMT", "");
  const zone = offset === "" || offset === "+00:00" ? "Z" : offset;
  const ms = String(d.getUTCMilliseconds()).padStart(3, "0");
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${ms}${zone}`;
}

export function csvHeader(t: Translate): string {
  const k = ["date", "transactionId", "externalId", "type", "source", "method", "status", "apiStatus", "currency", "amount", "fee", "net", "payerName", "payerDocument", "e2eId", "txHash", "verifiedAt"] as const;
  return `${k.map((c) => cell(t(`transactions.csv.${c}`))).join(",")}\r\n`;
}

const KNOWN_STATUSES = ["pending", "confirmed", "failed", "cancelled", "expired", "refunded"];

/** One line per row; the words for kinds and statuses are looked up once per export, not once per row. */
export function csvLines(t: Translate, timeZone: string): (r: Row) => string {
  const words = new Map<string, string>();
  const once = (key: string, make: () => string) => {
    let w = words.get(key);
    if (w === undefined) words.set(key, (w = make()));
    return w;
  };
  return (r) => {
    const status = once(`s|${r.status}`, () => (KNOWN_STATUSES.includes(r.status) ? t(`transactions.status.${r.status as "pending"}`) : r.status));
    const kind = once(`k|${r.type}|${r.source}|${r.method}`, () => cell(kindLabel(t, r)));
    return line(r, status, kind, timeZone);
  };
}

export function csvLine(r: Row, t: Translate, timeZone: string): string {
  return csvLines(t, timeZone)(r);
}

function line(r: Row, status: string, kind: string, timeZone: string): string {
  return `${[
    r.apiCreatedAt ? isoInZone(r.apiCreatedAt, timeZone) : "",
    cell(r.transactionId),
    cell(r.externalId),
    kind,
    cell(r.source),
    cell(r.method),
    cell(status),
    cell(r.status),
    cell(r.currency),
    amount(r.amount),
    amount(r.fee),
    amount(r.amountNet),
    cell(r.payerName),
    cell(r.payerDocument),
    cell(r.e2eId),
    cell(r.txHash),
    r.verifiedAt ? isoInZone(r.verifiedAt, timeZone) : "",
  ].join(",")}\r\n`;
}
