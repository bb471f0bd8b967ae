"use client";

import { KeyRound } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";

export type RegisterCredentialProps = { defaultBaseUrls: { sandbox: string; production: string }; allowedBaseUrls: string[] };

/** "Register credential"'s button, before and after the dialog's code loaded. */
export function RegisterCredentialButton(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button size="sm" {...props}>
      <KeyRound aria-hidden /> {t("credentials.register")}
    </Button>
  );
}

/**
 * The registration dialog and its form's libraries (react-hook-form, zod, Radix Select) load on the
 * first intent, not with the page (./register-credential-dialog-loaded.tsx).
 */
const dialog = lazyModule(() => import("./register-credential-dialog-loaded"));

export function RegisterCredentialDialog(props: RegisterCredentialProps) {
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.RegisterCredentialDialog {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <RegisterCredentialButton {...closedTrigger("dialog")} {...intent} />;
}
