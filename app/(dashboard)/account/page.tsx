import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { ProfileSection } from "@/components/account/profile-section";
import { LimitsSection } from "@/components/account/limits-section";
import { FeesSection } from "@/components/account/fees-section";
import { FeesSkeleton, LimitsSkeleton, ProfileSkeleton } from "@/components/account/skeletons";
import { RefreshButton } from "@/components/shell/refresh-button";
import { refreshAccountAction } from "./actions";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.account.title") };
}

/**
 * The payment account of the organisation's current environment: profile (KYC), limits with what
 * has been used, and fees. Each section reads the API through the organisation's context on its
 * own, so a slow or failing read does not hold the others.
 */
export default async function AccountPage() {
  const { access, t, environment, isConnected } = await pageContext("dashboard.view");
  return (
    <>
      <PageHeader
        title={t("pages.account.title")}
        description={t("pages.account.description", { organization: access.organizationName })}
        actions={isConnected ? <RefreshButton action={refreshAccountAction} label={t("account.refresh")} testId="account-refresh" /> : undefined}
      />
      {isConnected && <ProviderNotice access={access} environment={environment} />}
      {isConnected ? (
        <div className="grid min-w-0 gap-8">
          <Suspense fallback={<ProfileSkeleton />}>
            <ProfileSection access={access} environment={environment} />
          </Suspense>
          <Suspense fallback={<LimitsSkeleton />}>
            <LimitsSection access={access} environment={environment} />
          </Suspense>
          <Suspense fallback={<FeesSkeleton />}>
            <FeesSection access={access} environment={environment} />
          </Suspense>
        </div>
      ) : (
        <NotConnected access={access} environment={environment} />
      )}
    </>
  );
}
