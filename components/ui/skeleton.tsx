import * as React from "react";

import { cn } from "@/lib/utils";

/** Decorative placeholder; announce loading elsewhere (e.g. `aria-busy` on the region or a `Spinner`). */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-accent", className)} {...props} />;
}

export { Skeleton };
