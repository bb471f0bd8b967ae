/**
 * The sign-in, first-run and invitation forms' rules, as a react-hook-form-shaped resolver: the same rules
 * and messages the zod/mini schemas gave (the server's actions check them again with zod), without
 * a schema library in the browser. Field rules first; the whole-form rule (passwords match) only once
 * every field passed, as a zod object refinement runs.
 */
import { useRef, useState } from "react";
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

/**
 * The few parts of react-hook-form these three small forms use, without its 15 KiB: uncontrolled
 * fields (`register`), errors shown once a field was left (mode "onTouched"; after a submit, as it is
 * typed), `handleSubmit` checking every field and focusing the first wrong one, and `setError` for
 * the server's field errors (components/forms/field-errors.ts).
 */
export function useRuledForm<V extends FieldValues>(resolver: Resolver<V>, defaultValues: V) {
  const fields = useRef(new Map<string, HTMLInputElement>());
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, { message?: string }>>>({});

  const values = (): V => {
    const out: Record<string, unknown> = { ...defaultValues };
    for (const [name, el] of fields.current) out[name] = el.value;
    return out as V;
  };
  const check = async () => (await resolver(values(), undefined, { fields: {}, shouldUseNativeValidation: false })) as { values: V | Record<string, never>; errors: FieldErrors<V> };
  const recheck = async (name: string) => {
    const { errors: found } = await check();
    const error = (found as Record<string, FieldError | undefined>)[name];
    setErrors((e) => ({ ...e, [name]: error ? { message: error.message } : undefined }));
  };

  const register = (name: keyof V & string) => ({
    name,
    ref: (el: HTMLInputElement | null) => {
      if (el) fields.current.set(name, el);
      else fields.current.delete(name);
    },
    onBlur: () => {
      touched.current.add(name);
      void recheck(name);
    },
    onChange: () => {
      if (touched.current.has(name) || submitted.current) void recheck(name);
    },
  });

  const handleSubmit = (onValid: (values: V) => void) => async (e?: React.FormEvent) => {
    e?.preventDefault();
    submitted.current = true;
    const result = await check();
    const found = result.errors as Record<string, FieldError | undefined>;
    const names = Object.keys(found);
    if (names.length === 0) {
      setErrors({});
      onValid(result.values as V);
      return;
    }
    setErrors(Object.fromEntries(names.map((n) => [n, { message: found[n]?.message }])) as typeof errors);
    // The first wrong field, in the form's order, takes focus.
    for (const [name, el] of fields.current) {
      if (found[name]) {
        el.focus();
        break;
      }
    }
  };

  const setError = (name: string, error: { message?: string }) => setErrors((e) => ({ ...e, [name]: { message: error.message } }));
  return { register, handleSubmit, setError, formState: { errors } };
}
