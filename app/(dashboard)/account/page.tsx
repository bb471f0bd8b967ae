import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import { Suspense } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { ProfileSection } from "@/components/account/profile-section";
import { LimitsSection } from "@/components/account/limits-section";
import { FeesSection } from "@/components/account/fees-section";
import { FeesSkeleton, LimitsSkeleton, ProfileSkeleton } from "@/components/account/skeletons";
import { loadAccountSearchParams, type AccountTab } from "@/lib/account/params";
import { AccountTabs } from "@/components/account/account-tabs";
import { localCurrencyOf } from "@/components/account/section-read";
import { RefreshButton } from "@/components/shell/refresh-button";
import { refreshAccountAction } from "./actions";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import type { Access } from "@/lib/auth/access";
import type { ApiEnvironment } from "@/lib/api-context";
import type { Locale } from "@/lib/db/schema";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.account.title") };
}

/**
 * The payment account of the organisation's current environment: the profile (KYC) on top, then
 * two tabs (`?tab=`, lib/account/params.ts): the limits with what has been used, and the fees (the
 * open one rendered, components/account/account-tabs.tsx). Each section reads the API through the
 * organisation's context on its own, so a slow or failing read does not hold the others; limits and
 * fees list the organisation's own currency first.
 */
export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { access, t, locale, environment, isConnected } = await pageContext("dashboard.view");
  const { tab } = loadAccountSearchParams(await searchParams);
  return (
    <>
      <PageHeader
        title={t("pages.account.title")}
        description={t("pages.account.description", { organization: access.organizationName })}
        actions={isConnected ? <RefreshButton action={refreshAccountAction} label={t("account.refresh")} testId="account-refresh" /> : undefined}
      />
      {isConnected && <ProviderNotice access={access} environment={environment} />}
      {isConnected ? (
        <AccountContent access={access} environment={environment} locale={locale} tab={tab} />
      ) : (
        <NotConnected access={access} environment={environment} />
      )}
    </>
  );
}

function AccountContent({ access, environment, locale, tab }: { access: Access; environment: ApiEnvironment; locale: Locale; tab: AccountTab }) {
  const local = localCurrencyOf(access, environment, locale);
  // Awaited by both tabs' sections (it does not fail: each reading falls back on its own).
  local.catch(() => undefined);
  return (
    <div className="grid min-w-0 gap-6">
      <Suspense fallback={<ProfileSkeleton />}>
        <ProfileSection access={access} environment={environment} />
      </Suspense>
      <AccountTabs
        tab={tab}
        panels={{
          limits:
            tab === "limits" ? (
              <Suspense fallback={<LimitsSkeleton />}>
                <LimitsSection access={access} environment={environment} local={local} />
              </Suspense>
            ) : (
              <LimitsSkeleton />
            ),
          fees:
            tab === "fees" ? (
              <Suspense fallback={<FeesSkeleton />}>
                <FeesSection access={access} environment={environment} local={local} />
              </Suspense>
            ) : (
              <FeesSkeleton />
            ),
        }}
      />
    </div>
  );
}
