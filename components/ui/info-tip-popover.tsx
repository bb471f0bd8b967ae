"use client";

import * as React from "react";
import { Popover as PopoverPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";
import { useFocusOnMount } from "./lazy-trigger";
import { InfoTipButton, type InfoTipProps } from "./info-tip";

/** The popover of an InfoTip (./info-tip.tsx renders its button until this loads). */
function InfoTipPopover({ label, children, className, contentClassName, testId, defaultOpen, focusTrigger }: InfoTipProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <PopoverPrimitive.Root defaultOpen={defaultOpen}>
      <PopoverPrimitive.Trigger asChild>
        <InfoTipButton ref={triggerRef} label={label} className={className} testId={testId} />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          className={cn(
            "z-50 grid w-72 max-w-[calc(100vw-1rem)] gap-2 rounded-md border bg-popover p-3 text-xs text-popover-foreground shadow-md outline-none",
            "data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0",
            contentClassName,
          )}
          data-testid={testId ? `${testId}-content` : undefined}
        >
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

export { InfoTipPopover };
