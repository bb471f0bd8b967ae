import * as React from "react";
import { ChevronDown } from "@/components/ui/icons";

import { cxYield } from "@/lib/class-join";

export const NATIVE_SELECT_CLASSES =
  "h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-sm shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20";

/** A native select's classes: a caller's height, width or text size replaces its own (test/ui/class-join.test.ts checks every caller against `cn`). */
export function nativeSelectClasses(className?: string): string {
  return cxYield(NATIVE_SELECT_CLASSES, className, /^h-/, /^w-/, /^text-(xs|sm|base|lg|\d?xl)$/);
}

/** A styled native <select>: works in plain GET forms (filters in the URL) and without JavaScript. */
function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <div data-slot="native-select-wrapper" className="relative w-fit">
      <select
        data-slot="native-select"
        className={nativeSelectClasses(className)}
        {...props}
      />
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-50" />
    </div>
  );
}

export { NativeSelect };
