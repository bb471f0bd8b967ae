import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import Link from "@/components/ui/link";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { SectionCard } from "@/components/shell/section-card";
import { EmptyState } from "@/components/ui/empty-state";
import { LiveRefresh } from "@/components/live/live-refresh";
import { TransactionStatus } from "@/components/events/transaction-status";
import { PixDecoder } from "@/components/receive/pix-decoder";
import { ChargeForm } from "@/components/receive/charge-form";
import { can } from "@/lib/auth/roles";
import { listCharges, recentPayers } from "@/lib/charges/service";
import { formatShortDateTime, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { chargesTag, keep, mirrorTag } from "@/lib/pages/kept";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.receive.title") };
}

/** Receive: a new charge, the latest charges with their live status, and the PIX code decoder. */
export default async function ReceivePage() {
  const { access, t, locale, db, environment, isConnected, scope: target, after } = await pageContext("dashboard.view");
  if (!isConnected) {
    return (
      <>
        <PageHeader title={t("pages.receive.title")} description={t("pages.receive.description")} />
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  // The same for the whole team until a charge (or its transaction, for the status) changes.
  const org = access.organizationId;
  const [charges, payers] = await Promise.all([
    keep(`charges:${org}:${environment}`, [chargesTag(org), mirrorTag(org)], () => listCharges(db, target, 15)),
    keep(`payers:${org}:${environment}`, [chargesTag(org)], () => recentPayers(db, target)),
  ]);
  return (
    <>
      <PageHeader title={t("pages.receive.title")} description={t("pages.receive.description")} />
      <ProviderNotice access={access} environment={environment} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <SectionCard title={t("charges.form.title")} description={t("charges.form.intro")}>
          <ChargeForm recentPayers={payers} canCreate={can(access.role, "charges.create")} />
        </SectionCard>
        <div className="grid content-start gap-6">
          <SectionCard title={t("charges.list.title")} description={t("charges.list.description")} action={<LiveRefresh kinds={["transaction"]} environment={environment} after={after} />}>
            {charges.length === 0 ? (
              <EmptyState title={t("charges.list.emptyTitle")} description={t("charges.list.emptyDescription")} />
            ) : (
              <ul className="divide-y" data-testid="charge-list">
                {charges.map((c) => (
                  <li key={c.id}>
                    <Link href={`/receive/${c.id}`} className="flex items-center justify-between gap-3 rounded-md px-1 py-2.5 hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                      <span className="grid min-w-0 gap-0.5">
                        <span className="truncate text-sm font-medium">
                          {formatMoney(c.amount, c.currency, locale)} · {t(`charges.methods.${c.method}`)}
                        </span>
                        <span className="truncate text-xs text-muted-foreground">
                          {c.payer.name ?? "—"} · {formatShortDateTime(c.createdAt, locale)}
                        </span>
                      </span>
                      {c.state === "created" && c.status ? (
                        <TransactionStatus status={c.status} reportedStatus={c.reportedStatus} t={t} />
                      ) : (
                        <span className="text-xs text-muted-foreground">{t(`charges.state.${c.state}`)}</span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
          <SectionCard title={t("pixDecoder.title")} description={t("pixDecoder.description")}>
            <PixDecoder />
          </SectionCard>
        </div>
      </div>
    </>
  );
}
