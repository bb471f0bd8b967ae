"use client";

import { useEffect, useRef, useState } from "react";
import { ChevronDown, Plus, X } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import { cx } from "@/lib/class-join";
import { filterMenus } from "./view-options";

/**
 * One filter as a chip: "+ Status" while unset; "Status: Paid, Pending" once set, with an × that
 * removes it at once. The chip opens its choices in a small panel, where each choice applies at once
 * (there is no "Apply" button). The panel's code (Radix Popover) loads on the first intent
 * (./filter-menus-loaded.tsx); until then the chip's button renders alone, and a click on it opens
 * the panel once the code is there (`open` is the filter bar's).
 */
export function FilterChip({
  label,
  value,
  removeLabel,
  onRemove,
  open,
  onOpenChange,
  children,
  testId,
  wide,
}: {
  label: string;
  /** what the filter is set to, in words; null: unset */
  value: string | null;
  removeLabel: string;
  onRemove: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
  testId: string;
  /** a wider panel (two date fields side by side) */
  wide?: boolean;
}) {
  const { loaded, intent, focused } = useIntent(filterMenus, () => onOpenChange(true));
  // A popover opens on click, not on pointer down: the press only fetches the code, so that a click
  // landing on the loaded button does not close what the press opened.
  const { onPointerDown: _press, ...before } = intent;
  const face = (
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
  return (
    <span className={cx("tx-chip", value ? "tx-chip-set" : "border-dashed")} data-testid={testId} data-set={value ? "true" : undefined}>
      {loaded ? (
        <loaded.ChipPanel label={label} wide={wide} open={open} onOpenChange={onOpenChange} face={face} focusTrigger={focused}>
          {children}
        </loaded.ChipPanel>
      ) : (
        <button type="button" className="tx-chip-trigger" {...closedTrigger("dialog")} {...before}>
          {face}
        </button>
      )}
      {value && (
        <button type="button" className="tx-chip-remove" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
          <X aria-hidden className="size-3.5" />
        </button>
      )}
    </span>
  );
}

export type Choice = { value: string; label: string; testId?: string };

/** The choices of a chip as native radios (one of them) or checkboxes (several): each change applies at once. */
export function ChoiceList({
  legend,
  name,
  kind,
  choices,
  selected,
  onChange,
}: {
  legend: string;
  name: string;
  kind: "radio" | "checkbox";
  choices: Choice[];
  selected: readonly string[];
  onChange: (value: string, checked: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-0.5">
      <legend className="mb-1 text-xs font-medium text-muted-foreground">{legend}</legend>
      {choices.map((c) => (
        <label key={c.value} className="flex cursor-pointer items-center gap-2 rounded-sm px-1.5 py-1 text-sm hover:bg-accent">
          <input
            type={kind}
            name={name}
            value={c.value}
            className="size-4 accent-primary"
            checked={selected.includes(c.value)}
            onChange={(e) => onChange(c.value, e.target.checked)}
            data-testid={c.testId}
          />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A text field that applies what is typed on Enter, on leaving the field, or after a short pause,
 * never once per key. It follows the URL when the value changes under it (Back, a saved view).
 */
export function DebouncedInput({
  value,
  onCommit,
  delay = 600,
  ...props
}: Omit<React.ComponentProps<typeof Input>, "value" | "defaultValue" | "onChange"> & { value: string; onCommit: (value: string) => void; delay?: number }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // What this field last applied, until the URL says so (the server may take a moment).
  const [sent, setSent] = useState(value);
  // The URL moved: if not by this field (Back, Clear, a saved view), show its value. (Adjusting state while rendering, as React documents.)
  if (value !== shown) {
    setShown(value);
    if (value !== sent) {
      setDraft(value);
      setSent(value);
    }
  }
  const send = (v: string) => {
    if (v === value.trim() || v === sent) return;
    setSent(v);
    onCommit(v);
  };
  const latest = useRef(send);
  useEffect(() => {
    latest.current = send;
  });
  useEffect(() => {
    const timer = setTimeout(() => latest.current(draft.trim()), delay);
    return () => clearTimeout(timer);
  }, [draft, delay]);
  return (
    <Input
      {...props}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={(e) => {
        send(draft.trim());
        props.onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          send(draft.trim());
        }
        props.onKeyDown?.(e);
      }}
    />
  );
}
