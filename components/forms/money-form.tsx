"use client";

import { FormError, type FormErrorValue } from "@/components/ui/form-error";

/**
 * The frame of a form that moves money (a charge, a payout, a transfer): named for screen readers,
 * checked by its own rules as the member types (no browser bubbles), its refusal said above the
 * fields. `props`: the form's handlers and ref (useLazyForm's, or the loaded form's).
 */
export function MoneyForm({
  label,
  error,
  children,
  ...props
}: Omit<React.ComponentProps<"form">, "children" | "className"> & { label: string; error: FormErrorValue; children: React.ReactNode }) {
  return (
    <form noValidate className="grid gap-5" aria-label={label} {...props}>
      <FormError error={error} />
      {children}
    </form>
  );
}
