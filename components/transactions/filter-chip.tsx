"use client";

import { useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import type { Translate } from "@/lib/i18n/translate";
import { ChipPanel } from "./filter-menus-loaded";
import { ChipFace, ChipFrame } from "./toolbar-parts";

/**
 * One filter as a chip in the loaded filter bar: "+ Status" while unset; "Status: Paid, Pending" once
 * set, with an × that removes it at once. The chip opens its choices in a small panel, where each
 * choice applies at once (there is no "Apply" button); `open` is the filter bar's.
 */
export function FilterChip({
  t,
  label,
  value,
  onRemove,
  open,
  onOpenChange,
  children,
  testId,
  wide,
}: {
  t: Translate;
  label: string;
  /** what the filter is set to, in words; null: unset */
  value: string | null;
  onRemove: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
  testId: string;
  /** a wider panel (two date fields side by side) */
  wide?: boolean;
}) {
  return (
    <ChipFrame t={t} testId={testId} label={label} set={value !== null} onRemove={onRemove}>
      <ChipPanel label={label} wide={wide} open={open} onOpenChange={onOpenChange} face={<ChipFace label={label} value={value} />}>
        {children}
      </ChipPanel>
    </ChipFrame>
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
  typed,
  ...props
}: Omit<React.ComponentProps<typeof Input>, "value" | "defaultValue" | "onChange"> & {
  value: string;
  onCommit: (value: string) => void;
  delay?: number;
  /** what was typed before the field's code loaded (applied as if just typed) */
  typed?: string;
}) {
  const [draft, setDraft] = useState(typed ?? value);
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
