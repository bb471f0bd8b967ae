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
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { cn } from "@/lib/utils";
import type { ConfirmDialogProps } from "./confirm-dialog";

/** The dialog of ./confirm-dialog.tsx, which renders its trigger alone until this loads. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  onConfirm,
  destructive = false,
  defaultOpen = false,
  focusTrigger,
}: ConfirmDialogProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <AlertDialog defaultOpen={defaultOpen}>
      <AlertDialogTrigger asChild ref={triggerRef}>
        {trigger}
      </AlertDialogTrigger>
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
