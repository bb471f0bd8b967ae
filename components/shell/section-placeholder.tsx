import { Construction } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { authorizePage } from "@/lib/auth/authorize";
import { getI18n } from "@/lib/i18n/server";
import { PageHeader } from "./page-header";

type Section = "transactions" | "receive" | "send" | "convert" | "wallets" | "infractions";

/** An honest empty state for a section whose capability has not landed yet. */
export async function SectionPlaceholder({ section }: { section: Section }) {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t(`pages.${section}.title`)} description={t(`pages.${section}.description`, { organization: access.organizationName })} />
      <EmptyState icon={<Construction />} title={t("empty.notBuiltTitle")} description={t("empty.notBuiltDescription")} />
    </>
  );
}
