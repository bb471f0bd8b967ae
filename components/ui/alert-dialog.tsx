"use client";

import * as React from "react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";

import { buttonVariants } from "@/components/ui/plain-button";
import { dialogClassNames } from "@/components/ui/dialog-styles";
import { slotComponent, slotDisplayName } from "@/components/ui/slot-component";
import { cn } from "@/lib/utils";

/** Confirmation before irreversible actions (refunds, payouts). Focus starts on Cancel. */
const AlertDialog = slotComponent(AlertDialogPrimitive.Root, "alert-dialog");
const AlertDialogTrigger = slotComponent(AlertDialogPrimitive.Trigger, "alert-dialog-trigger");
const AlertDialogPortal = slotComponent(AlertDialogPrimitive.Portal, "alert-dialog-portal");
const AlertDialogOverlay = slotComponent(AlertDialogPrimitive.Overlay, "alert-dialog-overlay", dialogClassNames.overlay);

function AlertDialogContent({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content data-slot="alert-dialog-content" className={cn(dialogClassNames.content, className)} {...props} />
    </AlertDialogPortal>
  );
}

const AlertDialogHeader = slotComponent("div", "alert-dialog-header", dialogClassNames.header);
const AlertDialogFooter = slotComponent("div", "alert-dialog-footer", dialogClassNames.footer);
const AlertDialogTitle = slotComponent(AlertDialogPrimitive.Title, "alert-dialog-title", "text-lg font-semibold");
const AlertDialogDescription = slotComponent(AlertDialogPrimitive.Description, "alert-dialog-description", dialogClassNames.description);

type ButtonStyleProps = Pick<NonNullable<Parameters<typeof buttonVariants>[0]>, "variant" | "size">;

/** Action and Cancel: the Radix button styled as a Button, each with its own default variant. */
function alertDialogButton(
  Primitive: typeof AlertDialogPrimitive.Action | typeof AlertDialogPrimitive.Cancel,
  slot: string,
  defaultVariant: ButtonStyleProps["variant"],
) {
  function AlertDialogButton({
    className,
    variant = defaultVariant,
    size = "default",
    ...props
  }: React.ComponentProps<typeof AlertDialogPrimitive.Action> & ButtonStyleProps) {
    return <Primitive data-slot={slot} className={buttonVariants({ variant, size, className })} {...props} />;
  }
  AlertDialogButton.displayName = slotDisplayName(slot);
  return AlertDialogButton;
}

const AlertDialogAction = alertDialogButton(AlertDialogPrimitive.Action, "alert-dialog-action", "default");
const AlertDialogCancel = alertDialogButton(AlertDialogPrimitive.Cancel, "alert-dialog-cancel", "outline");

export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogOverlay,
  AlertDialogPortal,
  AlertDialogTitle,
  AlertDialogTrigger,
};
