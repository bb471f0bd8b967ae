"use client";

/**
 * The Transactions toolbar's code (./toolbar-code.ts): the filter bar with its chips' panels, "More
 * filters", and the Sort and Columns menus, each under nuqs's adapter (the page itself loads
 * none of nuqs: its light bar is drawn from the server's words, ./filter-bar.tsx).
 */
import { useEffect, useState } from "react";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useI18n } from "@/components/providers/i18n-provider";
import { useCarriedForm } from "@/components/forms/carried-form";
import type { CarriedForm } from "@/components/forms/lazy-form";
import { DateField } from "@/components/ui/date-field";
import { Button } from "@/components/ui/plain-button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { dateFormat } from "@/lib/i18n/format";
import { TX_METHODS, TX_SOURCES, TX_STATUSES, TX_TYPES } from "@/lib/transactions/filters";
import { dayOf, filterChips, kindWord, urlStatuses, type ChipKey, type ExtraFilter } from "@/lib/transactions/filter-words";
import { ChoiceList, DebouncedInput, FilterChip } from "./filter-chip";
import { ColumnsMenu as ColumnsMenuLoaded, MoreFiltersMenu, SortMenu as SortMenuLoaded } from "./filter-menus-loaded";
import { ClearFilters, FilterBarFrame, searchFieldProps } from "./toolbar-parts";
import { useTransactionParams, type TransactionParamsPatch } from "./use-transaction-params";

const dateOf = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? new Date(`${day}T00:00:00Z`) : null);

/** Today in the market's time zone, and the day `n` days before it. */
function daysBack(timeZone: string, n: number): Date {
  // The process's formatter for the zone (building one per render cost ≈ 2 % of the page's CPU).
  const today = dateFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000);
}

/** What each chip's × empties in the URL. */
const CLEARS: Record<ChipKey, TransactionParamsPatch> = {
  status: { status: null },
  type: { type: null },
  date: { from: null, to: null },
  amount: { min: null, max: null },
  currency: { currency: null },
  method: { method: null },
  payer: { payer: null },
  source: { source: null },
  id: { id: null },
  ext: { ext: null },
};

/** "Clear filters": every filter emptied, the search too. */
const CLEAR_ALL: TransactionParamsPatch = Object.assign({ q: null }, ...Object.values(CLEARS));

type LoadedBarProps = { currencies: string[]; activeCount: number; carried?: CarriedForm };

export function FilterBar(props: LoadedBarProps) {
  return (
    <NuqsAdapter>
      <Bar {...props} />
    </NuqsAdapter>
  );
}

export function SortMenu(props: React.ComponentProps<typeof SortMenuLoaded>) {
  return (
    <NuqsAdapter>
      <SortMenuLoaded {...props} />
    </NuqsAdapter>
  );
}

export function ColumnsMenu(props: React.ComponentProps<typeof ColumnsMenuLoaded>) {
  return (
    <NuqsAdapter>
      <ColumnsMenuLoaded {...props} />
    </NuqsAdapter>
  );
}

/**
 * The filters as chips, all in the URL (nuqs, `shallow: false`: the server re-renders the list from
 * the mirror). A choice applies at once; text applies on Enter, on leaving the field or after a short
 * pause; an × removes its filter. Each change is one history entry, never a repeat of the same URL,
 * so Back returns to the previous view.
 */
