"use client";

import { useState } from "react";
import { Button } from "@/components/ui/plain-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { RejectButton, type RejectDialogProps } from "./reject-dialog";

/** Rejecting a request asks for the reason in a dialog (./reject-dialog.tsx renders its button until this loads). */
export function RejectDialog({ id, summary, reject, texts, size, disabled, defaultOpen = false, focusTrigger }: RejectDialogProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const { pending, run } = useRefreshingAction();
  const [open, setOpen] = useState(defaultOpen);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <RejectButton ref={triggerRef} label={t(texts.reject)} size={size} disabled={disabled || pending} />
      </DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setReasonError(null);
            run(
              async () => {
                const r = await reject({ id, reason });
                if (!r.ok && r.error.fieldErrors?.reason) setReasonError(r.error.fieldErrors.reason);
                return r;
              },
              () => {
                setOpen(false);
                toast({ title: t(texts.rejected), variant: "success" });
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>{t(texts.rejectTitle)}</DialogTitle>
            <DialogDescription>{summary}</DialogDescription>
          </DialogHeader>
          <FormField label={t(texts.reason)} htmlFor={`reject-reason-${id}`} description={t(texts.reasonHelp)} error={reasonError ?? undefined}>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {t(texts.reject)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
