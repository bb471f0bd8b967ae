"use client";

import { useEffect, useRef, useState } from "react";
import { ChevronDown, Plus, X } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

/**
 * One filter as a chip: "+ Status" while unset; "Status: Paid, Pending" once set, with an × that
 * removes it at once. The chip opens its choices in a small panel, where each choice applies at once
 * (there is no "Apply" button).
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
  className,
}: {
  label: string;
  /** what the filter is set to, in words; null: unset */
  value: string | null;
  removeLabel: string;
  onRemove: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: React.ReactNode;
  testId: string;
  /** a wider panel (two date fields side by side) */
  wide?: boolean;
  className?: string;
}) {
  return (
    <span className={cn("tx-chip", value ? "tx-chip-set" : "border-dashed", className)} data-testid={testId} data-set={value ? "true" : undefined}>
      <Popover open={open} onOpenChange={onOpenChange}>
        <PopoverTrigger asChild>
          <button type="button" className="tx-chip-trigger">
            {!value && <Plus aria-hidden className="size-3.5" />}
            <span className={cn(value && "text-muted-foreground")}>{value ? `${label}: ` : label}</span>
            {value && (
              <span className="max-w-48 truncate font-medium" title={value}>
                {value}
              </span>
            )}
            <ChevronDown aria-hidden className="size-3.5 opacity-60" />
          </button>
        </PopoverTrigger>
        <PopoverContent aria-label={label} className={cn(wide && "sm:w-96")}>
          {children}
        </PopoverContent>
      </Popover>
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
