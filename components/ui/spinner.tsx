import * as React from "react";
import { Loader2Icon } from "@/components/ui/icons";

import { cn } from "@/lib/utils";

/** Announced as a status with its `aria-label` (defaults to "Loading"; pass a translated one). */
function Spinner({ className, "aria-label": ariaLabel = "Loading", ...props }: React.ComponentProps<"svg">) {
  return (
    <Loader2Icon
      role="status"
      aria-label={ariaLabel}
      data-slot="spinner"
      className={cn("size-4 animate-spin", className)}
      {...props}
    />
  );
}

export { Spinner };
