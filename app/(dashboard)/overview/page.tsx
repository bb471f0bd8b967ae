import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import { Suspense } from "react";
import { InfractionAlertsCard } from "@/components/overview/infraction-alerts";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { LiveRefresh } from "@/components/live/live-refresh";
import { Balances } from "@/components/overview/balances";
import { LatestTransactions } from "@/components/overview/latest-transactions";
import { RateHeadroomCard } from "@/components/overview/rate-headroom";
import { ReconciliationNotice } from "@/components/overview/reconciliation-notice";
import { ReportingTotalCard } from "@/components/overview/reporting-total";
import { BalancesSkeleton, CardSkeleton, TotalSkeleton } from "@/components/overview/skeletons";
import { VolumeCard } from "@/components/overview/volume";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { parseOverviewParams } from "@/lib/overview/params";
import type { RawSearchParams } from "@/lib/search-params";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.overview.title") };
}

/**
 * The Overview: widgets that each read their own data inside a Suspense boundary (a slow API read
 * never holds back the mirror's figures) and say where it comes from and when it was read.
 */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const { access, t, environment, isConnected, after } = await pageContext("dashboard.view");
  const title = t("pages.overview.title");
  const description = t("pages.overview.description", { organization: access.organizationName });
  if (!isConnected) {
    return (
      <>
        <PageHeader title={title} description={description} />
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  const params = parseOverviewParams(await searchParams);
  const props = { access, environment };
  // A verified payment moves the mirror ("transaction") and the balances ("balance", the worker drops
  // the cached read first): one refresh re-renders every widget.
  return (
    <>
      <PageHeader title={title} description={description} actions={<LiveRefresh kinds={["transaction", "balance", "infraction"]} environment={environment} after={after} />} />
      <ProviderNotice {...props} />
      <div className="grid min-w-0 grid-cols-1 gap-6">
        {/* Usually nothing to say: no placeholder, so nothing flashes and disappears. */}
        <Suspense fallback={null}>
          <ReconciliationNotice {...props} />
        </Suspense>
        <Suspense fallback={<TotalSkeleton />}>
          <ReportingTotalCard {...props} params={params} />
        </Suspense>
        <Suspense fallback={<BalancesSkeleton />}>
          <Balances {...props} />
        </Suspense>
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-5">
          <Suspense fallback={<CardSkeleton className="lg:col-span-3" chart lines={1} />}>
            <VolumeCard {...props} params={params} className="min-w-0 lg:col-span-3" />
          </Suspense>
          <Suspense fallback={<CardSkeleton className="lg:col-span-2" lines={8} />}>
            <LatestTransactions {...props} className="min-w-0 lg:col-span-2" />
          </Suspense>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
          <Suspense fallback={<CardSkeleton lines={3} />}>
            <RateHeadroomCard {...props} />
          </Suspense>
          <Suspense fallback={<CardSkeleton lines={3} />}>
            <InfractionAlertsCard {...props} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
