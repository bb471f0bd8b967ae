"use client";

import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useI18n } from "@/components/providers/i18n-provider";
import { signInAction } from "@/app/(auth)/actions";
import { translateKeyOrText } from "@/lib/i18n/translate";

// zod/mini on the client: the same rules as the server's schema at a fraction of the bundle.
const schema = z.object({
  email: z.email("auth.invalidEmail"),
  password: z.string().check(z.minLength(1, "auth.passwordRequired")),
});

export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" }, mode: "onTouched" });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await signInAction({ ...values, callbackUrl });
      if (!result.ok) {
        setFormError(result.error.message);
        for (const [field, message] of Object.entries(result.error.fieldErrors ?? {})) {
          if (field === "email" || field === "password") form.setError(field, { message });
        }
      }
    });
  });

  const msg = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <FormField label={t("auth.email")} htmlFor="email" error={msg(errors.email?.message)}>
        <Input id="email" type="email" autoComplete="username" autoFocus {...form.register("email")} />
      </FormField>
      <FormField label={t("auth.password")} htmlFor="password" error={msg(errors.password?.message)}>
        <Input id="password" type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("auth.signingIn") : t("auth.signIn")}
      </Button>
    </form>
  );
}
