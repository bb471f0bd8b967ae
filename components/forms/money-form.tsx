"use client";

import { FormError, type FormErrorValue } from "@/components/ui/form-error";

/**
 * The frame of a form that moves money (a charge, a payout, a transfer): named for screen readers,
 * checked by its own rules as the member types (no browser bubbles), its refusal said above the
 * fields.
 */
export function MoneyForm({ label, error, onSubmit, children }: { label: string; error: FormErrorValue; onSubmit: React.FormEventHandler<HTMLFormElement>; children: React.ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={label}>
      <FormError error={error} />
      {children}
    </form>
  );
}
