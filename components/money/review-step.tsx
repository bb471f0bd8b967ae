/**
 * The review before money moves (Send, Transfer, Convert): a title, the figures as label/value lines,
 * whatever the step warns about, and its actions (back to the form, confirm). One frame, so every
 * review reads and behaves the same.
 */
import type { ReactNode } from "react";
import { Button } from "@/components/ui/plain-button";
import { cn } from "@/lib/utils";
import { Alert, AlertDescription } from "@/components/ui/alert";

export type ReviewLine = { label: string; value: string; strong?: boolean; mono?: boolean; warn?: boolean; testId?: string };

export function ReviewLines({ lines }: { lines: ReviewLine[] }) {
  return (
    <dl className="grid divide-y rounded-md border text-sm">
      {lines.map((l) => (
        <div key={l.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
          <dt className="text-muted-foreground">{l.label}</dt>
          <dd className={cn("min-w-0 text-right break-all tabular-nums", l.strong && "font-semibold", l.mono && "font-mono text-xs", l.warn && "text-destructive")} data-testid={l.testId}>
            {l.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ReviewStep({
  id,
  title,
  description,
  aside,
  testId,
  className,
  back,
  actions,
  children,
}: {
  /** the section's id prefix: its title is `${id}-title` */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** beside the title (a countdown) */
  aside?: ReactNode;
  testId: string;
  className?: string;
  /** back to the form, the first button */
  back: { label: string; onClick: () => void; disabled: boolean };
  /** the confirmation (and what stands in for it) */
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn("grid gap-4", className)} data-testid={testId}>
      <div className={cn(aside ? "flex flex-wrap items-center justify-between gap-2" : "grid gap-1")}>
        <h3 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h3>
        {aside}
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={back.onClick} disabled={back.disabled}>
          {back.label}
        </Button>
        {actions}
      </div>
    </section>
  );
}

/** What a payout's or a transfer's review warns of: more than the balance holds, and the approval policy holding it (each already in the member's words). */
export function ReviewWarnings({ insufficient, held }: { insufficient?: string | false; held?: string | false }) {
  return (
    <>
      {insufficient && (
        <Alert variant="destructive">
          <AlertDescription>{insufficient}</AlertDescription>
        </Alert>
      )}
      {held && (
        <Alert>
          <AlertDescription>{held}</AlertDescription>
        </Alert>
      )}
    </>
  );
}
