/*
 * The Transactions toolbar's pieces, drawn alike by the light bar (before its code loaded:
 * ./filter-bar.tsx, ./view-options.tsx) and the loaded one (./filter-bar-loaded.tsx,
 * ./filter-menus-loaded.tsx): plain components without state, given their words.
 */
import { ArrowUpDown, ChevronDown, Columns3, ListFilter, Plus, Search, X } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import type { TX_SORTS } from "@/lib/transactions/filters";
import { cx } from "@/lib/class-join";

/** The filter bar's frame: a search form (its own handlers and ref), the search field (`search`), then the chips. */
export function FilterBarFrame({ t, search, children, ...form }: React.ComponentProps<"form"> & { t: Translate; search: React.ReactNode }) {
  return (
    <form role="search" aria-label={t("transactions.filters.title")} className="flex flex-wrap items-center gap-2" {...form}>
      <div className="relative w-full sm:w-64">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        {search}
      </div>
      {/* At phone width the chips are one row that scrolls sideways within itself, so the list starts on the first screen. */}
      <div className="tx-chips">{children}</div>
    </form>
  );
}

/** The search field's words and limits (the field itself differs: uncontrolled before the code, debounced after). */
export const searchFieldProps = (t: Translate) =>
  ({ id: "f-q", name: "q", type: "search", "aria-label": t("transactions.filters.search"), placeholder: t("transactions.filters.searchPlaceholder"), maxLength: 100, className: "h-8 pl-8" }) as const;

/** What a chip's button says: "+ Status" while unset, "Status: Paid, Pending" once set. */
export function ChipFace({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      {!value && <Plus aria-hidden className="size-3.5" />}
      <span className={value ? "text-muted-foreground" : undefined}>{value ? `${label}: ` : label}</span>
      {value && (
        <span className="max-w-48 truncate font-medium" title={value}>
          {value}
        </span>
      )}
      <ChevronDown aria-hidden className="size-3.5 opacity-60" />
    </>
  );
}

/** A chip: its button (`children`) and, once set, an × that removes its filter. */
export function ChipFrame({ t, testId, label, set, onRemove, children }: { t: Translate; testId: string; label: string; set: boolean; onRemove: () => void; children: React.ReactNode }) {
  const removeLabel = t("transactions.filters.remove", { name: label });
  return (
    <span className={cx("tx-chip", set ? "tx-chip-set" : "border-dashed")} data-testid={testId} data-set={set ? "true" : undefined}>
      {children}
      {set && (
        <button type="button" className="tx-chip-remove" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
          <X aria-hidden className="size-3.5" />
        </button>
      )}
    </span>
  );
}

/** "Clear filters" and how many are applied. */
export function ClearFilters({ t, count, onClear }: { t: Translate; count: number; onClear: () => void }) {
  return (
    <>
      <Button type="button" variant="ghost" size="sm" className="h-8" onClick={onClear}>
        <X aria-hidden />
        {t("transactions.filters.clear")}
      </Button>
      <span className="text-xs text-muted-foreground" data-testid="filters-active">
        {t("transactions.filters.active", { count })}
      </span>
    </>
  );
}

/** "More filters"' button. */
export function MoreFiltersButton({ t, ...props }: ButtonProps & { t: Translate }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="h-8 rounded-full" {...props}>
      <ListFilter aria-hidden />
      {t("transactions.filters.more")}
    </Button>
  );
}

export const SORT_LABEL: Record<(typeof TX_SORTS)[number], MessageKey> = {
  "date.desc": "transactions.sort.dateDesc",
  "date.asc": "transactions.sort.dateAsc",
  "amount.desc": "transactions.sort.amountDesc",
  "amount.asc": "transactions.sort.amountAsc",
};

/** The sort menu's button: the order in words. */
export function SortButton({ t, sort, ...props }: ButtonProps & { t: Translate; sort: (typeof TX_SORTS)[number] }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="h-8" aria-label={`${t("transactions.sort.label")}: ${t(SORT_LABEL[sort])}`} data-testid="sort-menu" {...props}>
      <ArrowUpDown aria-hidden />
      {t(SORT_LABEL[sort])}
    </Button>
  );
}

/** The Columns menu's button (from the md breakpoint up: the phone's cards keep to what matters). */
export function ColumnsButton({ t, ...props }: ButtonProps & { t: Translate }) {
  return (
    <Button type="button" variant="outline" size="sm" className="h-8 max-md:hidden" data-testid="columns-menu" {...props}>
      <Columns3 aria-hidden />
      {t("transactions.columns.menu")}
    </Button>
  );
}
