"use client";

import { Menu } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { cx } from "@/lib/class-join";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import type { NavProps } from "./sidebar-nav";

/** The phone's menu button. */
export function MobileNavButton({ className, ...props }: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button variant="ghost" size="icon" aria-label={t("shell.openNavigation")} {...props} className={cx("md:hidden", className)}>
      <Menu aria-hidden />
    </Button>
  );
}

/** The sheet (Radix Dialog) loads on the first intent (./mobile-nav-sheet.tsx). */
const sheet = lazyModule(() => import("./mobile-nav-sheet"));

/** The sidebar in a sheet, below the `md` breakpoint. */
export function MobileNav({ header, ...nav }: { header: React.ReactNode } & NavProps) {
  const { loaded, intent, openOnLoad, focused } = useIntent(sheet);
  if (loaded) return <loaded.MobileNavSheet header={header} {...nav} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <MobileNavButton {...closedTrigger("dialog", "sheet-trigger")} {...intent} />;
}
