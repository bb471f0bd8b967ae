import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import Link from "@/components/ui/link";
import { Wallet } from "@/components/ui/icons";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { EmptyState } from "@/components/ui/empty-state";
import { Button } from "@/components/ui/button";
import { LiveRefresh } from "@/components/live/live-refresh";
import { CreateWalletDialog } from "@/components/wallets/create-wallet-dialog";
import { WalletCard } from "@/components/wallets/wallet-card";
import { OtherWallets } from "@/components/wallets/other-wallets";
import { can } from "@/lib/auth/roles";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { sandboxToolsAvailable } from "@/lib/sandbox-control/tools";
import { listWallets } from "@/lib/wallets/service";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.wallets.title") };
}

const pageOf = (v: string | string[] | undefined) => {
  const n = Number(Array.isArray(v) ? v[0] : v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 100_000) : 1;
};

/**
 * Fixed wallets (PIX keys, CLABEs, crypto addresses) the dashboard created, with what each received.
 * The API has no wallet list: the list is the dashboard's own record, and the deposits are the
 * mirror's (linked to their wallet by the webhook worker), live.
 */
export default async function WalletsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { access, t, locale, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  const canCreate = can(access.role, "charges.create");
  const header = (
    <PageHeader
      title={t("pages.wallets.title")}
      description={t("pages.wallets.description")}
      actions={isConnected && canCreate ? <CreateWalletDialog key={environment} environment={environment} /> : undefined}
    />
  );
  if (!isConnected) {
    return (
      <>
        {header}
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  const [list, simulate] = await Promise.all([
    listWallets(db, target, { page: pageOf((await searchParams).page) }),
    canCreate ? sandboxToolsAvailable(access, environment) : Promise.resolve(false),
  ]);

  return (
    <>
      {header}
      <ProviderNotice access={access} environment={environment} />
      <div className="grid gap-4" data-testid="wallets">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <p data-testid="wallets-count">{t("wallets.count", { count: list.total })}</p>
          <LiveRefresh kinds={["transaction"]} environment={environment} after={after} />
        </div>
        {list.total === 0 ? (
          <EmptyState
            icon={<Wallet />}
            title={t("wallets.emptyTitle")}
            description={canCreate ? t("wallets.emptyDescription") : t("wallets.emptyViewer")}
            action={canCreate ? <CreateWalletDialog key={`empty-${environment}`} environment={environment} variant="outline" triggerLabel={t("wallets.createFirst")} /> : undefined}
          />
        ) : (
          <>
            {list.wallets.map((w) => (
              <WalletCard key={w.id} wallet={w} t={t} locale={locale} simulate={simulate} />
            ))}
            {list.pages > 1 && (
              <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={t("wallets.pager.label")}>
                <span className="text-muted-foreground" data-testid="wallets-page">
                  {t("wallets.pager.page", { page: list.page, pages: list.pages })}
                </span>
                <span className="flex gap-2">
                  {list.page > 1 && (
                    <Button asChild size="sm" variant="outline">
                      <Link href={list.page === 2 ? "/wallets" : `/wallets?page=${list.page - 1}`}>{t("wallets.pager.previous")}</Link>
                    </Button>
                  )}
                  {list.page < list.pages && (
                    <Button asChild size="sm" variant="outline">
                      <Link href={`/wallets?page=${list.page + 1}`}>{t("wallets.pager.next")}</Link>
                    </Button>
                  )}
                </span>
              </nav>
            )}
          </>
        )}
        {list.others.length > 0 && <OtherWallets wallets={list.others} t={t} locale={locale} />}
      </div>
    </>
  );
}
