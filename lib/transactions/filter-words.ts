/**
 * The Transactions filter bar's chips in words: which chips show and what each says it is set to.
 * One function for both of the bar's states: the server says it for the bar drawn before its code
 * loaded (components/transactions/filter-bar.tsx), and the loaded bar for the URL as it changes
 * (./filter-bar-loaded.tsx), so that both draw the same chips.
 */
import type { Locale } from "@/lib/db/schema";
import { formatDate } from "@/lib/i18n/format";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { ParsedTransactionSearchParams, TransactionView, TxStatus } from "./filters";

/** The filters that are chips only once chosen from "More filters" (or set in the URL). */
export const EXTRA_FILTERS = ["method", "payer", "source", "id", "ext"] as const;
export type ExtraFilter = (typeof EXTRA_FILTERS)[number];
export type ChipKey = "status" | "type" | "date" | "amount" | "currency" | ExtraFilter;

/** A chip: its filter, its name, and what it is set to in words (null: unset). */
export type ChipWords = { key: ChipKey; label: string; value: string | null };

type Params = Pick<ParsedTransactionSearchParams, "status" | "type" | "source" | "method" | "currency" | "from" | "to" | "id" | "ext" | "payer" | "min" | "max">;

/** YYYY-MM-DD of a URL date (a day, kept at UTC midnight by nuqs). */
export const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");
/** A day shown in words: noon UTC is the same calendar day in every market's time zone. */
const dayWords = (d: Date, locale: Locale) => formatDate(new Date(`${dayOf(d)}T12:00:00Z`), locale);

/** The URL's statuses in the mirror's vocabulary (the URL accepts the details' and webhooks' words too). */
export function urlStatuses(status: readonly string[]): TxStatus[] {
  return [...new Set(status.map((s) => (s === "paid" ? "confirmed" : s === "canceled" ? "cancelled" : s) as TxStatus))];
}

/** A kind's word ("Cash-out", "PIX", "Internal transfer"). */
export const kindWord = (t: Translate, group: "type" | "method" | "source", v: string | null) => (v ? t(`txKinds.${group}.${v}` as MessageKey) : null);

export function extraLabel(t: Translate, key: ExtraFilter): string {
  return t(({ method: "transactions.filters.method", payer: "transactions.filters.payer", source: "transactions.filters.source", id: "transactions.filters.transactionId", ext: "transactions.filters.externalId" } as const)[key]);
}

/**
 * The chips of a view: the five always shown, then the rarer ones that are set or were just added
 * (`added`), and the rarer ones "More filters" still offers (`more`).
 */
export function filterChips(params: Params, t: Translate, locale: Locale, added: readonly ExtraFilter[] = []): { chips: ChipWords[]; more: { key: ExtraFilter; label: string }[] } {
  const statuses = urlStatuses(params.status);
  const date =
    params.from && params.to
      ? t("transactions.filters.between", { from: dayWords(params.from, locale), to: dayWords(params.to, locale) })
      : params.from
        ? t("transactions.filters.since", { from: dayWords(params.from, locale) })
        : params.to
          ? t("transactions.filters.until", { to: dayWords(params.to, locale) })
          : null;
  const amount =
    params.min && params.max ? `${params.min} – ${params.max}` : params.min ? t("transactions.filters.atLeast", { min: params.min }) : params.max ? t("transactions.filters.atMost", { max: params.max }) : null;
  const extraValue: Record<ExtraFilter, string | null> = { method: kindWord(t, "method", params.method), payer: params.payer, source: kindWord(t, "source", params.source), id: params.id, ext: params.ext };
  const shown = EXTRA_FILTERS.filter((k) => extraValue[k] || added.includes(k));
  return {
    chips: [
      { key: "status", label: t("transactions.filters.status"), value: statuses.length ? statuses.map((s) => t(`transactions.status.${s}` as MessageKey)).join(", ") : null },
      { key: "type", label: t("transactions.filters.type"), value: kindWord(t, "type", params.type) },
      { key: "date", label: t("transactions.filters.date"), value: date },
      { key: "amount", label: t("transactions.filters.amount"), value: amount },
      { key: "currency", label: t("transactions.filters.currency"), value: params.currency },
      ...shown.map((k) => ({ key: k, label: extraLabel(t, k), value: extraValue[k] })),
    ],
    more: EXTRA_FILTERS.filter((k) => !shown.includes(k)).map((k) => ({ key: k, label: extraLabel(t, k) })),
  };
}

/** How many filters the server applied (the view as it read the URL: a malformed amount is none). */
export function activeFilterCount(view: TransactionView): number {
  return (
    [view.q, view.type, view.source, view.method, view.currency, view.from || view.to, view.transactionId, view.externalId, view.payer, view.minAmount || view.maxAmount].filter(Boolean).length +
    (view.statuses.length ? 1 : 0)
  );
}
