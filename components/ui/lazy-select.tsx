"use client";

import { useId } from "react";
import { ChevronDownIcon } from "@/components/ui/icons";
import { lazyModule } from "@/components/ui/lazy";
import { useIntent } from "@/components/ui/lazy-trigger";
import { selectTriggerClasses } from "./select-classes";

export type LazySelectOption = { value: string; label: React.ReactNode; lang?: string };

export type LazySelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  /** What the closed trigger shows: the chosen option's words (given, so they show before the code too). */
  shown: React.ReactNode;
  options: LazySelectOption[];
  /** The trigger's own attributes: its id (for a <label>), aria-label, aria-describedby, className, data-testid. */
  trigger: { id?: string; className?: string; "aria-label"?: string; "aria-describedby"?: string; "data-testid"?: string };
  contentClassName?: string;
};

/** The select itself (Radix Select, its popper and floating-ui, ≈ 25 KiB gzipped): loaded on the first intent. */
const loaded = lazyModule(() => import("./lazy-select-loaded"));

/** Keys that open a select from its trigger (Radix Select's own). */
const OPENING_KEYS = ["Enter", " ", "ArrowDown", "ArrowUp"];

/**
 * A select whose code loads on the first sign of intent (the pointer over it, focus, a press or a
 * key), not with the page: until then its trigger renders alone, with the markup of the closed
 * Radix trigger (role, state, slot, classes); a press or an opening key meanwhile opens it as soon as the code is there, and focus
 * stays on the trigger across the swap. For the settings' selects (a member's role, the language,
 * the time zone); a select inside a lazily loaded dialog uses ./select.tsx directly.
 */
export function LazySelect(props: LazySelectProps) {
  const { loaded: select, intent, openOnLoad, focused } = useIntent(loaded);
  // As Radix's closed trigger: the list's id, though the list is not there until it opens.
  const list = useId();
  if (select) return <select.LoadedSelect {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  const { className, ...attributes } = props.trigger;
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-controls={list}
      aria-autocomplete="none"
      data-state="closed"
      data-slot="select-trigger"
      data-size="default"
      disabled={props.disabled}
      data-disabled={props.disabled ? "" : undefined}
      {...attributes}
      className={selectTriggerClasses(className)}
      {...intent}
      onKeyDown={(e) => {
        if (!OPENING_KEYS.includes(e.key)) return;
        e.preventDefault();
        // As a press: open once the code is here (the key came with focus, which already asked for it).
        intent.onClick();
      }}
    >
      <span data-slot="select-value" style={{ pointerEvents: "none" }}>
        {props.shown}
      </span>
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden />
    </button>
  );
}
