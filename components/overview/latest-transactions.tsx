import Link from "@/components/ui/link";
import { ArrowRight, ReceiptText } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { shownStatus, statusView } from "@/components/events/transaction-status";
import type { Access } from "@/lib/auth/access";
import { can } from "@/lib/auth/roles";
import type { Db, Scope } from "@/lib/db/scope";
import { formatMoney, formatShortDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { latestRows } from "@/lib/overview/queries";
import { kindLabel } from "@/lib/transactions/kind";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "./card-classes";
import { LatestRows } from "./latest-rows";
import { cn } from "@/lib/utils";
import { keep, mirrorTag } from "@/lib/pages/kept";

export const LATEST_COUNT = 8;

/** The newest transactions of the mirror, each led by who paid or was paid, opening its detail on the Transactions page. */
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
            <LatestRows
              rows={rows.map((r) => {
                // Led by the person, as the Transactions list is; the kind after the date.
                const kind = kindLabel(t, r);
                const lead = r.counterparty ?? r.description;
                return {
                  id: r.transactionId,
                  title: lead ?? kind,
                  at: r.createdAt,
                  when: formatShortDateTime(r.createdAt, locale),
                  detail: lead ? ` · ${kind}` : "",
                  amount: r.amount !== null && r.currency ? formatMoney(r.amount, r.currency, locale) : "—",
                  status: statusView(shownStatus(r), r.reportedStatus, t),
                };
              })}
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
