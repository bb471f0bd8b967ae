/** Shared pieces of the Send forms: the review step's lines. */
import { cn } from "@/lib/utils";

export type ReviewLine = { label: string; value: string; strong?: boolean; mono?: boolean; warn?: boolean };

export function ReviewLines({ lines }: { lines: ReviewLine[] }) {
  return (
    <dl className="grid divide-y rounded-md border text-sm">
      {lines.map((l) => (
        <div key={l.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
          <dt className="text-muted-foreground">{l.label}</dt>
          <dd className={cn("min-w-0 text-right break-all", l.strong && "font-semibold", l.mono && "font-mono text-xs", l.warn && "text-destructive")}>{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}
