import { StatusBadges, type StatusView } from "./status-badges";
import type { Translate } from "@/lib/i18n";

const VARIANT: Record<string, StatusView["variant"]> = {
  confirmed: "success",
  failed: "destructive",
  refunded: "secondary",
  expired: "outline",
  cancelled: "outline",
  pending: "warning",
};

const KNOWN = ["pending", "confirmed", "failed", "cancelled", "expired", "refunded"] as const;

/** Whether a mirror row is a conversion (nobody paid anyone: a confirmed one is "Done", not "Paid"). */
export const isConversion = (r: { type?: string | null; source?: string | null }) => r.type === "conversion" || r.source === "conversion";

/** The status in the member's words, for `StatusBadges`; a completed conversion is "Done", as Convert says. */
export function statusView(status: string, reportedStatus: string | null, t: Translate, conversion = false): StatusView {
  const label = (s: string) =>
    conversion && s === "confirmed" ? t("transactions.status.converted") : (KNOWN as readonly string[]).includes(s) ? t(`transactions.status.${s as (typeof KNOWN)[number]}`) : s;
  return {
    variant: VARIANT[status] ?? "outline",
    label: label(status),
    reported: reportedStatus && reportedStatus !== status ? t("transactions.reportedVerifying", { status: label(reportedStatus) }) : null,
  };
}

/** The mirror's status in words; while a webhook's claim awaits its read-back, "reported …, verifying". */
export function TransactionStatus({ status, reportedStatus, t, conversion }: { status: string; reportedStatus: string | null; t: Translate; conversion?: boolean }) {
  return <StatusBadges view={statusView(status, reportedStatus, t, conversion)} />;
}
