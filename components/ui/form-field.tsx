import * as React from "react";
import { Slot } from "radix-ui";

import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type FormControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FormFieldProps = Omit<React.ComponentProps<"div">, "children"> & {
  label: React.ReactNode;
  /** id given to the control; the description/error ids derive from it. */
  htmlFor: string;
  description?: React.ReactNode;
  /** When set, the control gets `aria-invalid` and the message is announced. */
  error?: React.ReactNode;
  /**
   * A single control element (receives `id`, `aria-describedby`, `aria-invalid`), or a render
   * function for composite controls, e.g. `{(p) => <Select …><SelectTrigger {...p}>…</SelectTrigger></Select>}`.
   */
  children: React.ReactElement | ((control: FormControlProps) => React.ReactNode);
};

/** Label + control + description + error, wired for screen readers. Library-agnostic. */
function FormField({ label, htmlFor, description, error, children, className, ...props }: FormFieldProps) {
  const descriptionId = description ? `${htmlFor}-description` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const control: FormControlProps = {
    id: htmlFor,
    "aria-describedby": [descriptionId, errorId].filter(Boolean).join(" ") || undefined,
    "aria-invalid": error ? true : undefined,
  };

  return (
    <div data-slot="form-field" data-invalid={error ? true : undefined} className={cn("grid gap-2", className)} {...props}>
      <Label htmlFor={htmlFor} className="data-[invalid=true]:text-destructive" data-invalid={error ? true : undefined}>
        {label}
      </Label>
      {typeof children === "function" ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>}
      {description && (
        <p id={descriptionId} data-slot="form-description" className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} data-slot="form-message" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export { FormField, type FormControlProps, type FormFieldProps };
