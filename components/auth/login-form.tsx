"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useI18n } from "@/components/providers/i18n-provider";
import { signInAction } from "@/app/(auth)/actions";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { formResolver, rules, useRuledForm } from "./form-rules";

// The same rules as the server's schema, without a schema library in the browser (./form-rules.ts).
type Values = { email: string; password: string };
const resolver = formResolver<Values>({ email: rules.email("auth.invalidEmail"), password: rules.minLength(1, "auth.passwordRequired") });

export function LoginForm({ callbackUrl }: { callbackUrl?: string }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  // Second step: the password was right and the member has two-factor on.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useRuledForm<Values>(resolver, { email: "", password: "" });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    setCodeError(null);
    startTransition(async () => {
      const result = await signInAction({ ...values, ...(askCode ? { code } : {}), callbackUrl });
      if (!result.ok) {
        if (result.error.code === "TWO_FACTOR_REQUIRED") {
          setAskCode(true);
          return;
        }
        if (result.error.code === "TWO_FACTOR_INVALID") {
          setCodeError(result.error.message);
          setCode("");
          return;
        }
        setFormError(result.error.message);
        applyFieldErrors(form.setError, result.error, ["email", "password"]);
      }
    });
  });

  const msg = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <div className={askCode ? "sr-only" : "grid gap-4"} aria-hidden={askCode || undefined}>
        <FormField label={t("auth.email")} htmlFor="email" error={msg(errors.email?.message)}>
          <Input id="email" type="email" autoComplete="username" autoFocus tabIndex={askCode ? -1 : undefined} {...form.register("email")} />
        </FormField>
        <FormField label={t("auth.password")} htmlFor="password" error={msg(errors.password?.message)}>
          <Input id="password" type="password" autoComplete="current-password" tabIndex={askCode ? -1 : undefined} {...form.register("password")} />
        </FormField>
      </div>
      {askCode && (
        <>
          <p className="text-sm text-muted-foreground">{t("auth.twoFactorPrompt")}</p>
          <FormField label={t("auth.twoFactorCode")} htmlFor="code" error={codeError ?? undefined} description={t("auth.twoFactorCodeHelp")}>
            <Input
              id="code"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={!!codeError}
              data-testid="two-factor-code"
            />
          </FormField>
        </>
      )}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? t("auth.signingIn") : t("auth.signIn")}
      </Button>
    </form>
  );
}
