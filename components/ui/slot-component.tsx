import * as React from "react";

import { cn } from "@/lib/utils";

/** "alert-dialog-title" → "AlertDialogTitle": the component's name in React DevTools and warnings. */
function slotDisplayName(slot: string) {
  return slot.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/**
 * The thin wrapper most components here are: an element (or a Radix primitive) marked with
 * `data-slot={slot}`, its own classes merged in front of the caller's `className`, every other
 * prop passed through. Without `baseClassName` the caller's `className` is passed on untouched.
 */
function slotComponent<C extends React.ElementType>(Component: C, slot: string, baseClassName?: string) {
  const Element: React.ElementType = Component;
  function SlotComponent(allProps: React.ComponentProps<C>) {
    const { className, ...props } = allProps as { className?: string };
    return (
      <Element data-slot={slot} className={baseClassName === undefined ? className : cn(baseClassName, className)} {...props} />
    );
  }
  SlotComponent.displayName = slotDisplayName(slot);
  return SlotComponent;
}

export { slotComponent, slotDisplayName };
