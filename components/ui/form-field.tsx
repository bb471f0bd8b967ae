import * as React from "react";

import { Label } from "@/components/ui/label";
import { cx } from "@/lib/class-join";

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

/**
 * The control with the field's ids, as Radix Slot passed them before (without its code in every
 * form's JavaScript): a prop the control sets itself wins.
 */
function withControlProps(child: React.ReactElement, control: FormControlProps) {
  const own = child.props as Record<string, unknown>;
  const added = Object.fromEntries(Object.entries(control).filter(([key]) => !(key in own)));
  return React.cloneElement(child, added);
}

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
    <div data-slot="form-field" data-invalid={error ? true : undefined} className={cx("grid gap-2", className)} {...props}>
      <Label htmlFor={htmlFor} className="data-[invalid=true]:text-destructive" data-invalid={error ? true : undefined}>
        {label}
      </Label>
      {typeof children === "function" ? children(control) : withControlProps(children, control)}
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
