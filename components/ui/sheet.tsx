"use client";

import * as React from "react";
import { Dialog as SheetPrimitive } from "radix-ui";
import { XIcon } from "@/components/ui/icons";

import { dialogClassNames } from "@/components/ui/dialog-styles";
import { slotComponent } from "@/components/ui/slot-component";
import { cn } from "@/lib/utils";

const Sheet = slotComponent(SheetPrimitive.Root, "sheet");
const SheetTrigger = slotComponent(SheetPrimitive.Trigger, "sheet-trigger");
const SheetClose = slotComponent(SheetPrimitive.Close, "sheet-close");
const SheetPortal = slotComponent(SheetPrimitive.Portal, "sheet-portal");
const SheetOverlay = slotComponent(SheetPrimitive.Overlay, "sheet-overlay", dialogClassNames.overlay);

function SheetContent({
  className,
  children,
  side = "right",
  showCloseButton = true,
  closeLabel = "Close",
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & {
  side?: "top" | "right" | "bottom" | "left";
  showCloseButton?: boolean;
  closeLabel?: string;
}) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(
          "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background text-foreground shadow-lg transition ease-in-out data-[state=closed]:animate-out data-[state=closed]:duration-300 data-[state=open]:animate-in data-[state=open]:duration-500",
          side === "right" &&
            "inset-y-0 right-0 h-full w-3/4 border-l data-[state=closed]:slide-out-to-right data-[state=open]:slide-in-from-right sm:max-w-sm",
          side === "left" &&
            "inset-y-0 left-0 h-full w-3/4 border-r data-[state=closed]:slide-out-to-left data-[state=open]:slide-in-from-left sm:max-w-sm",
          side === "top" &&
            "inset-x-0 top-0 h-auto max-h-[85dvh] border-b data-[state=closed]:slide-out-to-top data-[state=open]:slide-in-from-top",
          side === "bottom" &&
            "inset-x-0 bottom-0 h-auto max-h-[85dvh] border-t data-[state=closed]:slide-out-to-bottom data-[state=open]:slide-in-from-bottom",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <SheetPrimitive.Close data-slot="sheet-close" aria-label={closeLabel} className={dialogClassNames.closeButton}>
            <XIcon />
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPortal>
  );
}

const SheetHeader = slotComponent("div", "sheet-header", "flex flex-col gap-1.5 p-4");
const SheetFooter = slotComponent("div", "sheet-footer", "mt-auto flex flex-col gap-2 p-4");
const SheetTitle = slotComponent(SheetPrimitive.Title, "sheet-title", "font-semibold text-foreground");
const SheetDescription = slotComponent(SheetPrimitive.Description, "sheet-description", dialogClassNames.description);

export { Sheet, SheetClose, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger };
