"use client";

import { Button, type ButtonProps } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";
import type { ActionResult } from "@/lib/actions/result";
import type { MessageKey } from "@/lib/i18n/translate";

export type DecisionTexts = { ownRequest: MessageKey; approve: MessageKey; approved: MessageKey; reject: MessageKey; rejectTitle: MessageKey; reason: MessageKey; reasonHelp: MessageKey; rejected: MessageKey };

export type RejectDialogProps = {
  id: string;
  summary: string;
  reject: (input: { id: string; reason: string }) => Promise<ActionResult<unknown>>;
  texts: DecisionTexts;
  size: "sm" | "default";
  disabled?: boolean;
};

/** "Reject"'s button, before and after the dialog's code loaded. */
export function RejectButton({ label, size, ...props }: ButtonProps & { label: string; size: "sm" | "default" }) {
  return (
    <Button size={size} variant="outline" {...props}>
      {label}
    </Button>
  );
}

/** The reason's dialog (Radix Dialog) loads on the first intent, not with the page (./reject-dialog-loaded.tsx). */
const dialog = lazyModule(() => import("./reject-dialog-loaded"));

export function RejectDialog(props: RejectDialogProps) {
  const { t } = useI18n();
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.RejectDialog {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return <RejectButton label={t(props.texts.reject)} size={props.size} disabled={props.disabled} {...closedTrigger("dialog")} {...intent} />;
}
