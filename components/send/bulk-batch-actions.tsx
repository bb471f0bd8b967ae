"use client";

/** Approve (then the runner sends it) or reject, with a reason, a bulk batch another member uploaded. */
import { approveBatchAction, rejectBatchAction } from "@/app/(dashboard)/send/bulk/actions";
import { DecisionActions } from "./approval-actions";

export function BulkBatchActions({ id, own, summary }: { id: string; own: boolean; summary: string }) {
  return (
    <DecisionActions
      id={id}
      own={own}
      summary={summary}
      approve={approveBatchAction}
      reject={rejectBatchAction}
      size="default"
      testId="bulk-batch-actions"
      texts={{
        ownRequest: "bulk.detail.ownRequest",
        approve: "bulk.detail.approve",
        approved: "bulk.detail.approved",
        reject: "bulk.detail.reject",
        rejectTitle: "bulk.detail.rejectTitle",
        reason: "bulk.detail.reason",
        reasonHelp: "bulk.detail.reasonHelp",
        rejected: "bulk.detail.rejected",
      }}
    />
  );
}