function Bar({ currencies, activeCount, carried }: LoadedBarProps) {
  const { t, locale, timeZone: zone } = useI18n();
  const { params, pending, apply } = useTransactionParams();
  const pressed = carried?.pressed ?? "";
  // A chip pressed before the code arrived opens; "More filters" too (below).
  const [open, setOpen] = useState<string | null>(pressed.startsWith("chip:") ? pressed.slice(5) : null);
  const [added, setAdded] = useState<ExtraFilter[]>([]);
  const openProps = (key: string) => ({ open: open === key, onOpenChange: (o: boolean) => setOpen(o ? key : null) });
  /** A single choice closes its panel: the chip now says what was chosen. */
  const choose = (patch: TransactionParamsPatch) => (apply(patch), setOpen(null));
  const remove = (key: ChipKey) => {
    setAdded((a) => a.filter((x) => x !== key));
    apply(CLEARS[key]);
  };
  const clear = () => {
    setAdded([]);
    apply(CLEAR_ALL);
  };
  const typed = carried?.initial.q;
  // Focus goes back where it was, unless what was pressed opens a panel or a menu (which takes it); Enter in the search applies it.
  const formRef = useCarriedForm(carried && { ...carried, focus: pressed.startsWith("chip:") || pressed === "more" ? null : carried.focus }, () => apply({ q: typed?.trim() || null }));
  useEffect(() => {
    if (pressed === "clear") apply(CLEAR_ALL);
    else if (pressed.startsWith("remove:")) apply(CLEARS[pressed.slice(7) as ChipKey]);
    // Once, on mount: what was pressed before the code arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const statuses = urlStatuses(params.status);
  const toggleStatus = (status: string, on: boolean) =>
    apply({ status: on ? [...new Set([...statuses, status])] as typeof params.status : statuses.filter((s) => s !== status) as typeof params.status });
  const { chips, more } = filterChips(params, t, locale, added);
  const presets = [
    { key: "today", from: daysBack(zone, 0) },
    { key: "last7", from: daysBack(zone, 6) },
    { key: "last30", from: daysBack(zone, 29) },
  ] as const;

  const textEditor = (key: "payer" | "id" | "ext", label: string, mono = false) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`f-${key}`}>{label}</Label>
      <DebouncedInput id={`f-${key}`} value={params[key] ?? ""} onCommit={(v) => apply({ [key]: v || null })} maxLength={key === "ext" ? 150 : 100} className={mono ? "font-mono" : undefined} autoFocus />
    </div>
  );
  const any = { value: "", label: t("transactions.filters.any") };
  const editor = (key: ChipKey, label: string): React.ReactNode => {
    switch (key) {
      case "status":
        return <ChoiceList legend={label} name="f-status" kind="checkbox" selected={statuses} onChange={toggleStatus} choices={TX_STATUSES.map((s) => ({ value: s, label: t(`transactions.status.${s}`), testId: `f-status-${s}` }))} />;
      case "type":
        return <ChoiceList legend={label} name="f-type" kind="radio" selected={[params.type ?? ""]} onChange={(v) => choose({ type: (v || null) as typeof params.type })} choices={[any, ...TX_TYPES.map((v) => ({ value: v, label: kindWord(t, "type", v)! }))]} />;
      case "date":
        return (
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
        );
      case "amount":
        return (
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
        );
      case "currency":
        return (
          <ChoiceList legend={label} name="f-currency" kind="radio" selected={[params.currency ?? ""]} onChange={(v) => choose({ currency: v || null })}
            choices={[any, ...[...new Set([...currencies, ...(params.currency ? [params.currency] : [])])].map((c) => ({ value: c, label: c }))]} />
        );
      case "method":
        return <ChoiceList legend={label} name="f-method" kind="radio" selected={[params.method ?? ""]} onChange={(v) => choose({ method: v || null })} choices={[any, ...TX_METHODS.map((v) => ({ value: v, label: kindWord(t, "method", v)! }))]} />;
      case "source":
        return <ChoiceList legend={label} name="f-source" kind="radio" selected={[params.source ?? ""]} onChange={(v) => choose({ source: (v || null) as typeof params.source })} choices={[any, ...TX_SOURCES.map((v) => ({ value: v, label: kindWord(t, "source", v)! }))]} />;
      case "payer":
        return textEditor("payer", label);
      case "id":
        return textEditor("id", label, true);
      case "ext":
        return textEditor("ext", label, true);
    }
  };

  return (
    <FilterBarFrame
      ref={formRef}
      t={t}
      aria-busy={pending}
      onSubmit={(e) => e.preventDefault()}
      search={<DebouncedInput {...searchFieldProps(t)} value={params.q} typed={typed} onCommit={(q) => apply({ q: q || null })} />}
    >
      {chips.map((c) => (
        <FilterChip key={c.key} t={t} testId={`chip-${c.key}`} label={c.label} value={c.value} onRemove={() => remove(c.key)} {...openProps(c.key)} wide={c.key === "date"}>
          {editor(c.key, c.label)}
        </FilterChip>
      ))}
      {more.length > 0 && <MoreFiltersMenu choices={more} onChoose={(k) => (setAdded((a) => [...a, k as ExtraFilter]), setOpen(k))} defaultOpen={pressed === "more"} />}
      {activeCount > 0 && <ClearFilters t={t} count={activeCount} onClear={clear} />}
      {pending && <Spinner aria-label={t("common.loading")} className="shrink-0 text-muted-foreground" />}
    </FilterBarFrame>
  );
}
