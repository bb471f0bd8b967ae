"use client";

/**
 * Approve or reject, with a reason, a request another member made (a payout, a transfer, a bulk
 * batch). The requester sees why they cannot approve it; rejecting asks for the reason in a dialog.
 */
import { Button } from "@/components/ui/plain-button";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { useReauth } from "@/components/security/reauth-provider";
import { useRefreshingAction } from "@/components/hooks/use-refreshing-action";
import type { ActionResult } from "@/lib/actions/result";
import { approvePayoutAction, rejectPayoutAction } from "@/app/(dashboard)/send/actions";
import { RejectDialog, type DecisionTexts } from "./reject-dialog";

type Texts = DecisionTexts;

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
      <RejectDialog id={id} summary={summary} reject={reject} texts={texts} size={size} disabled={pending} />
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
