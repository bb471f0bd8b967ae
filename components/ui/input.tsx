import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * Styled in app/globals.css (`.input`, components layer: a caller's utilities win): one short class
 * instead of some 600 characters of utilities on every field, in the HTML and the flight data. The
 * text size stays as utilities, so that `cn` lets a caller's size replace the small-screen one and
 * keep md:text-sm, as it did when every class was here.
 */
function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn("input text-base md:text-sm", className)}
      {...props}
    />
  );
}

export { Input };
