"use client";

import { useId } from "react";
import { AMOUNT_MODES, type AmountMode } from "@/lib/payouts/vocabulary";
import { useI18n } from "@/components/providers/i18n-provider";
import { cx } from "@/lib/class-join";

/**
 * "Recipient receives" or "You send": what the amount typed beside it means (a radio group shown as a
 * segmented control; arrow keys move between the two).
 */
export function AmountModeToggle({ value, onChange, name }: { value: AmountMode; onChange: (mode: AmountMode) => void; name: string }) {
  const { t } = useI18n();
  const labelId = useId();
  // Laid out as a form field (label above, control below) so it lines up with the amount beside it.
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="grid content-start gap-2">
      <span id={labelId} className="text-sm leading-none font-medium">
        {t("send.form.amountMode")}
      </span>
      <div className="grid grid-cols-2 rounded-md border p-0.5" data-testid="amount-mode">
        {AMOUNT_MODES.map((mode) => (
          <label
            key={mode}
            className={cx(
              "flex min-h-8 cursor-pointer items-center justify-center rounded-[calc(var(--radius)-4px)] px-2 py-1.5 text-center text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
              value === mode ? "bg-primary text-primary-foreground font-medium" : "text-muted-foreground hover:bg-muted",
            )}
          >
            <input type="radio" name={name} value={mode} checked={value === mode} onChange={() => onChange(mode)} className="sr-only" />
            {t(`send.form.amountModes.${mode}`)}
          </label>
        ))}
      </div>
    </div>
  );
}
