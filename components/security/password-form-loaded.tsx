"use client";

import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { Button } from "@/components/ui/plain-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { changePasswordAction } from "@/app/(dashboard)/settings/security/actions";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { useCarriedForm } from "@/components/forms/carried-form";
import type { CarriedForm } from "@/components/forms/lazy-form";
import { PasswordFields } from "./password-form";

const schema = z
  .object({
    current: z.string().check(z.minLength(1, "auth.passwordRequired")),
    next: z.string().check(z.minLength(12, "auth.passwordTooShort")),
    confirm: z.string(),
  })
  .check(z.refine((v) => v.next === v.confirm, { path: ["confirm"], message: "auth.passwordsDoNotMatch" }));
type Values = z.infer<typeof schema>;

/**
 * The current password first; the new one at least 12 characters and not easy to guess (checked on
 * the server). ./password-form.tsx renders the same fields until this loads, and hands over what was typed.
 */
export function PasswordForm({ carried }: { carried?: CarriedForm }) {
  const { t } = useI18n();
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { current: "", next: "", confirm: "", ...carried?.initial }, mode: "onTouched" });
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await changePasswordAction(values);
      if (!result.ok) {
        const fields = Object.entries(result.error.fieldErrors ?? {});
        for (const [field, message] of fields) form.setError(field as keyof Values, { message });
        if (!fields.length) setFormError(result.error.message);
        return;
      }
      form.reset();
      toast({ title: t("security.passwordChanged", { count: result.data.endedSessions }), variant: "success" });
    });
  });
  const formRef = useCarriedForm(carried, () => void onSubmit());
  return (
    <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" data-testid="password-form">
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <PasswordFields bind={{ field: (name) => form.register(name), error: (name) => err(form.formState.errors[name]?.message) }} />
      <Button type="submit" disabled={pending} className="justify-self-start">
        {pending ? t("security.saving") : t("security.changePassword")}
      </Button>
    </form>
  );
}
