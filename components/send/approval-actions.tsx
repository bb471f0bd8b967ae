"use client";

/**
 * Approve or reject, with a reason, a request another member made (a payout, a transfer, a bulk
 * batch). The requester sees why they cannot approve it; rejecting asks for the reason in a dialog.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import type { ActionResult } from "@/lib/actions/result";
import type { MessageKey } from "@/lib/i18n";
import { approvePayoutAction, rejectPayoutAction } from "@/app/(dashboard)/send/actions";

type Texts = { ownRequest: MessageKey; approve: MessageKey; approved: MessageKey; reject: MessageKey; rejectTitle: MessageKey; reason: MessageKey; reasonHelp: MessageKey; rejected: MessageKey };

type Props = {
  id: string;
  own: boolean;
  summary: string;
  approve: (input: { id: string }) => Promise<ActionResult<unknown>>;
  reject: (input: { id: string; reason: string }) => Promise<ActionResult<unknown>>;
  texts: Texts;
  size?: "sm" | "default";
  testId?: string;
};

export function DecisionActions({ id, own, summary, approve, reject, texts, size = "sm", testId }: Props) {
  const { t } = useI18n();
  const withReauth = useReauth();
  const { pending, run } = useRefreshingAction();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={testId}>
      {own ? (
        <p className="text-xs text-muted-foreground" data-testid="own-request">
          {t(texts.ownRequest)}
        </p>
      ) : (
        <Button size={size} disabled={pending} onClick={() => run(() => withReauth(() => approve({ id })), () => toast({ title: t(texts.approved), variant: "success" }))}>
          {t(texts.approve)}
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size={size} variant="outline" disabled={pending}>
            {t(texts.reject)}
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
    </div>
  );
}

const PAYOUT_TEXTS: Texts = {
  ownRequest: "send.approvals.ownRequest",
  approve: "send.approvals.approve",
  approved: "send.approvals.approved",
  reject: "send.approvals.reject",
  rejectTitle: "send.approvals.rejectTitle",
  reason: "send.approvals.reason",
  reasonHelp: "send.approvals.reasonHelp",
  rejected: "send.approvals.rejected",
};

/** A single payout or transfer held for approval. */
export function ApprovalActions({ id, own, summary }: { id: string; own: boolean; summary: string }) {
  return <DecisionActions id={id} own={own} summary={summary} approve={approvePayoutAction} reject={rejectPayoutAction} texts={PAYOUT_TEXTS} />;
}
