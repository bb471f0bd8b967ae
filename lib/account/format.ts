/**
 * Formats of the Account page, from exact decimal strings (Intl formats decimal strings exactly; no
 * value here goes through a binary float).
 */
import type { Locale } from "@/lib/db/schema";
import { formatMoney, formatNumber, numberFormat } from "@/lib/i18n/format";

type IntlDecimal = Parameters<Intl.NumberFormat["format"]>[0];

/** An amount in its currency when the API named one, else as a plain number. */
export function formatAmount(value: string, currency: string | null, locale: Locale): string {
  return currency ? formatMoney(value, currency, locale) : formatNumber(value, locale, 8);
}

/** A percentage given in percent ("1.5" → "1.5%"; pt-BR "1,5%"), not a fraction. */
export function formatPercent(value: string, locale: Locale): string {
  return numberFormat(locale, { style: "unit", unit: "percent", maximumFractionDigits: 4 }).format(value as unknown as IntlDecimal);
}

/** Statuses shown as a success, a warning or a problem; anything else is neutral. */
export function statusTone(status: string): "success" | "warning" | "destructive" | "outline" {
  const s = status.toLowerCase();
  if (["active", "approved", "verified", "enabled", "ok"].includes(s)) return "success";
  if (["pending", "in_review", "under_review", "review", "processing", "waiting"].includes(s)) return "warning";
  if (["blocked", "suspended", "rejected", "closed", "disabled", "denied", "inactive", "banned"].includes(s)) return "destructive";
  return "outline";
}
