import type { Metadata } from "next";
import { ShieldCheck } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { EmptyState } from "@/components/ui/empty-state";
import { CopyButton } from "@/components/ui/copy-button";
import { Card, CardContent } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { LiveRefresh } from "@/components/live/live-refresh";
import { TransactionStatus } from "@/components/events/transaction-status";
import { authorizePage } from "@/lib/auth/authorize";
import { pageEnvironment } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { latestTransactions, syncStatus } from "@/lib/events/queries";
import { latestEventId } from "@/lib/events/live";
import { formatDateTime, formatMoney, formatRelativeTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.transactions.title") };
}

/** The organisation's latest transactions, from the mirror (never the API), live. */
export default async function TransactionsPage() {
  const access = await authorizePage("dashboard.view");
  const { t, locale } = await getI18n();
  const { environment, connected } = await pageEnvironment(access);
  if (!connected.includes(environment)) {
    return (
      <>
        <PageHeader title={t("pages.transactions.title")} description={t("pages.transactions.description")} />
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  const db = await getDb();
  const after = await latestEventId(db, access.organizationId);
  const [rows, sync] = await Promise.all([latestTransactions(db, access.organizationId, environment), syncStatus(db, access.organizationId, environment)]);
  const now = new Date();
  return (
    <>
      <PageHeader title={t("pages.transactions.title")} description={t("pages.transactions.description")} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <p data-testid="sync-status">
          {sync.lastSyncAt
            ? t("transactions.synced", { ago: formatRelativeTime(sync.lastSyncAt, locale, now), count: sync.count })
            : t("transactions.firstSync")}
        </p>
        <LiveRefresh kinds={["transaction", "webhook"]} environment={environment} after={after} />
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t("transactions.emptyTitle")} description={t("transactions.emptyDescription")} />
      ) : (
        <Card className="py-0">
          <CardContent className="px-0">
            <Table aria-label={t("pages.transactions.title")}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("transactions.columns.date")}</TableHead>
                  <TableHead>{t("transactions.columns.kind")}</TableHead>
                  <TableHead className="text-right">{t("transactions.columns.amount")}</TableHead>
                  <TableHead className="text-right">{t("transactions.columns.fee")}</TableHead>
                  <TableHead className="text-right">{t("transactions.columns.net")}</TableHead>
                  <TableHead>{t("transactions.columns.status")}</TableHead>
                  <TableHead>{t("transactions.columns.payer")}</TableHead>
                  <TableHead>{t("transactions.columns.id")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.transactionId} data-testid={`tx-${r.transactionId}`}>
                    <TableCell className="whitespace-nowrap">{r.createdAt ? formatDateTime(r.createdAt, locale) : "—"}</TableCell>
                    <TableCell>
                      <span className="block">{r.type ?? r.source ?? "—"}</span>
                      <span className="text-xs text-muted-foreground">{r.method ?? r.source ?? ""}</span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{r.amount && r.currency ? formatMoney(r.amount, r.currency, locale) : "—"}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap text-muted-foreground">{r.fee && r.currency ? formatMoney(r.fee, r.currency, locale) : "—"}</TableCell>
                    <TableCell className="text-right tabular-nums whitespace-nowrap">{r.amountNet && r.currency ? formatMoney(r.amountNet, r.currency, locale) : "—"}</TableCell>
                    <TableCell>
                      <TransactionStatus status={r.status} reportedStatus={r.reportedStatus} t={t} />
                      {r.verifiedAt && !r.reportedStatus && (
                        <span className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-testid="tx-verified" title={formatDateTime(r.verifiedAt, locale)}>
                          <ShieldCheck aria-hidden className="size-3" />
                          {r.webhookEvent ? t("transactions.verifiedWebhook") : t("transactions.verified")}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="max-w-40 truncate">{r.payerName ?? "—"}</TableCell>
                    <TableCell>
                      <span className="inline-flex items-center gap-1 font-mono text-xs">
                        {r.transactionId.slice(0, 10)}…
                        <CopyButton value={r.transactionId} label={t("transactions.copyId")} copiedLabel={t("common.copied")} />
                      </span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </>
  );
}
