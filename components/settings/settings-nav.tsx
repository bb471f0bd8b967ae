"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";
import { useI18n } from "@/components/providers/i18n-provider";

export function SettingsNav({ showTeam }: { showTeam: boolean }) {
  const pathname = usePathname();
  const { t } = useI18n();
  const items = [
    { href: "/settings/preferences", label: t("nav.preferences") },
    ...(showTeam ? [{ href: "/settings/team", label: t("nav.team") }] : []),
  ];
  return (
    <nav aria-label={t("nav.settings")} className="flex gap-1 border-b">
      {items.map((item) => {
        const active = pathname === item.href;
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
