"use client";

import { Send } from "@/components/ui/icons";
import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";

/** "Invite member"'s button, before and after the dialog's code loaded. */
export function InviteButton(props: ButtonProps) {
  const { t } = useI18n();
  return (
    <Button size="sm" {...props}>
      <Send aria-hidden /> {t("team.invite")}
    </Button>
  );
}

/**
 * The invitation dialog and its form's libraries (react-hook-form, zod) load on the first intent,
 * not with the page (./invite-member-dialog-loaded.tsx).
 */
const dialog = lazyModule(() => import("./invite-member-dialog-loaded"));

export function InviteMemberDialog() {
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.InviteMemberDialog defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <InviteButton {...closedTrigger("dialog")} {...intent} />;
}
