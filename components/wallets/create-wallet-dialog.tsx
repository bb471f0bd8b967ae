"use client";

import { Plus } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import type { ApiEnvironment } from "@/lib/vocabulary";

export type CreateWalletDialogProps = { environment: ApiEnvironment; variant?: "default" | "outline"; triggerLabel?: string };

/** "New wallet"'s button, before and after the dialog's code loaded. */
export function CreateWalletButton({ variant = "default", triggerLabel, ...props }: ButtonProps & { variant?: "default" | "outline"; triggerLabel?: string }) {
  const { t } = useI18n();
  return (
    <Button variant={variant} {...props}>
      <Plus aria-hidden /> {triggerLabel ?? t("wallets.create")}
    </Button>
  );
}

/**
 * The dialog, its form and their libraries (Radix Dialog, react-hook-form, zod: ≈ 49 KiB gzipped)
 * load on the first intent, not with the page (./create-wallet-dialog-loaded.tsx).
 */
const dialog = lazyModule(() => import("./create-wallet-dialog-loaded"));

export function CreateWalletDialog(props: CreateWalletDialogProps) {
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.CreateWalletDialog {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <CreateWalletButton variant={props.variant} triggerLabel={props.triggerLabel} {...closedTrigger("dialog")} {...intent} />;
}
