"use client";

import * as React from "react";
import { CalendarDays } from "@/components/ui/icons";
import { useI18n } from "@/components/providers/i18n-provider";
import { dayOrder, formatDay, maskDay, parseDay } from "@/lib/i18n/day-text";
import { cx } from "@/lib/class-join";
import { Input } from "./input";

type Props = {
  id: string;
  /** Submitted with a form as ISO (2026-11-05), in a hidden input. */
  name?: string;
  /** ISO day, controlled; "" for none. */
  value?: string;
  defaultValue?: string;
  /** A complete day typed or picked (ISO), or "" once cleared; nothing while half typed. */
  onValueChange?: (iso: string) => void;
  min?: string;
  max?: string;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A day, typed in the member's language (dd/mm/aaaa in pt-BR and es-MX, mm/dd/yyyy in English)
 * whatever the browser's, with the browser's own calendar a button away. A native date input
 * writes the browser's language's order, which told a pt-BR member on an English browser that
 * 05/11 was May. Slashes are written while digits are typed (a phone's number pad has none); what
 * is not a day is said so when the field is left, and nothing is committed for it.
 */
export function DateField({ id, name, value, defaultValue, onValueChange, min, max, className, ...aria }: Props) {
  const { t, locale } = useI18n();
  const order = dayOrder(locale);
  const [iso, setIso] = React.useState(value ?? defaultValue ?? "");
  const [text, setText] = React.useState(() => formatDay(value ?? defaultValue ?? "", order));
  const [bad, setBad] = React.useState(false);
  const picker = React.useRef<HTMLInputElement>(null);

  // A controlled value changed from outside (a preset, a filter removed): shown as it is now
  // (adjusted while rendering, React's pattern for state that follows a prop).
  const [seen, setSeen] = React.useState(value);
  if (value !== undefined && value !== seen) {
    setSeen(value);
    if (value !== iso) {
      setIso(value);
      setText(formatDay(value, order));
      setBad(false);
    }
  }

  const commit = (next: string) => {
    if (next === iso) return;
    setIso(next);
    if (value !== undefined) setSeen(next);
    onValueChange?.(next);
  };

  const errorId = `${id}-invalid`;
  const describedBy = [aria["aria-describedby"], bad ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cx("grid gap-1", className)}>
      <div className="relative">
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("dateField.placeholder")}
          value={text}
          aria-invalid={bad || aria["aria-invalid"] || undefined}
          aria-describedby={describedBy}
          className="pr-9"
          onChange={(e) => {
            const typed = e.target.value;
            const next = typed.length < text.length ? typed : maskDay(typed, order);
            setText(next);
            const parsed = parseDay(next, order);
            if (parsed !== null) {
              setBad(false);
              commit(parsed);
            }
          }}
          onBlur={() => {
            const parsed = parseDay(text, order);
            setBad(parsed === null);
            if (parsed) setText(formatDay(parsed, order));
          }}
        />
        <button
          type="button"
          aria-label={t("dateField.pick")}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          onClick={() => {
            const el = picker.current;
            if (!el) return;
            try {
              el.showPicker();
            } catch {
              el.focus();
              el.click();
            }
          }}
        >
          <CalendarDays className="size-4" aria-hidden="true" />
        </button>
        {/* The browser's calendar, opened by the button above; the field shows what it picked in the member's language. */}
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          className="pointer-events-none absolute right-0 bottom-0 h-px w-px opacity-0"
          value={iso}
          min={min}
          max={max}
          onChange={(e) => {
            setText(formatDay(e.target.value, order));
            setBad(false);
            commit(e.target.value);
          }}
        />
      </div>
      {name && <input type="hidden" name={name} value={iso} />}
      {bad && (
        <p id={errorId} className="text-xs text-destructive">
          {t("dateField.invalid", { example: formatDay("2026-11-05", order) })}
        </p>
      )}
    </div>
  );
}
