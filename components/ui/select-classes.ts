import { cxYield } from "@/lib/class-join";

/** A select's trigger, before the caller's className (./select.tsx and ./lazy-select.tsx alike). */
export const SELECT_TRIGGER =
  "flex w-fit items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-sm whitespace-nowrap shadow-xs transition-[color,box-shadow] outline-none data-[placeholder]:text-muted-foreground data-[size=default]:h-9 data-[size=sm]:h-8 dark:bg-input/30 dark:hover:bg-input/50 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 *:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground";

/**
 * The trigger's classes: a caller's width replaces `w-fit` (the one conflict its callers have);
 * test/ui/class-join.test.ts checks every caller's className against cn.
 */
export const selectTriggerClasses = (className?: string) => cxYield(SELECT_TRIGGER, className, /^w-/);
