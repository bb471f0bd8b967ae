import * as React from "react";
import { cx, cxYield } from "@/lib/class-join";

/*
 * Classes joined with a caller's, not merged with `cn` (nor chosen with class-variance-authority):
 * neither in the sign-in page's JavaScript. Where a caller's classes do override the alert's (a
 * description's own display and gap), `cxYield` names them; test/ui/class-join.test.ts checks every
 * caller's className against `cn`.
 */
const ALERT_BASE =
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border bg-card px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*4)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5 [&>svg]:text-current";

const ALERT_VARIANTS = {
  default: "text-card-foreground",
  destructive: "border-destructive/50 text-destructive *:data-[slot=alert-description]:text-destructive",
  warning: "border-warning/50 text-warning *:data-[slot=alert-description]:text-warning",
  success: "border-success/50 text-success *:data-[slot=alert-description]:text-success",
};

type AlertVariant = keyof typeof ALERT_VARIANTS;

function alertVariants({ variant }: { variant?: AlertVariant | null } = {}): string {
  return `${ALERT_BASE} ${ALERT_VARIANTS[variant ?? "default"]}`;
}

const ALERT_TITLE = "col-start-2 min-h-4 font-medium tracking-tight";
const ALERT_DESCRIPTION = "col-start-2 grid justify-items-start gap-1 text-sm text-muted-foreground [&_p]:leading-relaxed";
const DISPLAY = /^(block|flex|grid|hidden|inline-flex|inline-grid)$/;
const GAP = /^gap-[\d.]+$/;

function alertDescriptionClasses(className?: string): string {
  return cxYield(ALERT_DESCRIPTION, className, DISPLAY, GAP);
}

/** Only `destructive` is announced assertively (`role="alert"`); pass `role="status"` for polite live updates. */
function Alert({ className, variant, ...props }: React.ComponentProps<"div"> & { variant?: AlertVariant | null }) {
  return (
    <div
      data-slot="alert"
      data-variant={variant ?? "default"}
      role={variant === "destructive" ? "alert" : undefined}
      className={cx(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

function AlertTitle({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="alert-title" className={cx(ALERT_TITLE, className)} {...props} />
  );
}

function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-description"
      className={alertDescriptionClasses(className)}
      {...props}
    />
  );
}

export { Alert, AlertDescription, AlertTitle, alertVariants, alertDescriptionClasses, ALERT_TITLE };
