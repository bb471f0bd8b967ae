import { StatusBadges, type StatusView } from "./status-badges";
import type { Translate } from "@/lib/i18n";

const VARIANT: Record<string, StatusView["variant"]> = {
  confirmed: "success",
  failed: "destructive",
  refunded: "secondary",
  expired: "outline",
  cancelled: "outline",
  pending: "warning",
  converted: "success",
};

const KNOWN = ["pending", "confirmed", "failed", "cancelled", "expired", "refunded", "converted"] as const;

/**
 * The status a row is shown with: the mirror's, but a completed conversion is "converted" ("Done", as
 * Convert says: nobody was paid). Said by the server, so the list's script stays as it was.
 */
export const shownStatus = (r: { status: string; type?: string | null; source?: string | null }) =>
  r.status === "confirmed" && (r.type === "conversion" || r.source === "conversion") ? "converted" : r.status;

/** The status in the member's words, for `StatusBadges`. */
export function statusView(status: string, reportedStatus: string | null, t: Translate): StatusView {
  const label = (s: string) => ((KNOWN as readonly string[]).includes(s) ? t(`transactions.status.${s as (typeof KNOWN)[number]}`) : s);
  return {
    variant: VARIANT[status] ?? "outline",
    label: label(status),
    reported: reportedStatus && reportedStatus !== status ? t("transactions.reportedVerifying", { status: label(reportedStatus) }) : null,
  };
}

/** The mirror's status in words; while a webhook's claim awaits its read-back, "reported …, verifying". */
export function TransactionStatus({ status, reportedStatus, t }: { status: string; reportedStatus: string | null; t: Translate }) {
  return <StatusBadges view={statusView(status, reportedStatus, t)} />;
}
