import { FlaskConical } from "@/components/ui/icons";
import type { Receipt } from "@/lib/transactions/receipt";
import { cn } from "@/lib/utils";

/**
 * A receipt as a page: the comprovante's fields in the member's language, the same words as its
 * PDF. On paper it prints black on white, without the page's controls.
 */
export function ReceiptView({ receipt: r }: { receipt: Receipt }) {
  return (
    <article className="rounded-xl border bg-card p-5 text-card-foreground shadow-xs md:p-8 print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none" data-testid="receipt">
      <header className="grid gap-1 border-b pb-4">
        <p className="text-sm font-semibold text-muted-foreground print:text-neutral-700" data-testid="receipt-organization">
          {r.organization}
        </p>
        <h1 className="text-xl font-semibold">{r.title}</h1>
        <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="receipt-amount">
          {r.amount}
        </p>
        <p className="text-sm" data-testid="receipt-status">
          {r.status}
        </p>
        {r.sandbox && (
          <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium" data-testid="receipt-sandbox">
            <FlaskConical aria-hidden className="size-4 shrink-0" />
            {r.sandbox}
          </p>
        )}
      </header>
      <dl className="divide-y">
        {r.fields.map((f) => (
          <div key={f.testId} className="grid gap-1 py-3 text-sm sm:grid-cols-[12rem_1fr] sm:gap-4" data-testid={f.testId}>
            <dt className="text-muted-foreground print:text-neutral-700">{f.label}</dt>
            <dd className={cn("min-w-0 break-words", f.mono && "font-mono text-xs break-all sm:text-sm")}>
              {f.lines.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <footer className="grid gap-1 border-t pt-4 text-xs text-muted-foreground print:text-neutral-700">
        <p data-testid="receipt-issued">{r.issued}</p>
        <p>{r.note}</p>
      </footer>
    </article>
  );
}
