"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useI18n } from "@/components/providers/i18n-provider";
import { createFirstAdminAction, type SetupInput } from "@/app/(auth)/actions";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { formResolver, rules, useRuledForm } from "./form-rules";

// The same rules as the server's schema, without a schema library in the browser (./form-rules.ts).
const resolver = formResolver<SetupInput>(
  {
    organizationName: rules.minLength(1, "auth.nameRequired", true),
    name: rules.minLength(1, "auth.nameRequired", true),
    email: rules.email("auth.invalidEmail"),
    password: rules.minLength(12, "auth.passwordTooShort"),
  },
  (v) => (v.password === v.confirmPassword ? null : { path: "confirmPassword", message: "auth.passwordsDoNotMatch" }),
);

const FIELDS = [
  { name: "organizationName", label: "auth.organizationName", type: "text", autoComplete: "organization" },
  { name: "name", label: "auth.yourName", type: "text", autoComplete: "name" },
  { name: "email", label: "auth.email", type: "email", autoComplete: "username" },
  { name: "password", label: "auth.password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "auth.confirmPassword", type: "password", autoComplete: "new-password" },
] as const;

export function SetupForm({ token }: { token: string }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRuledForm<SetupInput>(resolver, { organizationName: "", name: "", email: "", password: "", confirmPassword: "", token });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await createFirstAdminAction(values);
      if (!result.ok) {
        setFormError(result.error.message);
        applyFieldErrors(form.setError, result.error);
      }
    });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      {FIELDS.map((f) => {
        const err = form.formState.errors[f.name]?.message;
        return (
          <FormField key={f.name} label={t(f.label)} htmlFor={f.name} error={err ? translateKeyOrText(t, err) : undefined}>
            <Input id={f.name} type={f.type} autoComplete={f.autoComplete} {...form.register(f.name)} />
          </FormField>
        );
      })}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("auth.creating") : t("auth.createAdmin")}
      </Button>
    </form>
  );
}
