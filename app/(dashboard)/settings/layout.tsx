import { PageHeader } from "@/components/shell/page-header";
import { SectionNav } from "@/components/shell/section-nav";
import { authorizePage } from "@/lib/auth/authorize";
import { can, type Permission } from "@/lib/auth/roles";
import { getI18n } from "@/lib/i18n/server";
import type { MessageKey } from "@/lib/i18n";

/** Each section with the permission its page checks (the page checks it again itself). */
const SECTIONS: { href: string; label: MessageKey; permission: Permission }[] = [
  { href: "/settings/preferences", label: "nav.preferences", permission: "dashboard.view" },
  { href: "/settings/security", label: "nav.security", permission: "dashboard.view" },
  { href: "/settings/team", label: "nav.team", permission: "team.manage" },
  { href: "/settings/infractions", label: "nav.infractionSettings", permission: "organization.manage" },
  { href: "/settings/credentials", label: "nav.credentials", permission: "credentials.manage" },
  { href: "/settings/webhooks", label: "nav.webhooks", permission: "logs.view" },
  { href: "/settings/reconciliation", label: "nav.reconciliation", permission: "logs.view" },
  { href: "/settings/developers", label: "nav.developers", permission: "logs.view" },
  { href: "/settings/audit", label: "nav.audit", permission: "logs.view" },
];

export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  const sections = SECTIONS.filter((s) => can(access.role, s.permission)).map(({ href, label }) => ({ href, label: t(label) }));
  return (
    <>
      <PageHeader title={t("pages.settings.title")} description={t("pages.settings.description")} />
      <SectionNav sections={sections} label={t("nav.settings")} />
      <div className="mt-6">{children}</div>
    </>
  );
}
