import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ArrowLeft, Download } from "@/components/ui/icons";
import { NotConnected } from "@/components/shell/not-connected";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SectionCard } from "@/components/shell/section-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { LiveRefresh } from "@/components/live/live-refresh";
import { TransactionStatus } from "@/components/events/transaction-status";
import { failureText } from "@/components/send/payout-list";
import { recipientText } from "@/lib/payouts/recipient";
import { BulkBatchActions } from "@/components/send/bulk-batch-actions";
import { BATCH_STATE_VARIANT } from "@/components/send/bulk-batch-list";
import { can } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { describeRowError, getBatch, type BatchRowView } from "@/lib/payouts/bulk";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: `${t("send.tabs.bulk")} · ${t("pages.send.title")}` };
}

/** One bulk batch: its progress, each row's state here and at the provider, approval, and the results file. */
export default async function BulkBatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  const { id } = await params;
  if (!isConnected) return <NotConnected access={access} environment={environment} />;
  const batch = await getBatch(db, target, id);
  if (!batch) notFound();

  const c = batch.counts;
  const done = c.sent + c.failed;
  const percent = batch.rowCount ? Math.round((done / batch.rowCount) * 100) : 0;
  const totals = Object.entries(batch.totals)
    .map(([cur, a]) => formatMoney(a, cur, locale))
    .join(" · ");
  const summary = `${batch.fileName ?? batch.reference} · ${t("bulk.list.rows", { count: batch.rowCount })} · ${totals}`;
  const pending = Math.max(0, c.sent - c.confirmed - c.settledFailed);
  const rowStatus = (r: BatchRowView) => (
    <span className="inline-grid justify-items-end gap-1 sm:justify-items-start">
      {r.state === "sent" && r.status ? (
        <TransactionStatus status={r.status} reportedStatus={null} t={t} />
      ) : (
        <Badge variant={r.state === "failed" || r.state === "rejected" ? "destructive" : r.state === "awaiting_approval" ? "warning" : "outline"}>{t(`bulk.rowState.${r.state}`)}</Badge>
      )}
      {r.state === "failed" && r.errorCode && <span className="text-xs text-destructive">{t("send.failure.other", { code: r.errorCode })}</span>}
      {r.status === "failed" && r.mirrorErrorCode && <span className="text-xs text-destructive">{failureText(r.mirrorErrorCode, t)}</span>}
    </span>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Link href="/send/bulk" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden /> {t("bulk.detail.back")}
        </Link>
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1.5">
            <CardTitle>
              <h2 className="flex flex-wrap items-center gap-2">
                {t("bulk.detail.title", { reference: batch.reference })}
                <Badge variant={BATCH_STATE_VARIANT[batch.state]} data-testid="bulk-batch-state">
                  {t(`bulk.state.${batch.state}`)}
                </Badge>
              </h2>
            </CardTitle>
            <CardDescription className="break-all">
              {batch.fileName ? `${t("bulk.detail.file", { file: batch.fileName })} · ` : ""}
              {totals}
            </CardDescription>
          </div>
          <LiveRefresh kinds={["transaction"]} environment={environment} after={after} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium" data-testid="bulk-progress" data-sent={c.sent} data-failed={c.failed} data-total={batch.rowCount}>
                {t("bulk.detail.progress", { sent: c.sent, total: batch.rowCount })}
              </span>
              {c.sent > 0 && (
                <span className="text-muted-foreground">{t("bulk.detail.outcome", { confirmed: c.confirmed, failed: c.settledFailed, pending })}</span>
              )}
            </div>
            <div
              className="h-2 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label={t("bulk.detail.progressLabel")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            {c.failed > 0 && <p className="text-sm text-destructive">{t("bulk.detail.refusedCount", { count: c.failed })}</p>}
          </div>
          <div className="grid gap-0.5 text-sm text-muted-foreground">
            <span>{t("bulk.detail.requestedBy", { name: batch.requestedByName ?? "—", date: formatDateTime(batch.createdAt, locale) })}</span>
            {batch.decidedAt && batch.state !== "rejected" && <span>{t("bulk.detail.approvedBy", { name: batch.decidedByName ?? "—", date: formatDateTime(batch.decidedAt, locale) })}</span>}
            {batch.state === "rejected" && (
              <span className="text-destructive">{t("bulk.detail.rejectedBy", { name: batch.decidedByName ?? "—", date: formatDateTime(batch.decidedAt ?? batch.createdAt, locale), reason: batch.rejectReason ?? "" })}</span>
            )}
          </div>
          {batch.state === "awaiting_approval" && (
            <div className="grid gap-2 rounded-md border border-warning/50 p-3">
              <p className="text-sm">{t("bulk.detail.waiting")}</p>
              {can(access.role, "money.approve") ? (
                <BulkBatchActions id={batch.id} own={batch.requestedBy === access.userId} summary={summary} />
              ) : (
                <p className="text-sm text-muted-foreground">{t("bulk.detail.noPermission")}</p>
              )}
            </div>
          )}
          {(batch.state === "queued" || batch.state === "sending") && <p className="text-sm text-muted-foreground">{t("bulk.detail.sendingNote", { perMinute: env().BULK_CASHOUT_PER_MINUTE.toLocaleString(locale) })}</p>}
          <div>
            <Button asChild variant="outline" size="sm">
              <a href={`/api/payout-batches/${batch.id}/results`} download data-testid="bulk-results">
                <Download aria-hidden /> {t("bulk.detail.results")}
              </a>
            </Button>
          </div>
        </CardContent>
      </Card>

      <SectionCard title={t("bulk.detail.rowsTitle")} className="min-w-0">
        <Table containerLabel={t("bulk.detail.rowsTitle")} containerClassName="hidden sm:block">
          <TableHeader>
            <TableRow>
              <TableHead className="w-14 text-right">{t("bulk.preview.row")}</TableHead>
              <TableHead className="hidden lg:table-cell">{t("bulk.detail.reference")}</TableHead>
              <TableHead>{t("bulk.preview.recipient")}</TableHead>
              <TableHead className="text-right">{t("bulk.preview.amount")}</TableHead>
              <TableHead>{t("bulk.detail.status")}</TableHead>
              <TableHead className="text-right">{t("bulk.detail.fee")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {batch.rows.map((r) => (
              <TableRow key={r.id} data-testid="bulk-batch-row" data-line={r.line} data-state={r.state} data-external-id={r.externalId}>
                <TableCell className="text-right font-mono text-xs tabular-nums">{r.line}</TableCell>
                <TableCell className="hidden font-mono text-xs whitespace-nowrap lg:table-cell">{r.externalId}</TableCell>
                <TableCell className="max-w-[14rem] truncate text-xs" title={recipientText(r)}>
                  {t(`send.kinds.${r.kind}`)} · {recipientText(r)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.amount, r.currency, locale)}</TableCell>
                <TableCell className="whitespace-normal">{rowStatus(r)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{r.fee ? formatMoney(r.fee, r.currency, locale) : "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {/* Phones: one line per payout, its state first. */}
        <ul className="divide-y sm:hidden">
          {batch.rows.map((r) => (
            <li key={r.id} className="grid gap-1 py-2" data-line={r.line} data-state={r.state}>
              <span className="flex items-center justify-between gap-2 text-sm">
                <span className="font-medium">
                  {r.line} · {formatMoney(r.amount, r.currency, locale)}
                </span>
                {rowStatus(r)}
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {t(`send.kinds.${r.kind}`)} · {recipientText(r)}
              </span>
              <span className="font-mono text-xs text-muted-foreground">{r.externalId}</span>
            </li>
          ))}
        </ul>
      </SectionCard>

      {batch.skipped.length > 0 && (
        <SectionCard title={t("bulk.detail.skippedTitle", { count: batch.skipped.length })} description={t("bulk.detail.skippedDescription")}>
          <ul className="divide-y" data-testid="bulk-skipped">
            {batch.skipped.map((s) => (
              <li key={s.line} className="grid gap-0.5 py-2 text-sm" data-line={s.line}>
                <span className="font-medium">
                  {t("bulk.preview.row")} {s.line} · <span className="uppercase">{s.kind || "—"}</span> · {s.amount || "—"}
                </span>
                {s.errors.map((e, i) => (
                  <span key={i} className="text-xs text-destructive">
                    {describeRowError(t, e)}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </SectionCard>
      )}
    </div>
  );
}
