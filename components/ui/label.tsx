"use client";

import * as React from "react";

import { cx } from "@/lib/class-join";

/**
 * A `<label>` as Radix Label renders it (its code, and Radix's Primitive and Slot under it, no longer
 * in every form's JavaScript): a double click on the label's text does not select it, a click on a
 * control inside the label is the control's. Its classes are joined with a caller's, not merged: no
 * caller sets one they conflict with (test/ui/class-join.test.ts checks every caller's).
 */
function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cx(
        "flex items-center gap-2 text-sm leading-none font-medium select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}

export { Label };
