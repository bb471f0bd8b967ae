import Link from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { formatShortDateTime, formatMoney } from "@/lib/i18n/format";
import type { Locale, Translate } from "@/lib/i18n";
import type { BatchSummary } from "@/lib/payouts/bulk";
import type { PayoutBatchState } from "@/lib/vocabulary";

export const BATCH_STATE_VARIANT: Record<PayoutBatchState, "success" | "warning" | "destructive" | "outline" | "secondary"> = {
  awaiting_approval: "warning",
  queued: "outline",
  sending: "secondary",
  done: "success",
  rejected: "destructive",
};

/** The organisation's latest bulk batches: file, totals, state and how far each has been sent. */
export function BulkBatchList({ batches, t, locale }: { batches: BatchSummary[]; t: Translate; locale: Locale }) {
  if (batches.length === 0) return <EmptyState title={t("bulk.list.emptyTitle")} description={t("bulk.list.emptyDescription")} />;
  return (
    <ul className="divide-y" data-testid="bulk-batch-list">
      {batches.map((b) => {
        return (
          <li key={b.id} className="grid gap-1 py-3" data-testid="bulk-batch" data-reference={b.reference}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link href={`/send/bulk/${b.id}`} className="min-w-0 truncate text-sm font-medium text-primary underline-offset-4 hover:underline">
                {b.fileName ?? b.reference}
              </Link>
              <Badge variant={BATCH_STATE_VARIANT[b.state]}>{t(`bulk.state.${b.state}`)}</Badge>
            </div>
            <span className="text-xs text-muted-foreground">
              {t("bulk.list.rows", { count: b.rowCount })}
              {b.skippedCount > 0 && ` · ${t("bulk.list.skipped", { count: b.skippedCount })}`} · {Object.entries(b.totals).map(([c, a]) => formatMoney(a, c, locale)).join(" · ")}
            </span>
            <span className="text-xs text-muted-foreground">
              {b.state === "sending" || b.state === "done" ? `${t("bulk.list.progress", { sent: b.counts.sent, total: b.rowCount })} · ` : ""}
              {b.reference} · {formatShortDateTime(b.createdAt, locale)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
