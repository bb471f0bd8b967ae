"use client";

import { cloneElement } from "react";
import { lazyModule } from "@/components/ui/lazy";
import { closedTrigger, useIntent } from "@/components/ui/lazy-trigger";

export type ConfirmDialogProps = {
  /** The button that opens the dialog (rendered as the trigger itself). */
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The confirming button's words. */
  confirm: React.ReactNode;
  onConfirm: () => void;
  destructive?: boolean;
};

/**
 * The dialog's code (Radix AlertDialog and the class-merge table, ≈ 20 KiB gzipped) loads on the
 * first intent, not with the page (./confirm-dialog-loaded.tsx).
 */
const dialog = lazyModule(() => import("./confirm-dialog-loaded"));

/**
 * A button that asks before it acts: the trigger opens a dialog with a title, what will happen, Cancel
 * (focused first, so Enter does not confirm by accident) and the confirming action. Used wherever a
 * click moves money, signs members out or revokes access. Until the dialog's code is there, the
 * trigger renders alone, as the closed dialog's trigger would; a click meanwhile opens the dialog
 * once it arrives.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { loaded, intent, openOnLoad, focused } = useIntent(dialog);
  if (loaded) return <loaded.ConfirmDialog {...props} defaultOpen={openOnLoad} focusTrigger={focused} />;
  return cloneElement(props.trigger as React.ReactElement<Record<string, unknown>>, { ...closedTrigger("dialog"), ...intent });
}
