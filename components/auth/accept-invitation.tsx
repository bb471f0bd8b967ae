"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useI18n } from "@/components/providers/i18n-provider";
import { acceptInvitationAction, acceptInvitationAsNewAction } from "@/app/(auth)/actions";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { formResolver, rules, useRuledForm } from "./form-rules";

// The same rules as the server's schema, without a schema library in the browser (./form-rules.ts).
type Values = { name: string; password: string; confirmPassword: string };
const resolver = formResolver<Values>(
  { name: rules.minLength(1, "auth.nameRequired", true), password: rules.minLength(12, "auth.passwordTooShort") },
  (v) => (v.password === v.confirmPassword ? null : { path: "confirmPassword", message: "auth.passwordsDoNotMatch" }),
);

/** A new person's account: their name and a password only they know. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRuledForm<Values>(resolver, { name: "", password: "", confirmPassword: "" });
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await acceptInvitationAsNewAction({ ...values, token });
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
      <FormField label={t("auth.yourName")} htmlFor="invite-name" error={err(form.formState.errors.name?.message)}>
        <Input id="invite-name" autoComplete="name" {...form.register("name")} />
      </FormField>
      <FormField label={t("auth.password")} htmlFor="invite-password" error={err(form.formState.errors.password?.message)} description={t("auth.passwordRules")}>
        <Input id="invite-password" type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField label={t("auth.confirmPassword")} htmlFor="invite-confirm" error={err(form.formState.errors.confirmPassword?.message)}>
        <Input id="invite-confirm" type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? t("invite.accepting") : t("invite.createAndJoin")}
      </Button>
    </form>
  );
}

/** Someone already signed in with the invited e-mail: one click joins. */
export function AcceptAsMemberButton({ token }: { token: string }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <Button
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await acceptInvitationAction(token);
            if (!result.ok) setError(result.error.message);
          })
        }
      >
        {pending ? t("invite.accepting") : t("invite.accept")}
      </Button>
    </div>
  );
}
