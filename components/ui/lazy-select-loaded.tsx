"use client";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import type { LazySelectProps } from "./lazy-select";

/** LazySelect once its code is here (./lazy-select.tsx): the Radix Select, open at once when a press or a key asked for it. */
export function LoadedSelect({ value, onValueChange, disabled, shown, options, trigger, contentClassName, defaultOpen, focusTrigger }: LazySelectProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const ref = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger ref={ref} {...trigger}>
        <SelectValue>{shown}</SelectValue>
      </SelectTrigger>
      <SelectContent className={contentClassName}>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
