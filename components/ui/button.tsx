import * as React from "react";
import { Slot } from "radix-ui";

type ButtonStyle = {
  variant?: "default" | "destructive" | "outline" | "secondary" | "ghost" | "link" | null;
  size?: "default" | "sm" | "lg" | "icon" | null;
  className?: string;
};

/**
 * A button's classes: `btn`, its variant's and its size's (app/globals.css, in the components layer),
 * then the caller's, whose utilities win over them. Three short names instead of some 600 characters
 * of utilities on every button, in a page's HTML and in its flight data alike.
 */
function buttonVariants({ variant, size, className }: ButtonStyle = {}): string {
  const base = `btn btn-${variant ?? "default"} btn-size-${size ?? "default"}`;
  return className ? `${base} ${className}` : base;
}

type ButtonProps = React.ComponentProps<"button"> & Omit<ButtonStyle, "className"> & { asChild?: boolean };

/** Icon-only buttons (`size="icon"`) must be given an `aria-label`. */
function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp data-slot="button" className={buttonVariants({ variant, size, className })} {...props} />;
}

export { Button, buttonVariants, type ButtonProps };
