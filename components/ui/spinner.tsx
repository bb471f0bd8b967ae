import * as React from "react";
import { Loader2Icon } from "@/components/ui/icons";

import { cxYield } from "@/lib/class-join";

/** A spinner's classes: a caller's size replaces its own (test/ui/class-join.test.ts checks every caller against `cn`). */
export function spinnerClasses(className?: string): string {
  return cxYield("size-4 animate-spin", className, /^size-/);
}

/** Announced as a status with its `aria-label` (defaults to "Loading"; pass a translated one). */
function Spinner({ className, "aria-label": ariaLabel = "Loading", ...props }: React.ComponentProps<"svg">) {
  return (
    <Loader2Icon
      role="status"
      aria-label={ariaLabel}
      data-slot="spinner"
      className={spinnerClasses(className)}
      {...props}
    />
  );
}

export { Spinner };
