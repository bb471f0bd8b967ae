import type { Metadata } from "next";
import { PlugZap } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { authorizePage } from "@/lib/auth/authorize";
import { getI18n } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.overview.title") };
}

export default async function OverviewPage() {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t("pages.overview.title")} description={t("pages.overview.description", { organization: access.organizationName })} />
      <EmptyState icon={<PlugZap />} title={t("empty.noCredentialTitle")} description={t("empty.noCredentialDescription")} />
    </>
  );
}
