import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, Building2, LayoutDashboard, List, Settings, ShieldAlert, Wallet } from "lucide-react";
import type { MessageKey } from "@/lib/i18n/translate";

/** The dashboard's sections, in sidebar order. */
export const NAV_ITEMS = [
  { href: "/overview", label: "nav.overview", icon: LayoutDashboard },
  { href: "/transactions", label: "nav.transactions", icon: List },
  { href: "/receive", label: "nav.receive", icon: ArrowDownToLine },
  { href: "/send", label: "nav.send", icon: ArrowUpFromLine },
  { href: "/convert", label: "nav.convert", icon: ArrowLeftRight },
  { href: "/wallets", label: "nav.wallets", icon: Wallet },
  { href: "/account", label: "nav.account", icon: Building2 },
  { href: "/infractions", label: "nav.infractions", icon: ShieldAlert },
  { href: "/settings", label: "nav.settings", icon: Settings },
] as const satisfies ReadonlyArray<{ href: string; label: MessageKey; icon: unknown }>;
