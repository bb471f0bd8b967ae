"use client";

import { useState } from "react";
import { ListFilter, Search, X } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { DateField } from "@/components/ui/date-field";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { dateFormat, formatDate } from "@/lib/i18n/format";
import type { MessageKey } from "@/lib/i18n/translate";
import { TX_METHODS, TX_SOURCES, TX_STATUSES, TX_TYPES, type TransactionView } from "@/lib/transactions/filters";
import { ChoiceList, DebouncedInput, FilterChip } from "./filter-chip";
import { useTransactionParams, type TransactionParamsPatch } from "./use-transaction-params";
import { filterMenus } from "./view-options";

/** YYYY-MM-DD of a URL date (a day, kept at UTC midnight by nuqs). */
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");
const dateOf = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? new Date(`${day}T00:00:00Z`) : null);
/** A day shown in words: noon UTC is the same calendar day in every market's time zone. */
const dayWords = (d: Date, locale: Parameters<typeof formatDate>[1]) => formatDate(new Date(`${dayOf(d)}T12:00:00Z`), locale);

/** Today in the market's time zone, and the day `n` days before it. */
function daysBack(timeZone: string, n: number): Date {
  // The process's formatter for the zone (building one per render cost ≈ 2 % of the page's CPU).
  const today = dateFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000);
}

/** The filters that are chips only once chosen from "More filters" (or set in the URL). */
const EXTRA = ["method", "payer", "source", "id", "ext"] as const;
type Extra = (typeof EXTRA)[number];

/**
 * The filters as chips, all in the URL (nuqs, `shallow: false`: the server re-renders the list from
 * the mirror). A choice applies at once; text applies on Enter, on leaving the field or after a short
 * pause; an × removes its filter. Each change is one history entry, never a repeat of the same URL,
 * so Back returns to the previous view.
 */
