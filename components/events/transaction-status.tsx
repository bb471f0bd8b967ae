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

/** The mirror's status in words; while a webhook's claim awaits its read-back, "reported …, verifying". */
export function TransactionStatus({ status, reportedStatus, t }: { status: string; reportedStatus: string | null; t: Translate }) {
  const label = (s: string) => ((KNOWN as readonly string[]).includes(s) ? t(`transactions.status.${s as (typeof KNOWN)[number]}`) : s);
  return (
    <span className="tx-status">
      <Badge variant={VARIANT[status] ?? "outline"} data-testid="tx-status">
        {label(status)}
      </Badge>
      {reportedStatus && reportedStatus !== status && (
        <Badge variant="outline" data-testid="tx-reported">
          {t("transactions.reportedVerifying", { status: label(reportedStatus) })}
        </Badge>
      )}
    </span>
  );
}
