"use client";

import { useState } from "react";
import { Menu } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useI18n } from "@/components/providers/i18n-provider";
import { SidebarNav } from "./sidebar-nav";

/** The sidebar in a sheet, below the `md` breakpoint. */
export function MobileNav({ header, badges, badgeLabels }: { header: React.ReactNode; badges?: Record<string, number>; badgeLabels?: Record<string, string> }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("shell.openNavigation")}>
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72 bg-sidebar p-4">
        <SheetHeader className="p-0">
          <SheetTitle>{t("app.name")}</SheetTitle>
          <SheetDescription className="sr-only">{t("shell.navigation")}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-4">
          {header}
          <SidebarNav onNavigate={() => setOpen(false)} badges={badges} badgeLabels={badgeLabels} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
