import type { Metadata } from "next";
import { ShieldCheck } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SectionCard } from "@/components/shell/section-card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { LiveRefresh } from "@/components/live/live-refresh";
import { FindingActions } from "@/components/events/finding-actions";
import { listFindings, syncStatus, type FindingDto } from "@/lib/events/queries";
import { formatDateTime, formatMoney, formatRelativeTime } from "@/lib/i18n/format";
import { balanceChecks } from "@/lib/events/balances";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import type { Locale, Translate } from "@/lib/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("reconciliation.title") };
}

function explain(f: FindingDto, t: Translate, locale: Locale): string {
  const d = f.details as { status?: string; claimedStatus?: string; apiStatus?: string; type?: string; currency?: string; amount?: string; since?: string };
  if (f.kind === "unexplained_balance")
    return t("reconciliation.explain.unexplained_balance", { currency: d.currency ?? "", amount: formatMoney(d.amount ?? "0", d.currency ?? "", locale), since: d.since ? formatDateTime(d.since, locale) : "" });
  if (f.kind === "missed_webhook") return t("reconciliation.explain.missed_webhook", { status: d.status ?? "" });
  if (f.kind === "contradicted_webhook") return t("reconciliation.explain.contradicted_webhook", { claimed: d.claimedStatus ?? "?", api: d.apiStatus ?? t("webhooks.notFoundAtApi") });
  return t("reconciliation.explain.stuck_pending", { type: d.type ?? "" });
}

/** Admins: where the API and the webhooks disagree, found by each sync and by the worker. */
export default async function ReconciliationPage() {
  const { access, t, locale, db, after, environment, scope } = await pageContext("logs.view");
  const [open, resolved, sync, balances] = await Promise.all([
    listFindings(db, access.organizationId, "open"),
    listFindings(db, access.organizationId, "resolved", 20),
    syncStatus(db, access.organizationId, environment),
    balanceChecks(db, scope),
  ]);
  const now = new Date();
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t("reconciliation.openTitle", { count: open.length })}</h2>
          </CardTitle>
          <CardDescription>
            {t("reconciliation.description")}{" "}
            {sync.lastSyncAt ? t("reconciliation.lastSync", { ago: formatRelativeTime(sync.lastSyncAt, locale, now) }) : t("transactions.firstSync")}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <LiveRefresh kinds={["reconciliation", "transaction"]} environment={environment} after={after} className="justify-self-end" />
          {open.length === 0 ? (
            <EmptyState icon={<ShieldCheck />} title={t("reconciliation.emptyTitle")} description={t("reconciliation.emptyDescription")} titleAs="h3" />
          ) : (
            <Table aria-label={t("reconciliation.openTitle", { count: open.length })} phoneLabels={[t("reconciliation.columns.found"), t("reconciliation.columns.kind"), t("reconciliation.columns.transaction"), null]}>
              <TableColumns
                columns={[
                  { label: t("reconciliation.columns.found") },
                  { label: t("reconciliation.columns.kind") },
                  { label: t("reconciliation.columns.transaction") },
                  { label: t("webhooks.columns.actions"), className: "sr-only" },
                ]}
              />
              <TableBody>
                {open.map((f) => (
                  <TableRow key={f.id} data-testid={`finding-${f.kind}`}>
                    <TableCell className="whitespace-nowrap">
                      {formatDateTime(f.createdAt, locale)}
                      <span className="block text-xs text-muted-foreground">{t("reconciliation.checked", { ago: formatRelativeTime(f.checkedAt, locale, now) })}</span>
                    </TableCell>
                    <TableCell className="pr-wide">
                      <Badge variant={f.kind === "contradicted_webhook" ? "destructive" : "warning"}>{t(`reconciliation.kinds.${f.kind}`)}</Badge>
                      <span className="mt-1 block max-w-md text-xs text-muted-foreground">{explain(f, t, locale)}</span>
                    </TableCell>
                    <TableCell className="font-mono text-xs">{f.kind === "unexplained_balance" ? String(f.details.currency ?? "") : f.transactionId}</TableCell>
                    <TableCell>
                      <FindingActions id={f.id} transactionId={f.transactionId} currency={f.kind === "unexplained_balance" ? String(f.details.currency ?? "") : undefined} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <SectionCard title={t("reconciliation.balances.title")} description={t("reconciliation.balances.description")}>
        {balances.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("reconciliation.balances.none")}</p>
        ) : (
          <Table aria-label={t("reconciliation.balances.title")}>
            <TableColumns columns={[{ label: t("reconciliation.balances.currency") }, { label: t("reconciliation.balances.result") }]} />
            <TableBody>
              {balances.map((b) => {
                const explained = b.unexplained === null || Number(b.unexplained) === 0;
                const baselineOnly = b.checkedAt === b.since;
                return (
                  <TableRow key={b.currency} data-testid={`balance-check-${b.currency}`}>
                    <TableCell className="font-medium">{b.currency}</TableCell>
                    {/* The result wraps under its badge: two columns fit a phone's width. */}
                    <TableCell className="whitespace-normal">
                      <Badge variant={baselineOnly ? "secondary" : explained ? "success" : "warning"}>
                        {baselineOnly
                          ? t("reconciliation.balances.baseline")
                          : explained
                            ? t("reconciliation.balances.explained")
                            : t("reconciliation.balances.unexplained", { amount: formatMoney(b.unexplained!, b.currency, locale) })}
                      </Badge>
                      <span className="mt-1 block text-xs text-muted-foreground">
                        {t("reconciliation.balances.since", { since: formatDateTime(b.since, locale) })}
                        {b.checkedAt && <> · {t("reconciliation.balances.lastChecked", { ago: formatRelativeTime(b.checkedAt, locale, now) })}</>}
                      </span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </SectionCard>
      {resolved.length > 0 && (
        <SectionCard title={t("reconciliation.resolvedTitle")}>
          <ul className="grid gap-2 text-sm">
            {resolved.map((f) => (
              <li key={f.id} className="flex flex-wrap gap-x-3 gap-y-1">
                <span>{formatDateTime(f.resolvedAt ?? f.checkedAt, locale)}</span>
                <span>{t(`reconciliation.kinds.${f.kind}`)}</span>
                <span className="font-mono text-xs">{f.kind === "unexplained_balance" ? String(f.details.currency ?? "") : f.transactionId}</span>
                <span className="text-muted-foreground">{f.resolution === "cleared_by_sync" ? t("reconciliation.clearedBySync") : f.resolution}</span>
              </li>
            ))}
          </ul>
        </SectionCard>
      )}
    </div>
  );
}
