"use client";

/** Approve (and send) or reject, with a reason, a payout another member asked for. */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import { approvePayoutAction, rejectPayoutAction } from "@/app/(dashboard)/send/actions";

export function ApprovalActions({ id, own, summary }: { id: string; own: boolean; summary: string }) {
  const { t } = useI18n();
  const withReauth = useReauth();
  const { pending, run } = useRefreshingAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {own ? (
        <p className="text-xs text-muted-foreground" data-testid="own-request">
          {t("send.approvals.ownRequest")}
        </p>
      ) : (
        <Button size="sm" disabled={pending} onClick={() => run(() => withReauth(() => approvePayoutAction({ id })), () => toast({ title: t("send.approvals.approved"), variant: "success" }))}>
          {t("send.approvals.approve")}
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size="sm" variant="outline" disabled={pending}>
            {t("send.approvals.reject")}
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
                  const r = await rejectPayoutAction({ id, reason });
                  if (!r.ok && r.error.fieldErrors?.reason) setReasonError(r.error.fieldErrors.reason);
                  return r;
                },
                () => {
                  setOpen(false);
                  toast({ title: t("send.approvals.rejected"), variant: "success" });
                },
              );
            }}
          >
            <DialogHeader>
              <DialogTitle>{t("send.approvals.rejectTitle")}</DialogTitle>
              <DialogDescription>{summary}</DialogDescription>
            </DialogHeader>
            <FormField label={t("send.approvals.reason")} htmlFor={`reject-reason-${id}`} description={t("send.approvals.reasonHelp")} error={reasonError ?? undefined}>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="destructive" disabled={pending}>
                {t("send.approvals.reject")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
