"use client";

import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { cx } from "@/lib/class-join";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import type { Role } from "@/lib/auth/roles";

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");
}

/** The account menu's trigger: the member's initials (and name on wide screens). */
export function UserMenuButton({ name, className, ...props }: ButtonProps & { name: string }) {
  const { t } = useI18n();
  return (
    <Button variant="ghost" {...props} className={cx("h-10 gap-2 px-2", className)}>
      <span className="sr-only">{t("shell.userMenu")}</span>
      <Avatar aria-hidden>
        <AvatarFallback>{initials(name)}</AvatarFallback>
      </Avatar>
      <span className="hidden max-w-40 truncate text-sm lg:inline">{name}</span>
    </Button>
  );
}

/** The menu itself (Radix DropdownMenu) loads on the first intent (./user-menu-content.tsx). */
const menu = lazyModule(() => import("./user-menu-content"));

export function UserMenu({ name, email, role }: { name: string; email: string; role: Role }) {
  const { loaded, intent, openOnLoad, focused } = useIntent(menu);
  if (loaded) return <loaded.UserMenuContent name={name} email={email} role={role} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <UserMenuButton name={name} {...closedTrigger("menu", "dropdown-menu-trigger")} {...intent} />;
}
