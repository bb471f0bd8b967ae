import { Badge } from "@/components/ui/badge";
import type { Translate } from "@/lib/i18n";

const VARIANT: Record<string, "success" | "destructive" | "warning" | "secondary" | "outline"> = {
  confirmed: "success",
  failed: "destructive",
  refunded: "secondary",
  expired: "outline",
  cancelled: "outline",
  pending: "warning",
};

const KNOWN = ["pending", "confirmed", "failed", "cancelled", "expired", "refunded"] as const;

/** A status as words and a badge's colour, and the webhook's claim still being verified, if any. */
export type StatusView = { variant: (typeof VARIANT)[string]; label: string; reported: string | null };

export function statusView(status: string, reportedStatus: string | null, t: Translate): StatusView {
  const label = (s: string) => ((KNOWN as readonly string[]).includes(s) ? t(`transactions.status.${s as (typeof KNOWN)[number]}`) : s);
  return {
    variant: VARIANT[status] ?? "outline",
    label: label(status),
    reported: reportedStatus && reportedStatus !== status ? t("transactions.reportedVerifying", { status: label(reportedStatus) }) : null,
  };
}

/** `StatusView` drawn (no words of its own: usable where the words were written elsewhere). */
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

/** The mirror's status in words; while a webhook's claim awaits its read-back, "reported …, verifying". */
export function TransactionStatus({ status, reportedStatus, t }: { status: string; reportedStatus: string | null; t: Translate }) {
  return <StatusBadges view={statusView(status, reportedStatus, t)} />;
}
