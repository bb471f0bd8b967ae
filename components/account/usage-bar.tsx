/**
 * How much of a limit is used, as a bar (width from an exact percentage string, clamped to 0…100);
 * styled in app/globals.css (`.usage-bar`): a page shows one in each of dozens of rows. `className`
 * adds to it (its width beside a figure).
 */
export function UsageBar({ percent, label, valueText, className }: { percent: string; label: string; valueText: string; className?: string }) {
  const n = Number(percent);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={n}
      aria-valuetext={valueText}
      className={className ? `usage-bar ${className}` : "usage-bar"}
      data-testid="usage-bar"
      data-percent={percent}
      data-level={n >= 100 ? "over" : n >= 80 ? "high" : undefined}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}
