import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, Building2, LayoutDashboard, List, Settings, ShieldAlert, Wallet, type IconComponent } from "@/components/ui/icons";
import { MAIN_SECTIONS } from "@/lib/pages/sections";

const ICONS: Record<(typeof MAIN_SECTIONS)[number]["href"], IconComponent> = {
  "/overview": LayoutDashboard,
  "/transactions": List,
  "/receive": ArrowDownToLine,
  "/send": ArrowUpFromLine,
  "/convert": ArrowLeftRight,
  "/wallets": Wallet,
  "/account": Building2,
  "/infractions": ShieldAlert,
  "/settings": Settings,
};

/** The dashboard's sections, in sidebar order (lib/pages/sections.ts), with their icons. */
export const NAV_ITEMS = MAIN_SECTIONS.map((s) => ({ ...s, icon: ICONS[s.href] }));
