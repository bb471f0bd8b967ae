"use client";

import { useState } from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { useI18n } from "@/components/providers/i18n-provider";
import { SidebarNav, type NavProps } from "./sidebar-nav";
import { MobileNavButton } from "./mobile-nav";

/** The sidebar in a sheet (./mobile-nav.tsx renders its button until this loads). */
export function MobileNavSheet({
  header,
  defaultOpen,
  focusTrigger,
  ...nav
}: {
  header: React.ReactNode;
  defaultOpen?: boolean;
  focusTrigger?: boolean;
} & NavProps) {
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
          <SidebarNav onNavigate={() => setOpen(false)} {...nav} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
