import Link from "@/components/ui/link";
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import type { Access } from "@/lib/auth/access";
import { can } from "@/lib/auth/roles";
import type { Translate } from "@/lib/i18n";

/**
 * The next step from the Overview: Receive (charges.create), Send and Convert (money.move), each only
 * for a member whose role may; support and viewers see none, so nothing offered is refused.
 */
export function QuickActions({ access, t }: { access: Access; t: Translate }) {
  const actions = [
    can(access.role, "charges.create") && { href: "/receive", label: t("overview.receive"), icon: <ArrowDownLeft aria-hidden />, primary: true },
    can(access.role, "money.move") && { href: "/send", label: t("overview.send"), icon: <ArrowUpRight aria-hidden />, primary: false },
    can(access.role, "money.move") && { href: "/convert", label: t("overview.convert"), icon: <ArrowLeftRight aria-hidden />, primary: false },
  ].filter((a) => a !== false);
  if (actions.length === 0) return null;
  return (
    <nav aria-label={t("overview.quickActions")} className="flex flex-wrap gap-2" data-testid="quick-actions">
      {actions.map((a) => (
        <Button key={a.href} asChild size="sm" variant={a.primary ? "default" : "outline"}>
          <Link href={a.href}>
            {a.icon}
            {a.label}
          </Link>
        </Button>
      ))}
    </nav>
  );
}
