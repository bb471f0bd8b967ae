import { PageHeader } from "@/components/shell/page-header";
import { SectionNav } from "@/components/shell/section-nav";
import { authorizePage } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/roles";
import { getI18n } from "@/lib/i18n/server";
import { SETTINGS_SECTIONS } from "@/lib/pages/sections";

export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  const sections = SETTINGS_SECTIONS.filter((s) => can(access.role, s.permission)).map(({ href, label }) => ({ href, label: t(label) }));
  return (
    <>
      <PageHeader title={t("pages.settings.title")} description={t("pages.settings.description")} />
      <SectionNav sections={sections} label={t("nav.settings")} />
      <div className="mt-6">{children}</div>
    </>
  );
}
