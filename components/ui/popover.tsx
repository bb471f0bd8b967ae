"use client";

import * as React from "react";
import { Popover as PopoverPrimitive } from "radix-ui";

import { slotComponent } from "@/components/ui/slot-component";
import { cn } from "@/lib/utils";

/** A small panel anchored to its trigger (a filter's choices): not modal, closed by Escape or a click outside. */
const Popover = slotComponent(PopoverPrimitive.Root, "popover");
const PopoverTrigger = slotComponent(PopoverPrimitive.Trigger, "popover-trigger");
const PopoverAnchor = slotComponent(PopoverPrimitive.Anchor, "popover-anchor");

function PopoverContent({ className, align = "start", sideOffset = 4, ...props }: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        align={align}
        sideOffset={sideOffset}
        className={cn(
          "z-50 w-72 max-w-[calc(100vw-2rem)] origin-(--radix-popover-content-transform-origin) rounded-md border bg-popover p-3 text-popover-foreground shadow-md outline-hidden",
          "data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}

export { Popover, PopoverAnchor, PopoverContent, PopoverTrigger };
