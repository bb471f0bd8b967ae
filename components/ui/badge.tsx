import * as React from "react";

import { cx } from "@/lib/class-join";

/*
 * Written out whole: the badge classes are Tailwind utilities (`@utility` in app/globals.css), which
 * Tailwind generates only for the names it finds in the source, not for a name built at run time.
 */
const BADGE_VARIANTS = {
  default: "badge badge-default",
  secondary: "badge badge-secondary",
  destructive: "badge badge-destructive",
  outline: "badge badge-outline",
  success: "badge badge-success",
  warning: "badge badge-warning",
};

type BadgeVariant = keyof typeof BADGE_VARIANTS;

/**
 * The styles live in app/globals.css (`@utility badge`, `badge-<variant>`): a badge is repeated in
 * every row of the long lists, and one short class name each keeps those pages' HTML small (no
 * `data-slot` or `data-variant` either: nothing reads them, the class names the variant). The two
 * names are no Tailwind classes `cn` knows, so a caller's classes are joined, not merged
 * (test/ui/class-join.test.ts checks every caller's); no class-variance-authority, Radix Slot or
 * `cn` in the JavaScript of the pages showing one.
 */
function badgeVariants({ variant }: { variant?: BadgeVariant | null } = {}): string {
  return BADGE_VARIANTS[variant ?? "default"];
}

function Badge({ className, variant, ...props }: React.ComponentProps<"span"> & { variant?: BadgeVariant | null }) {
  return <span className={cx(badgeVariants({ variant }), className)} {...props} />;
}

export { Badge, badgeVariants };
