import { cn } from "@/lib/utils";

/** How much of a limit is used, as a bar (width from an exact percentage string, clamped to 0…100). */
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
      className={cn("h-1.5 w-full overflow-hidden rounded-full bg-muted", className)}
      data-testid="usage-bar"
      data-percent={percent}
    >
      <div className={cn("h-full rounded-full bg-primary", n >= 80 && "bg-warning", n >= 100 && "bg-destructive")} style={{ width: `${percent}%` }} />
    </div>
  );
}
