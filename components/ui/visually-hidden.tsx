import * as React from "react";
import { Slot } from "radix-ui";

import { cn } from "@/lib/utils";

/** Hidden on screen, read by screen readers. `asChild` hides an existing element (e.g. a DialogTitle). */
function VisuallyHidden({ className, asChild = false, ...props }: React.ComponentProps<"span"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp data-slot="visually-hidden" className={cn("sr-only", className)} {...props} />;
}

export { VisuallyHidden };
