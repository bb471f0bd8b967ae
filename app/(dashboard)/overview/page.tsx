import type { Metadata } from "next";
import { Suspense } from "react";
import { ProviderNotice } from "@/components/shell/provider-notice";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { LiveRefresh } from "@/components/live/live-refresh";
import { AttentionCard } from "@/components/overview/attention";
import { Balances } from "@/components/overview/balances";
import { FiguresCard } from "@/components/overview/figures";
import { LatestTransactions } from "@/components/overview/latest-transactions";
import { QuickActions } from "@/components/overview/quick-actions";
import { CardSkeleton, FiguresSkeleton } from "@/components/overview/skeletons";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { parseOverviewParams } from "@/lib/overview/params";
import type { RawSearchParams } from "@/lib/search-params";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.overview.title") };
}

/**
 * The Overview, a merchant's home: what needs them, what came in and went out against the period
 * before, the balances and the latest transactions, with the next step (Receive, Send, Convert) for
 * those whose role may take it. Each widget reads its own data inside a Suspense boundary (a slow API
 * read never holds back the transactions' figures); where a figure comes from is one click away.
 */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const { access, t, environment, isConnected, after, db, scope } = await pageContext("dashboard.view");
  const title = t("pages.overview.title");
  const greeting = t("overview.greeting", { name: access.name.split(/\s+/)[0] || access.name, organization: access.organizationName });
  if (!isConnected) {
    return (
      <>
        <PageHeader title={title} description={greeting} />
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  const params = parseOverviewParams(await searchParams);
  const actions = (
    <div className="flex flex-wrap items-center gap-3">
      <QuickActions access={access} t={t} />
      {/* A verified payment moves the mirror ("transaction") and the balances ("balance", the worker drops
          the cached read first): one refresh re-renders every widget. */}
      <LiveRefresh kinds={["transaction", "balance", "infraction"]} environment={environment} after={after} />
    </div>
  );
  return (
    <>
      <PageHeader title={title} description={greeting} actions={actions} />
      <ProviderNotice access={access} environment={environment} />
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <Suspense fallback={<CardSkeleton lines={2} />}>
          <AttentionCard db={db} scope={scope} access={access} days={params.period} />
        </Suspense>
        <Suspense fallback={<FiguresSkeleton />}>
          <FiguresCard db={db} scope={scope} params={params} className="min-w-0" />
        </Suspense>
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-5">
          <Suspense fallback={<CardSkeleton className="lg:col-span-2" lines={4} />}>
            <Balances access={access} environment={environment} params={params} className="min-w-0 lg:col-span-2" />
          </Suspense>
          <Suspense fallback={<CardSkeleton className="lg:col-span-3" lines={8} />}>
            <LatestTransactions db={db} scope={scope} access={access} className="min-w-0 lg:col-span-3" />
          </Suspense>
        </div>
      </div>
    </>
  );
}
