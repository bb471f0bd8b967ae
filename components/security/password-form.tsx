"use client";

import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { UNBOUND, useLazyForm, type FieldBinding } from "@/components/forms/lazy-form";

/**
 * The form's code (react-hook-form, zod: ≈ 25 KiB gzipped) loads when the member turns to it, not
 * with the page (./password-form-loaded.tsx); until then its fields render alone, and what was typed
 * is carried over.
 */
const loadedForm = lazyModule(() => import("./password-form-loaded"));

/** The current password first; the new one at least 12 characters and not easy to guess (checked on the server). */
export function PasswordForm() {
  const { t } = useI18n();
  const { loaded, formProps, carried } = useLazyForm(loadedForm);
  if (loaded) return <loaded.PasswordForm carried={carried} />;
  return (
    <form method="post" noValidate className="grid max-w-md gap-4" data-testid="password-form" {...formProps}>
      <PasswordFields bind={UNBOUND} />
      <Button type="submit" className="justify-self-start">
        {t("security.changePassword")}
      </Button>
    </form>
  );
}

export type PasswordField = "current" | "next" | "confirm";

/** The three fields, before and after the form's code loaded (`bind`). */
export function PasswordFields({ bind }: { bind: FieldBinding<PasswordField> }) {
  const { t } = useI18n();
  return (
    <>
      <FormField label={t("security.currentPassword")} htmlFor="pw-current" error={bind.error("current")}>
        <Input type="password" autoComplete="current-password" {...bind.field("current")} />
      </FormField>
      <FormField label={t("security.newPassword")} htmlFor="pw-next" description={t("auth.passwordRules")} error={bind.error("next")}>
        <Input type="password" autoComplete="new-password" {...bind.field("next")} />
      </FormField>
      <FormField label={t("auth.confirmPassword")} htmlFor="pw-confirm" error={bind.error("confirm")}>
        <Input type="password" autoComplete="new-password" {...bind.field("confirm")} />
      </FormField>
    </>
  );
}
