import type { Metadata } from "next";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { Balances } from "@/components/overview/balances";
import { authorizePage } from "@/lib/auth/authorize";
import { pageEnvironment } from "@/lib/api-context";
import { getI18n } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.overview.title") };
}

function BalancesSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
    </div>
  );
}

export default async function OverviewPage() {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  const { environment, connected } = await pageEnvironment(access);
  return (
    <>
      <PageHeader title={t("pages.overview.title")} description={t("pages.overview.description", { organization: access.organizationName })} />
      {connected.includes(environment) ? (
        <Suspense fallback={<BalancesSkeleton />}>
          <Balances access={access} environment={environment} />
        </Suspense>
      ) : (
        <NotConnected access={access} environment={environment} />
      )}
    </>
  );
}
