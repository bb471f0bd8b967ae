"use client";

import { Building2, ChevronsUpDown } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { cx } from "@/lib/class-join";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import type { Membership } from "@/lib/auth/access";

/** The organisation switcher's trigger: the current organisation's name. */
export function OrgSwitcherButton({ name, className, ...props }: ButtonProps & { name: string | undefined }) {
  const { t } = useI18n();
  return (
    <Button variant="outline" {...props} className={cx("w-full justify-between", className)}>
      <span className="flex min-w-0 items-center gap-2">
        <span className="sr-only">{t("shell.switchOrganization")}:</span>
        <Building2 className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{name}</span>
      </span>
      <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden />
    </Button>
  );
}

/** The menu and the new-organisation dialog load on the first intent (./org-switcher-menu.tsx). */
const menu = lazyModule(() => import("./org-switcher-menu"));

export function OrgSwitcher({ current, memberships }: { current: string; memberships: Membership[] }) {
  const { loaded, intent, openOnLoad, focused } = useIntent(menu);
  if (loaded) return <loaded.OrgSwitcherMenu current={current} memberships={memberships} defaultOpen={openOnLoad} focusTrigger={focused} />;
  const active = memberships.find((m) => m.organizationId === current);
  return <OrgSwitcherButton name={active?.organizationName} {...closedTrigger("menu", "dropdown-menu-trigger")} {...intent} />;
}
