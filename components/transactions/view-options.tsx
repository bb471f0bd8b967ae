"use client";

import { ArrowUpDown, Columns3 } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import type { MessageKey } from "@/lib/i18n/translate";
import type { TX_SORTS } from "@/lib/transactions/filters";
import { useTransactionParams } from "./use-transaction-params";

/*
 * The list's menus are not modal (`modal={false}`): a modal menu hides the page behind with
 * aria-hidden while it stays focusable (axe's aria-hidden-focus); these still close on Escape or a
 * click outside. The same holds for "More filters" (filter-bar.tsx).
 *
 * Their code (Radix's menus and popovers, shared with the filter chips) loads on the first intent
 * (./filter-menus-loaded.tsx): until then each trigger renders alone, the same button.
 */
export const SORT_LABEL: Record<(typeof TX_SORTS)[number], MessageKey> = {
  "date.desc": "transactions.sort.dateDesc",
  "date.asc": "transactions.sort.dateAsc",
  "amount.desc": "transactions.sort.amountDesc",
  "amount.asc": "transactions.sort.amountAsc",
};

/** The list's menus, the filter chips' panels and "More filters": one module, loaded on the first intent on any of them. */
export const filterMenus = lazyModule(() => import("./filter-menus-loaded"));

/** The sort menu's button: the order in words. */
export function SortButton({ sort, ...props }: ButtonProps & { sort: (typeof TX_SORTS)[number] }) {
  const { t } = useI18n();
  return (
    <Button type="button" variant="ghost" size="sm" className="h-8" aria-label={`${t("transactions.sort.label")}: ${t(SORT_LABEL[sort])}`} data-testid="sort-menu" {...props}>
      <ArrowUpDown aria-hidden />
      {t(SORT_LABEL[sort])}
    </Button>
  );
}

/** The Columns menu's button (from the md breakpoint up: the phone's cards keep to what matters). */
export function ColumnsButton(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button type="button" variant="outline" size="sm" className="h-8 max-md:hidden" data-testid="columns-menu" {...props}>
      <Columns3 aria-hidden />
      {t("transactions.columns.menu")}
    </Button>
  );
}

/** The list's order, in words (at phone width the only way to sort: the cards have no column headers). */
export function SortChip() {
  const { params } = useTransactionParams();
  const { loaded, intent, openOnLoad, focused } = useIntent(filterMenus);
  if (loaded) return <loaded.SortMenu defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <SortButton sort={params.sort} {...closedTrigger("menu")} {...intent} />;
}

/** The columns added to the list's five, kept in the URL (`cols`), so that a saved view remembers them. */
export function ColumnsMenu() {
  const { loaded, intent, openOnLoad, focused } = useIntent(filterMenus);
  if (loaded) return <loaded.ColumnsMenu defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <ColumnsButton {...closedTrigger("menu")} {...intent} />;
}
