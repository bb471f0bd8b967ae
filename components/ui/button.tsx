import * as React from "react";
import { Slot } from "radix-ui";
import { buttonVariants, type ButtonStyle } from "./plain-button";

type ButtonProps = React.ComponentProps<"button"> & Omit<ButtonStyle, "className"> & { asChild?: boolean };

/**
 * A button, or with `asChild` its one child (a link, say) styled as one. Client components that
 * never pass `asChild` import ./plain-button.tsx instead, without Radix Slot.
 * Icon-only buttons (`size="icon"`) must be given an `aria-label`.
 */
function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp data-slot="button" className={buttonVariants({ variant, size, className })} {...props} />;
}

export { Button, buttonVariants, type ButtonProps };
