"use client";

import * as React from "react";
import { cva } from "class-variance-authority";
import { Toast as ToastPrimitive } from "radix-ui";
import { CircleAlertIcon, CircleCheckIcon, TriangleAlertIcon, XIcon } from "@/components/ui/icons";

import { buttonVariants } from "@/components/ui/plain-button";
import { cn } from "@/lib/utils";
import { dismissToast, useToast, type ToasterProps, type ToastVariant } from "./toast";

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-popover p-4 pr-10 text-popover-foreground shadow-lg [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:slide-out-to-right data-[state=open]:animate-in data-[state=open]:slide-in-from-bottom-4 data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-[translate] data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=end]:animate-out data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
  {
    variants: {
      variant: {
        default: "",
        destructive: "border-destructive/50 [&>svg]:text-destructive",
        success: "border-success/50 [&>svg]:text-success",
        warning: "border-warning/50 [&>svg]:text-warning",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

const icons: Record<ToastVariant, React.ComponentType<{ "aria-hidden": true }> | null> = {
  default: null,
  destructive: CircleAlertIcon,
  success: CircleCheckIcon,
  warning: TriangleAlertIcon,
};

/** The toasts (components/ui/toast.tsx loads this with the first one). */
function ToasterView({ label = "Notifications ({hotkey})", closeLabel = "Close", duration = 5000, className }: ToasterProps) {
  const { toasts: items } = useToast();
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={duration}>
      {items.map(({ id, open, title, description, action, variant = "default", duration: itemDuration }) => {
        const Icon = icons[variant];
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            duration={itemDuration}
            type={variant === "destructive" || variant === "warning" ? "foreground" : "background"}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
            data-slot="toast"
            data-variant={variant}
            className={toastVariants({ variant })}
          >
            {Icon && <Icon aria-hidden />}
            <div className="grid flex-1 gap-1">
              {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
              {description && (
                <ToastPrimitive.Description className="text-sm text-muted-foreground">{description}</ToastPrimitive.Description>
              )}
            </div>
            {action && (
              <ToastPrimitive.Action
                altText={action.altText}
                onClick={action.onClick}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {action.label}
              </ToastPrimitive.Action>
            )}
            <ToastPrimitive.Close
              aria-label={closeLabel}
              className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <XIcon className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        label={label}
        className={cn(
          "fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]",
          className,
        )}
      />
    </ToastPrimitive.Provider>
  );
}

export { ToasterView };
