"use client";

/** Approve (then the runner sends it) or reject, with a reason, a bulk batch another member uploaded. */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { approveBatchAction, rejectBatchAction } from "@/app/(dashboard)/send/bulk/actions";

export function BulkBatchActions({ id, own, summary }: { id: string; own: boolean; summary: string }) {
  const { t } = useI18n();
  const withReauth = useReauth();
  const { pending, run } = useRefreshingAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="bulk-batch-actions">
      {own ? (
        <p className="text-sm text-muted-foreground" data-testid="own-request">
          {t("bulk.detail.ownRequest")}
        </p>
      ) : (
        <Button disabled={pending} onClick={() => run(() => withReauth(() => approveBatchAction({ id })), () => toast({ title: t("bulk.detail.approved"), variant: "success" }))}>
          {t("bulk.detail.approve")}
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" disabled={pending}>
            {t("bulk.detail.reject")}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              setReasonError(null);
              run(
                async () => {
                  const r = await rejectBatchAction({ id, reason });
                  if (!r.ok && r.error.fieldErrors?.reason) setReasonError(r.error.fieldErrors.reason);
                  return r;
                },
                () => {
                  setOpen(false);
                  toast({ title: t("bulk.detail.rejected"), variant: "success" });
                },
              );
            }}
          >
            <DialogHeader>
              <DialogTitle>{t("bulk.detail.rejectTitle")}</DialogTitle>
              <DialogDescription>{summary}</DialogDescription>
            </DialogHeader>
            <FormField label={t("bulk.detail.reason")} htmlFor={`reject-batch-${id}`} description={t("bulk.detail.reasonHelp")} error={reasonError ?? undefined}>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={pending}>
                {t("bulk.detail.reject")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
