"use client";

import * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { XIcon } from "@/components/ui/icons";

import { dialogClassNames } from "@/components/ui/dialog-styles";
import { slotComponent } from "@/components/ui/slot-component";
import { cn } from "@/lib/utils";

const Dialog = slotComponent(DialogPrimitive.Root, "dialog");
const DialogTrigger = slotComponent(DialogPrimitive.Trigger, "dialog-trigger");
const DialogPortal = slotComponent(DialogPrimitive.Portal, "dialog-portal");
const DialogClose = slotComponent(DialogPrimitive.Close, "dialog-close");
const DialogOverlay = slotComponent(DialogPrimitive.Overlay, "dialog-overlay", dialogClassNames.overlay);

function DialogContent({
  className,
  children,
  showCloseButton = true,
  closeLabel = "Close",
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean; closeLabel?: string }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content data-slot="dialog-content" className={cn(dialogClassNames.content, className)} {...props}>
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close data-slot="dialog-close" aria-label={closeLabel} className={dialogClassNames.closeButton}>
            <XIcon />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

const DialogHeader = slotComponent("div", "dialog-header", dialogClassNames.header);
const DialogFooter = slotComponent("div", "dialog-footer", dialogClassNames.footer);
const DialogTitle = slotComponent(DialogPrimitive.Title, "dialog-title", "text-lg leading-none font-semibold");
const DialogDescription = slotComponent(DialogPrimitive.Description, "dialog-description", dialogClassNames.description);

export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
};
