"use client";

import { useI18n } from "@/components/providers/i18n-provider";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import type { TX_SORTS } from "@/lib/transactions/filters";
import { toolbarCode } from "./toolbar-code";
import { ColumnsButton, SortButton } from "./toolbar-parts";

/*
 * The list's menus are not modal (`modal={false}`): a modal menu hides the page behind with
 * aria-hidden while it stays focusable (axe's aria-hidden-focus); these still close on Escape or a
 * click outside. The same holds for "More filters" (./filter-menus-loaded.tsx).
 *
 * Their code is the toolbar's (./toolbar-code.ts): until it loaded each trigger renders alone, the
 * same button, the order in words from the server's reading of the URL.
 */

/** The list's order, in words (at phone width the only way to sort: the cards have no column headers). */
export function SortChip({ sort }: { sort: (typeof TX_SORTS)[number] }) {
  const { t } = useI18n();
  const { loaded, intent, openOnLoad, focused } = useIntent(toolbarCode);
  if (loaded) return <loaded.SortMenu defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <SortButton t={t} sort={sort} {...closedTrigger("menu")} {...intent} />;
}

/** The columns added to the list's five, kept in the URL (`cols`), so that a saved view remembers them. */
export function ColumnsMenu() {
  const { t } = useI18n();
  const { loaded, intent, openOnLoad, focused } = useIntent(toolbarCode);
  if (loaded) return <loaded.ColumnsMenu defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <ColumnsButton t={t} {...closedTrigger("menu")} {...intent} />;
}
