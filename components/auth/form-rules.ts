/**
 * The sign-in, first-run and invitation forms' rules, as a react-hook-form resolver: the same rules
 * and messages the zod/mini schemas gave (the server's actions check them again with zod), without
 * a schema library in the browser. Field rules first; the whole-form rule (passwords match) only once
 * every field passed, as a zod object refinement runs.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";

/** zod's z.email() pattern (zod/v4/core regexes.email). */
const EMAIL = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** A field's rule: the value as sent (trimmed, for `trimmed`) and the message key when it fails. */
export type FieldRule = { trim?: boolean; check?: (value: string) => string | null };

export const rules = {
  email: (message: string): FieldRule => ({ check: (v) => (EMAIL.test(v) ? null : message) }),
  minLength: (n: number, message: string, trim = false): FieldRule => ({ trim, check: (v) => (v.length >= n ? null : message) }),
};

export function formResolver<V extends FieldValues>(
  fields: { [K in keyof V]?: FieldRule },
  whole?: (values: V) => { path: keyof V & string; message: string } | null,
): Resolver<V> {
  return (input) => {
    const values = { ...input } as Record<string, unknown>;
    const errors: Record<string, FieldError> = {};
    for (const [name, rule] of Object.entries(fields) as [string, FieldRule | undefined][]) {
      if (!rule) continue;
      let value = typeof values[name] === "string" ? (values[name] as string) : "";
      if (rule.trim) values[name] = value = value.trim();
      const message = rule.check?.(value);
      if (message) errors[name] = { type: "custom", message };
    }
    if (Object.keys(errors).length === 0 && whole) {
      const issue = whole(values as V);
      if (issue) errors[issue.path] = { type: "custom", message: issue.message };
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values: values as V, errors: {} };
  };
}
