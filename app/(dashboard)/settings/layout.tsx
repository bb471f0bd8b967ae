import { PageHeader } from "@/components/shell/page-header";
import { SettingsNav } from "@/components/settings/settings-nav";
import { authorizePage } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/roles";
import { getI18n } from "@/lib/i18n/server";

export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t("pages.settings.title")} description={t("pages.settings.description")} />
      <SettingsNav showTeam={can(access.role, "team.manage")} />
      <div className="mt-6">{children}</div>
    </>
  );
}
