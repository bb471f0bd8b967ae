import { createElement, type ReactElement } from "react";
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

/**
 * Each section's icon, drawn by the server (the dashboard's layout) and handed to the sidebar, a
 * client component, as elements: their shapes travel as markup, not as JavaScript in every page.
 */
export function navIcons(): Record<string, ReactElement> {
  return Object.fromEntries(MAIN_SECTIONS.map((s) => [s.href, createElement(ICONS[s.href], { className: "size-4 shrink-0", "aria-hidden": true })]));
}
