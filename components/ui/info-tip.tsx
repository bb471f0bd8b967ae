"use client";

import * as React from "react";
import { Info } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";

/**
 * Where a figure comes from, how it is defined, when it was read: one click (or tap, or Enter) away
 * behind a small "i" button, instead of as text on the page. A popover rather than a hover tooltip,
 * so it opens on a phone too and may hold a link; Escape or a click outside closes it.
 */
function InfoTip({ label, children, className, contentClassName, testId }: { label: string; children: React.ReactNode; className?: string; contentClassName?: string; testId?: string }) {
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger
        aria-label={label}
        data-testid={testId}
        className={cn(
          "inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-accent data-[state=open]:text-foreground",
          className,
        )}
      >
        <Info aria-hidden className="size-4" />
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

export { InfoTip };
