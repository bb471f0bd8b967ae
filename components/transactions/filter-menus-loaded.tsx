"use client";

/**
 * The Transactions list's menus and the filter chips' panels (Radix DropdownMenu and Popover), part
 * of the toolbar's code (./filter-bar-loaded.tsx, ./toolbar-code.ts): ./view-options.tsx and
 * ./filter-bar.tsx draw the triggers alone until it loaded.
 */
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import { TX_OPTIONAL_COLUMNS, TX_SORTS } from "@/lib/transactions/filters";
import { useTransactionParams } from "./use-transaction-params";
import { ColumnsButton, MoreFiltersButton, SORT_LABEL, SortButton } from "./toolbar-parts";

type Loaded = { defaultOpen?: boolean; focusTrigger?: boolean };

/** A filter chip's panel: its button (`face`: what it says) and its choices (`children`). */
export function ChipPanel({ label, wide, open, onOpenChange, face, children }: { label: string; wide?: boolean; open: boolean; onOpenChange: (open: boolean) => void; face: React.ReactNode; children: React.ReactNode }) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <button type="button" className="tx-chip-trigger">
          {face}
        </button>
      </PopoverTrigger>
      <PopoverContent aria-label={label} className={wide ? "sm:w-96" : undefined}>
        {children}
      </PopoverContent>
    </Popover>
  );
}

/** "More filters": the filters not shown as chips yet. */
export function MoreFiltersMenu({ choices, onChoose, defaultOpen }: { defaultOpen?: boolean; choices: { key: string; label: string }[]; onChoose: (key: string) => void }) {
  const { t } = useI18n();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MoreFiltersButton t={t} />
      </DropdownMenuTrigger>
      {/* The chosen filter's chip opens at once, its field focused, rather than focus going back to this button. */}
      <DropdownMenuContent align="start" onCloseAutoFocus={(e) => e.preventDefault()}>
        {choices.map((c) => (
          <DropdownMenuItem key={c.key} onSelect={() => onChoose(c.key)}>
            {c.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function SortMenu({ defaultOpen, focusTrigger }: Loaded) {
  const { t } = useI18n();
  const { params, apply } = useTransactionParams();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <SortButton t={t} sort={params.sort} ref={triggerRef} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("transactions.sort.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={params.sort} onValueChange={(v) => apply({ sort: v as (typeof TX_SORTS)[number] })}>
          {TX_SORTS.map((s) => (
            <DropdownMenuRadioItem key={s} value={s}>
              {t(SORT_LABEL[s])}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function ColumnsMenu({ defaultOpen, focusTrigger }: Loaded) {
  const { t } = useI18n();
  const { params, show } = useTransactionParams();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const toggle = (column: (typeof TX_OPTIONAL_COLUMNS)[number], on: boolean) =>
    show({ cols: TX_OPTIONAL_COLUMNS.filter((c) => (c === column ? on : params.cols.includes(c))) });
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ColumnsButton t={t} ref={triggerRef} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("transactions.columns.add")}</DropdownMenuLabel>
        {TX_OPTIONAL_COLUMNS.map((c) => (
          // The menu stays open: several columns are often chosen together.
          <DropdownMenuCheckboxItem key={c} checked={params.cols.includes(c)} onCheckedChange={(on) => toggle(c, on === true)} onSelect={(e) => e.preventDefault()}>
            {t(`transactions.columns.${c}`)}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
