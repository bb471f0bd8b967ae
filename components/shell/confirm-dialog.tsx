"use client";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { useI18n } from "@/components/providers/i18n-provider";
import { cn } from "@/lib/utils";

/**
 * A button that asks before it acts: the trigger opens a dialog with a title, what will happen, Cancel
 * (focused first, so Enter does not confirm by accident) and the confirming action. Used wherever a
 * click moves money, signs members out or revokes access.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  onConfirm,
  destructive = false,
}: {
  /** The button that opens the dialog (rendered as the trigger itself). */
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The confirming button's words. */
  confirm: React.ReactNode;
  onConfirm: () => void;
  destructive?: boolean;
}) {
  const { t } = useI18n();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction className={cn(destructive && "bg-destructive text-destructive-foreground hover:bg-destructive/90")} onClick={onConfirm}>
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
