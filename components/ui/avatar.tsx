import * as React from "react";

import { cx } from "@/lib/class-join";

/*
 * A member's initials in a circle: plain spans, the markup Radix Avatar rendered for a fallback
 * without an image (the dashboard shows no pictures), without its client code on every page. The
 * circle is decorative where a name is read next to it (pass `aria-hidden`).
 */
function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  return <span data-slot="avatar" className={cx("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)} {...props} />;
}

function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cx("flex size-full items-center justify-center rounded-full bg-muted text-sm text-foreground", className)}
      {...props}
    />
  );
}

export { Avatar, AvatarFallback };
