"use client";

/**
 * The Transactions list's menus and the filter chips' panels (Radix DropdownMenu and Popover): loaded
 * on the first intent on any of their triggers (./view-options.tsx, ./filter-chip.tsx,
 * ./filter-bar.tsx render the triggers alone until then).
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
import { ColumnsButton, SORT_LABEL, SortButton } from "./view-options";
import { MoreFiltersButton } from "./filter-bar";

type Loaded = { defaultOpen?: boolean; focusTrigger?: boolean };

/** A filter chip's panel: its button (`face`: what it says) and its choices (`children`). */
export function ChipPanel({ label, wide, open, onOpenChange, face, focusTrigger, children }: { label: string; wide?: boolean; open: boolean; onOpenChange: (open: boolean) => void; face: React.ReactNode; focusTrigger?: boolean; children: React.ReactNode }) {
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <button ref={triggerRef} type="button" className="tx-chip-trigger">
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
export function MoreFiltersMenu({ choices, onChoose, defaultOpen, focusTrigger }: Loaded & { choices: { key: string; label: string }[]; onChoose: (key: string) => void }) {
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MoreFiltersButton ref={triggerRef} />
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
        <SortButton sort={params.sort} ref={triggerRef} />
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
        <ColumnsButton ref={triggerRef} />
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
