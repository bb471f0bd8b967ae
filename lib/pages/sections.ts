/**
 * The dashboard's sections, as data: the sidebar (components/shell/nav-items.ts adds their icons),
 * the Settings tabs with the permission each page checks (the page checks it again itself), and the
 * search palette's pages (lib/search/catalog.ts), which offers a member only what they may open.
 */
import type { Permission } from "@/lib/auth/roles";
import type { MessageKey } from "@/lib/i18n/translate";

export type SectionLink = { href: string; label: MessageKey; permission: Permission };

/** The sidebar's sections, in order. */
export const MAIN_SECTIONS = [
  { href: "/overview", label: "nav.overview", permission: "dashboard.view" },
  { href: "/transactions", label: "nav.transactions", permission: "dashboard.view" },
  { href: "/receive", label: "nav.receive", permission: "dashboard.view" },
  { href: "/send", label: "nav.send", permission: "dashboard.view" },
  { href: "/convert", label: "nav.convert", permission: "dashboard.view" },
  { href: "/wallets", label: "nav.wallets", permission: "dashboard.view" },
  { href: "/account", label: "nav.account", permission: "dashboard.view" },
  { href: "/infractions", label: "nav.infractions", permission: "dashboard.view" },
  { href: "/settings", label: "nav.settings", permission: "dashboard.view" },
] as const satisfies readonly SectionLink[];

/** Settings' tabs, each with the permission its page checks. */
export const SETTINGS_SECTIONS: readonly SectionLink[] = [
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
