import Link from "next/link";
import { ArrowRight, ReceiptText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TransactionStatus } from "@/components/events/transaction-status";
import type { Access } from "@/lib/auth/access";
import { can } from "@/lib/auth/roles";
import type { Db, Scope } from "@/lib/db/scope";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { latestRows } from "@/lib/overview/queries";
import { kindLabel } from "@/lib/transactions/kind";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "./card-classes";
import { cn } from "@/lib/utils";
import { keep, mirrorTag } from "@/lib/pages/kept";

export const LATEST_COUNT = 8;

/** The newest transactions of the mirror, each opening its detail on the Transactions page. */
export async function LatestTransactions({ db, scope, access, className }: { db: Db; scope: Scope; access: Access; className?: string }) {
  const { t, locale } = await getI18n();
  const rows = await keep(`latest:${scope.organizationId}:${scope.environment}`, [mirrorTag(scope.organizationId)], () => latestRows(db, scope, LATEST_COUNT));
  const canCharge = can(access.role, "charges.create");
  return (
    <section aria-labelledby="latest-title" className={className}>
      <Card className={cn("h-full", OVERVIEW_CARD)} data-testid="latest-transactions">
        <CardHeader className={OVERVIEW_PAD}>
          <CardTitle>
            <h2 id="latest-title">{t("overview.latest.title")}</h2>
          </CardTitle>
          {rows.length > 0 && (
            <CardAction>
              <Button asChild size="sm" variant="ghost">
                <Link href="/transactions">
                  {t("overview.latest.seeAll")} <ArrowRight aria-hidden />
                </Link>
              </Button>
            </CardAction>
          )}
        </CardHeader>
        <CardContent className={cn("grid grid-cols-1 gap-3", OVERVIEW_PAD)}>
          {rows.length === 0 ? (
            <EmptyState
              icon={<ReceiptText />}
              titleAs="h3"
              title={t("overview.latest.emptyTitle")}
              description={canCharge ? t("overview.latest.emptyDescriptionCharge") : t("overview.latest.emptyDescription")}
              action={
                canCharge ? (
                  <Button asChild>
                    <Link href="/receive">{t("overview.latest.createCharge")}</Link>
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <ul className="ov-list">
              {rows.map((r) => (
                <li key={r.transactionId}>
                  <Link
                    href={`/transactions?tx=${encodeURIComponent(r.transactionId)}`}
                    className="ov-line"
                    data-testid={`latest-${r.transactionId}`}
                  >
                    <span className="ov-l-main">
                      <span className="ov-l-title">{kindLabel(t, r)}</span>
                      <span className="ov-l-sub">
                        <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
                        {r.payerName ? ` · ${t("overview.latest.payer", { name: r.payerName })}` : ""}
                      </span>
                    </span>
                    <span className="ov-l-end">
                      <span className="ov-l-amt">{r.amount !== null && r.currency ? formatMoney(r.amount, r.currency, locale) : "—"}</span>
                      <TransactionStatus status={r.status} reportedStatus={r.reportedStatus} t={t} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
