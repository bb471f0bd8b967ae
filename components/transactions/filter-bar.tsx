"use client";

import { useEffect } from "react";
import { useI18n } from "@/components/providers/i18n-provider";
import { useLazyForm } from "@/components/forms/lazy-form";
import { Input } from "@/components/ui/input";
import { preload, whenIdle } from "@/components/ui/lazy";
import { closedTrigger } from "@/components/ui/lazy-trigger";
import type { ChipWords } from "@/lib/transactions/filter-words";
import { ChipFace, ChipFrame, ClearFilters, FilterBarFrame, MoreFiltersButton, searchFieldProps } from "./toolbar-parts";
import { toolbarCode } from "./toolbar-code";

export type FilterBarProps = {
  /** the chips in words, as the server read the URL (lib/transactions/filter-words.ts) */
  chips: ChipWords[];
  /** whether "More filters" has any left to offer */
  more: boolean;
  /** the search's text in the URL */
  q: string;
  /** how many filters the server applied */
  activeCount: number;
  /** the currencies the Currency chip offers */
  currencies: string[];
};

/**
 * The filters as chips, all in the URL. Drawn first from the server's words, without the bar's code
 * (nuqs, Radix's popovers and menus, the panels: ./filter-bar-loaded.tsx), which is fetched once the
 * page is idle or on the first intent (the pointer over the bar, focus in it). What was done before
 * it arrived is carried to the loaded bar: the search's text (and Enter), focus, the chip pressed
 * (its panel opens), an × or "Clear filters" pressed (applied), "More filters" (its menu opens).
 */
export function FilterBar(props: FilterBarProps) {
  const { t } = useI18n();
  const { loaded, formProps, carried, press } = useLazyForm(toolbarCode);
  useEffect(() => whenIdle(() => preload(toolbarCode)), []);
  if (loaded) return <loaded.FilterBar currencies={props.currencies} activeCount={props.activeCount} carried={carried} />;
  return (
    <FilterBarFrame t={t} search={<Input {...searchFieldProps(t)} defaultValue={props.q} />} {...formProps}>
      {props.chips.map((c) => (
        <ChipFrame key={c.key} t={t} testId={`chip-${c.key}`} label={c.label} set={c.value !== null} onRemove={() => press(`remove:${c.key}`)}>
          <button type="button" className="tx-chip-trigger" {...closedTrigger("dialog", "popover-trigger")} onClick={() => press(`chip:${c.key}`)}>
            <ChipFace label={c.label} value={c.value} />
          </button>
        </ChipFrame>
      ))}
      {props.more && <MoreFiltersButton t={t} {...closedTrigger("menu")} onClick={() => press("more")} />}
      {props.activeCount > 0 && <ClearFilters t={t} count={props.activeCount} onClear={() => press("clear")} />}
    </FilterBarFrame>
  );
}
