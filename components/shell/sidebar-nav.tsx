"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useI18n } from "@/components/providers/i18n-provider";
import { MAIN_SECTIONS } from "@/lib/pages/sections";

/** The sidebar's props beside its links' own: each section's icon (drawn by the server: ./nav-items.ts), badges and their labels. */
export type NavProps = { icons: Record<string, React.ReactNode>; badges?: Record<string, number>; badgeLabels?: Record<string, string> };

/** `badges`: a count per section (href), shown beside its name with `badgeLabels` read out. */
export function SidebarNav({ onNavigate, icons, badges = {}, badgeLabels = {} }: NavProps & { onNavigate?: () => void }) {
  const pathname = usePathname();
  const { t } = useI18n();
  return (
    <nav aria-label={t("nav.label")}>
      <ul className="grid gap-1">
        {MAIN_SECTIONS.map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className="nav-link"
              >
                {icons[item.href]}
                {t(item.label)}
                {(badges[item.href] ?? 0) > 0 && (
                  <span
                    className="ml-auto rounded-full bg-destructive px-1.5 py-0.5 text-[10px] leading-none font-semibold text-destructive-foreground tabular-nums"
                    data-testid={`nav-badge-${item.href.slice(1)}`}
                  >
                    {badges[item.href]}
                    <span className="sr-only"> {badgeLabels[item.href]}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
