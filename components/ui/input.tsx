import * as React from "react";

import { cxYield } from "@/lib/class-join";

/**
 * Styled in app/globals.css (`.input`, components layer: a caller's utilities win): one short class
 * instead of some 600 characters of utilities on every field, in the HTML and the flight data. The
 * text size stays as utilities, so that a caller's size replaces the small-screen one and keeps
 * md:text-sm, as `cn` did when every class was here (without `cn`'s table in the sign-in page's and
 * the forms' JavaScript; test/ui/class-join.test.ts checks every caller's className against it).
 */
export const INPUT_CLASSES = "input text-base md:text-sm";
const TEXT_SIZE = /^text-(xs|sm|base|lg|\d?xl)$/;
const MD_TEXT_SIZE = /^md:text-(xs|sm|base|lg|\d?xl)$/;

export function inputClasses(className?: string): string {
  return cxYield(INPUT_CLASSES, className, TEXT_SIZE, MD_TEXT_SIZE);
}

function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={inputClasses(className)}
      {...props}
    />
  );
}

export { Input };
