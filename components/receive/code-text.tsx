/** A charge's code as text, for the server's ChargeCode and BoletoCode (no hooks, no directive: a client component could draw it too). */
import { digitableGroups } from "@/lib/payments/boleto";
import { cx } from "@/lib/class-join";

/** The code as text, to read or select by hand; the button above copies it. */
export function CodeText({ value, label, testId, className }: { value: string; label: string; testId?: string; className?: string }) {
  return (
    <div className={cx("grid gap-1", className)}>
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <span className="rounded-md border bg-muted/40 p-2 font-mono text-xs break-all select-all" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The five groups of a boleto's 47 digits, as banks print them; a group never breaks across lines. */
export function DigitableLine({ line, label }: { line: string; label: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <p className="rounded-md border bg-muted/40 p-2 font-mono text-base leading-relaxed select-all" data-testid="digitable-line">
        {digitableGroups(line).map((group, i) => (
          <span key={i}>
            {i > 0 && " "}
            <span className="whitespace-nowrap">{group}</span>
          </span>
        ))}
      </p>
    </div>
  );
}
