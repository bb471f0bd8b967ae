"use client";

import { Button } from "@/components/ui/plain-button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { useLazyForm } from "@/components/forms/lazy-form";

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
      <FormField label={t("security.currentPassword")} htmlFor="pw-current">
        <Input id="pw-current" name="current" type="password" autoComplete="current-password" />
      </FormField>
      <FormField label={t("security.newPassword")} htmlFor="pw-next" description={t("auth.passwordRules")}>
        <Input id="pw-next" name="next" type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={t("auth.confirmPassword")} htmlFor="pw-confirm">
        <Input id="pw-confirm" name="confirm" type="password" autoComplete="new-password" />
      </FormField>
      <Button type="submit" className="justify-self-start">
        {t("security.changePassword")}
      </Button>
    </form>
  );
}
