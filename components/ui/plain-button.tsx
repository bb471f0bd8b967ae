import * as React from "react";

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

type PlainButtonProps = React.ComponentProps<"button"> & Omit<ButtonStyle, "className">;

/**
 * The button itself, always a `<button>`: what client components import when they never pass
 * `asChild` (./button.tsx adds it with Radix Slot, ≈ 2.5 KiB gzipped that every page would otherwise
 * load for the error boundary, the app bar and the sign-in page). Icon-only buttons
 * (`size="icon"`) must be given an `aria-label`.
 */
function Button({ className, variant, size, ...props }: PlainButtonProps) {
  return <button data-slot="button" className={buttonVariants({ variant, size, className })} {...props} />;
}

export { Button, buttonVariants, type ButtonStyle, type PlainButtonProps as ButtonProps };