export function FilterBar({ currencies, view }: { currencies: string[]; view: TransactionView }) {
  const { t, locale, timeZone: zone } = useI18n();
  const { params, pending, apply } = useTransactionParams();
  const [open, setOpen] = useState<string | null>(null);
  const [added, setAdded] = useState<Extra[]>([]);
  const openProps = (key: string) => ({ open: open === key, onOpenChange: (o: boolean) => setOpen(o ? key : null) });
  /** A single choice closes its panel: the chip now says what was chosen. */
  const choose = (patch: TransactionParamsPatch) => (apply(patch), setOpen(null));
  const remove = (name: string) => t("transactions.filters.remove", { name });
  const word = (group: "type" | "method" | "source", v: string | null) => (v ? t(`txKinds.${group}.${v}` as MessageKey) : null);

  // The URL's statuses (updated at once, before the server answers), in the mirror's vocabulary.
  const statuses = [...new Set(params.status.map((s) => (s === "paid" ? "confirmed" : s === "canceled" ? "cancelled" : s)))];
  const toggleStatus = (status: string, on: boolean) =>
    apply({ status: on ? [...new Set([...statuses, status])] as typeof params.status : statuses.filter((s) => s !== status) as typeof params.status });

  const dateValue =
    params.from && params.to
      ? t("transactions.filters.between", { from: dayWords(params.from, locale), to: dayWords(params.to, locale) })
      : params.from
        ? t("transactions.filters.since", { from: dayWords(params.from, locale) })
        : params.to
          ? t("transactions.filters.until", { to: dayWords(params.to, locale) })
          : null;
  const amountValue =
    params.min && params.max ? `${params.min} – ${params.max}` : params.min ? t("transactions.filters.atLeast", { min: params.min }) : params.max ? t("transactions.filters.atMost", { max: params.max }) : null;
  const presets = [
    { key: "today", from: daysBack(zone, 0) },
    { key: "last7", from: daysBack(zone, 6) },
    { key: "last30", from: daysBack(zone, 29) },
  ] as const;

  const extraValue: Record<Extra, string | null> = { method: word("method", params.method), payer: params.payer, source: word("source", params.source), id: params.id, ext: params.ext };
  const extraLabel: Record<Extra, string> = {
    method: t("transactions.filters.method"),
    payer: t("transactions.filters.payer"),
    source: t("transactions.filters.source"),
    id: t("transactions.filters.transactionId"),
    ext: t("transactions.filters.externalId"),
  };
  const shownExtras = EXTRA.filter((k) => extraValue[k] || added.includes(k));
  const activeCount =
    [view.q, view.type, view.source, view.method, view.currency, view.from || view.to, view.transactionId, view.externalId, view.payer, view.minAmount || view.maxAmount].filter(Boolean).length +
    (view.statuses.length ? 1 : 0);
  const clear = () => {
    setAdded([]);
    apply({ q: null, status: null, type: null, source: null, method: null, currency: null, from: null, to: null, id: null, ext: null, payer: null, min: null, max: null });
  };

  const textEditor = (key: "payer" | "id" | "ext", mono = false) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`f-${key}`}>{extraLabel[key]}</Label>
      <DebouncedInput id={`f-${key}`} value={params[key] ?? ""} onCommit={(v) => apply({ [key]: v || null })} maxLength={key === "ext" ? 150 : 100} className={mono ? "font-mono" : undefined} autoFocus />
    </div>
  );
  const extraEditor: Record<Extra, React.ReactNode> = {
    method: (
      <ChoiceList legend={extraLabel.method} name="f-method" kind="radio" selected={[params.method ?? ""]} onChange={(v) => choose({ method: v || null })}
        choices={[{ value: "", label: t("transactions.filters.any") }, ...TX_METHODS.map((v) => ({ value: v, label: word("method", v)! }))]} />
    ),
    payer: textEditor("payer"),
    source: (
      <ChoiceList legend={extraLabel.source} name="f-source" kind="radio" selected={[params.source ?? ""]} onChange={(v) => choose({ source: (v || null) as typeof params.source })}
        choices={[{ value: "", label: t("transactions.filters.any") }, ...TX_SOURCES.map((v) => ({ value: v, label: word("source", v)! }))]} />
    ),
    id: textEditor("id", true),
    ext: textEditor("ext", true),
  };

  return (
    <section aria-label={t("transactions.filters.title")} className="flex flex-wrap items-center gap-2" aria-busy={pending} role="search">
      <div className="relative w-full sm:w-64">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <DebouncedInput
          id="f-q"
          type="search"
          aria-label={t("transactions.filters.search")}
          placeholder={t("transactions.filters.searchPlaceholder")}
          value={params.q}
          onCommit={(q) => apply({ q: q || null })}
          maxLength={100}
          className="h-8 pl-8"
        />
      </div>
      {/* At phone width the chips are one row that scrolls sideways within itself, so the list starts on the first screen. */}
      <div className="tx-chips">
        <FilterChip testId="chip-status" label={t("transactions.filters.status")} value={statuses.length ? statuses.map((s) => t(`transactions.status.${s}` as MessageKey)).join(", ") : null} removeLabel={remove(t("transactions.filters.status"))} onRemove={() => apply({ status: null })} {...openProps("status")}>
          <ChoiceList legend={t("transactions.filters.status")} name="f-status" kind="checkbox" selected={statuses} onChange={toggleStatus}
            choices={TX_STATUSES.map((s) => ({ value: s, label: t(`transactions.status.${s}`), testId: `f-status-${s}` }))} />
        </FilterChip>

        <FilterChip testId="chip-type" label={t("transactions.filters.type")} value={word("type", params.type)} removeLabel={remove(t("transactions.filters.type"))} onRemove={() => apply({ type: null })} {...openProps("type")}>
          <ChoiceList legend={t("transactions.filters.type")} name="f-type" kind="radio" selected={[params.type ?? ""]} onChange={(v) => choose({ type: (v || null) as typeof params.type })}
            choices={[{ value: "", label: t("transactions.filters.any") }, ...TX_TYPES.map((v) => ({ value: v, label: word("type", v)! }))]} />
        </FilterChip>

        <FilterChip testId="chip-date" label={t("transactions.filters.date")} value={dateValue} removeLabel={remove(t("transactions.filters.date"))} onRemove={() => apply({ from: null, to: null })} {...openProps("date")} wide>
          <div className="grid gap-3">
            <div className="flex flex-wrap gap-1.5">
              {presets.map((p) => (
                <Button key={p.key} type="button" size="sm" variant="outline" className="h-7 rounded-full" onClick={() => choose({ from: p.from, to: null })}>
                  {t(`transactions.filters.presets.${p.key}`)}
                </Button>
              ))}
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="f-from">{t("transactions.filters.from")}</Label>
                <DateField id="f-from" value={dayOf(params.from)} onValueChange={(v) => apply({ from: dateOf(v) })} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="f-to">{t("transactions.filters.to")}</Label>
                <DateField id="f-to" value={dayOf(params.to)} onValueChange={(v) => apply({ to: dateOf(v) })} />
              </div>
            </div>
          </div>
        </FilterChip>

        <FilterChip testId="chip-amount" label={t("transactions.filters.amount")} value={amountValue} removeLabel={remove(t("transactions.filters.amount"))} onRemove={() => apply({ min: null, max: null })} {...openProps("amount")}>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor="f-min">{t("transactions.filters.minAmount")}</Label>
              <DebouncedInput id="f-min" inputMode="decimal" value={params.min ?? ""} onCommit={(v) => apply({ min: v || null })} pattern="[0-9]+([.,][0-9]+)?" autoFocus />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="f-max">{t("transactions.filters.maxAmount")}</Label>
              <DebouncedInput id="f-max" inputMode="decimal" value={params.max ?? ""} onCommit={(v) => apply({ max: v || null })} pattern="[0-9]+([.,][0-9]+)?" />
            </div>
          </div>
        </FilterChip>

        <FilterChip testId="chip-currency" label={t("transactions.filters.currency")} value={params.currency} removeLabel={remove(t("transactions.filters.currency"))} onRemove={() => apply({ currency: null })} {...openProps("currency")}>
          <ChoiceList legend={t("transactions.filters.currency")} name="f-currency" kind="radio" selected={[params.currency ?? ""]} onChange={(v) => choose({ currency: v || null })}
            choices={[{ value: "", label: t("transactions.filters.any") }, ...[...new Set([...currencies, ...(params.currency ? [params.currency] : [])])].map((c) => ({ value: c, label: c }))]} />
        </FilterChip>

        {shownExtras.map((k) => (
          <FilterChip key={k} testId={`chip-${k}`} label={extraLabel[k]} value={extraValue[k]} removeLabel={remove(extraLabel[k])} onRemove={() => (setAdded((a) => a.filter((x) => x !== k)), apply({ [k]: null }))} {...openProps(k)}>
            {extraEditor[k]}
          </FilterChip>
        ))}

        {shownExtras.length < EXTRA.length && (
          <MoreFilters
            choices={EXTRA.filter((k) => !shownExtras.includes(k)).map((k) => ({ key: k, label: extraLabel[k] }))}
            onChoose={(k) => (setAdded((a) => [...a, k as Extra]), setOpen(k))}
          />
        )}

        {activeCount > 0 && (
          <>
            <Button type="button" variant="ghost" size="sm" className="h-8" onClick={clear}>
              <X aria-hidden />
              {t("transactions.filters.clear")}
            </Button>
            <span className="text-xs text-muted-foreground" data-testid="filters-active">
              {t("transactions.filters.active", { count: activeCount })}
            </span>
          </>
        )}
        {pending && <Spinner aria-label={t("common.loading")} className="shrink-0 text-muted-foreground" />}
      </div>
    </section>
  );
}

/** "More filters"' button. */
export function MoreFiltersButton(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button type="button" variant="ghost" size="sm" className="h-8 rounded-full" {...props}>
      <ListFilter aria-hidden />
      {t("transactions.filters.more")}
    </Button>
  );
}

/** The filters not shown as chips yet; the one chosen becomes a chip, its panel open. The menu's code loads on the first intent (./filter-menus-loaded.tsx). */
function MoreFilters({ choices, onChoose }: { choices: { key: string; label: string }[]; onChoose: (key: string) => void }) {
  const { loaded, intent, openOnLoad, focused } = useIntent(filterMenus);
  if (loaded) return <loaded.MoreFiltersMenu choices={choices} onChoose={onChoose} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <MoreFiltersButton {...closedTrigger("menu")} {...intent} />;
}
