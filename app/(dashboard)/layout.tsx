import { DashboardProviders } from "@/components/providers/dashboard-providers";
import { ClientMessages } from "@/components/providers/client-messages";
import { OrgSwitcher } from "@/components/shell/org-switcher";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { navIcons } from "@/components/shell/nav-items";
import { MobileNav } from "@/components/shell/mobile-nav";
import { UserMenu } from "@/components/shell/user-menu";
import { EnvironmentSwitch } from "@/components/shell/environment-switch";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { SearchPalette } from "@/components/search/search-palette";
import { FlaskConical } from "@/components/ui/icons";
import { CopyIconSymbol } from "@/components/ui/copy-value";
import { authorizePage } from "@/lib/auth/authorize";
import { pageEnvironment } from "@/lib/api-context";
import { getI18n } from "@/lib/i18n/server";
import { navigationBadges } from "@/lib/pages/badges";
import { can } from "@/lib/auth/roles";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const access = await authorizePage("dashboard.view");
  const { t } = await getI18n();
  const { environment, connected } = await pageEnvironment(access);
  const switcher = <OrgSwitcher current={access.organizationId} memberships={access.memberships} />;
  // Open infractions due within 48 hours (of the organisation's internal deadline), and requests
  // waiting for a second member's approval (shown to those who may approve them).
  const counts = await navigationBadges({ organizationId: access.organizationId, environment }).catch(() => ({ dueSoon: 0, waiting: 0 }));
  const dueSoon = counts.dueSoon;
  const waiting = can(access.role, "money.approve") ? counts.waiting : 0;
  const badges = { "/infractions": dueSoon, "/send": waiting };
  const icons = navIcons();
  const badgeLabels = { "/infractions": t("infractions.dueSoonBadge", { count: dueSoon }), "/send": t("send.approvals.badge", { count: waiting }) };
  return (
    <ClientMessages
      namespaces={["apiErrors.requestId", "app", "auth.creating", "auth.organizationName", "auth.password", "auth.twoFactorCode", "common", "environments", "notifications.bell", "live", "nav", "reauth", "roles", "search.button", "search.description", "search.failed", "search.inputLabel", "search.keys", "search.nothing", "search.placeholder", "search.results", "search.searching", "search.shortcut", "search.shortcutMac", "search.switched", "search.title", "shell"]}
    >
      <DashboardProviders>
        <CopyIconSymbol />
        <div className="flex min-h-dvh">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
          >
            {t("shell.skipToContent")}
          </a>
          <aside className="hidden w-64 shrink-0 flex-col gap-6 border-r bg-sidebar p-4 text-sidebar-foreground md:flex">
            <p className="px-2 text-base font-semibold">{t("app.name")}</p>
            {switcher}
            <SidebarNav icons={icons} badges={badges} badgeLabels={badgeLabels} />
          </aside>
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b bg-background/95 px-2 sm:gap-2 sm:px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
              <MobileNav header={switcher} icons={icons} badges={badges} badgeLabels={badgeLabels} />
              <SearchPalette organizationId={access.organizationId} environment={environment} />
              <div className="ml-auto flex items-center gap-1 sm:gap-2">
                <EnvironmentSwitch environment={environment} connected={connected} />
                <NotificationBell />
                <UserMenu name={access.name} email={access.email} role={access.role} />
              </div>
            </header>
            {environment === "sandbox" && (
              <div role="note" data-testid="sandbox-banner" className="flex items-center gap-2 border-b border-warning/40 bg-warning/10 px-4 py-1.5 text-xs md:px-8">
                <FlaskConical className="size-3.5 shrink-0 text-warning" aria-hidden />
                <span>
                  <strong className="font-semibold">{t("shell.sandboxBannerTitle")}</strong> {t("shell.sandboxBanner")}
                </span>
              </div>
            )}
            <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
              {children}
            </main>
          </div>
        </div>
      </DashboardProviders>
    </ClientMessages>
  );
}
