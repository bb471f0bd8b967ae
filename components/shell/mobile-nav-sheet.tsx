"use client";

import { useState } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import { SidebarNav } from "./sidebar-nav";
import { MobileNavButton } from "./mobile-nav";

/** The sidebar in a sheet (./mobile-nav.tsx renders its button until this loads). */
export function MobileNavSheet({
  header,
  badges,
  badgeLabels,
  defaultOpen,
  focusTrigger,
}: {
  header: React.ReactNode;
  badges?: Record<string, number>;
  badgeLabels?: Record<string, string>;
  defaultOpen?: boolean;
  focusTrigger?: boolean;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(defaultOpen ?? false);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MobileNavButton ref={triggerRef} />
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
