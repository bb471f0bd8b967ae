"use client";

import { ArrowUpDown, Columns3 } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { MessageKey } from "@/lib/i18n/translate";
import { TX_OPTIONAL_COLUMNS, TX_SORTS } from "@/lib/transactions/filters";
import { useTransactionParams } from "./use-transaction-params";

/*
 * The list's menus are not modal (`modal={false}`): a modal menu hides the page behind with
 * aria-hidden while it stays focusable (axe's aria-hidden-focus); these still close on Escape or a
 * click outside. The same holds for "More filters" (filter-bar.tsx).
 */
const SORT_LABEL: Record<(typeof TX_SORTS)[number], MessageKey> = {
  "date.desc": "transactions.sort.dateDesc",
  "date.asc": "transactions.sort.dateAsc",
  "amount.desc": "transactions.sort.amountDesc",
  "amount.asc": "transactions.sort.amountAsc",
};

/** The list's order, in words (at phone width the only way to sort: the cards have no column headers). */
export function SortChip() {
  const { t } = useI18n();
  const { params, apply } = useTransactionParams();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="h-8" aria-label={`${t("transactions.sort.label")}: ${t(SORT_LABEL[params.sort])}`} data-testid="sort-menu">
          <ArrowUpDown aria-hidden />
          {t(SORT_LABEL[params.sort])}
        </Button>
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

/**
 * The columns added to the list's five, kept in the URL (`cols`), so that a saved view remembers
 * them. Shown from the md breakpoint up: the phone's cards keep to what matters.
 */
export function ColumnsMenu() {
  const { t } = useI18n();
  const { params, show } = useTransactionParams();
  const toggle = (column: (typeof TX_OPTIONAL_COLUMNS)[number], on: boolean) =>
    show({ cols: TX_OPTIONAL_COLUMNS.filter((c) => (c === column ? on : params.cols.includes(c))) });
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="h-8 max-md:hidden" data-testid="columns-menu">
          <Columns3 aria-hidden />
          {t("transactions.columns.menu")}
        </Button>
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
