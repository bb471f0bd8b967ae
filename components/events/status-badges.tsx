import { Badge } from "@/components/ui/badge";

/** A status as words and a badge's colour, and the webhook's claim still being verified, if any (./transaction-status.tsx writes it). */
export type StatusView = { variant: "success" | "destructive" | "warning" | "secondary" | "outline"; label: string; reported: string | null };

/** `StatusView` drawn; no words of its own, so a client component can draw what the server wrote. */
export function StatusBadges({ view }: { view: StatusView }) {
  return (
    <span className="tx-status">
      <Badge variant={view.variant} data-testid="tx-status">
        {view.label}
      </Badge>
      {view.reported && (
        <Badge variant="outline" data-testid="tx-reported">
          {view.reported}
        </Badge>
      )}
    </span>
  );
}
