import { PageHeader } from "@/components/shell/page-header";
import { ClientMessages } from "@/components/providers/client-messages";
import { SectionNav, type Section } from "@/components/shell/section-nav";
import { authorizePage } from "@/lib/auth/authorize";
import { pageEnvironment } from "@/lib/api-context";
import { navigationBadges } from "@/lib/pages/badges";
import { getI18n } from "@/lib/i18n/server";

/** Send: a payout, a transfer, a bulk batch, and the requests waiting for a second member (with their count). */
export default async function SendLayout({ children }: { children: React.ReactNode }) {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  const { environment } = await pageEnvironment(access);
  const { waiting } = await navigationBadges({ organizationId: access.organizationId, environment });
  const sections: Section[] = [
    { href: "/send", label: t("send.tabs.payout"), exact: true },
    { href: "/send/transfer", label: t("send.tabs.transfer") },
    { href: "/send/bulk", label: t("send.tabs.bulk") },
    { href: "/send/approvals", label: t("send.tabs.approvals"), badge: { count: waiting, label: t("send.approvals.badge", { count: waiting }) } },
  ];
  return (
    <ClientMessages namespaces={["charges.errors", "send"]}>
      <PageHeader title={t("pages.send.title")} description={t("pages.send.description")} />
      <SectionNav sections={sections} label={t("send.tabs.label")} />
      <div className="mt-6">{children}</div>
    </ClientMessages>
  );
}
