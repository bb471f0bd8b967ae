import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { TransactionStatus } from "@/components/events/transaction-status";
import { formatShortDateTime, formatMoney } from "@/lib/i18n/format";
import type { Locale, Translate } from "@/lib/i18n";
import type { PayoutView } from "@/lib/payouts/service";
import { payoutFailureCodesFor, payoutFailureText as failureText } from "@/lib/payouts/failure-text";
import { recipientText } from "@/lib/payouts/recipient";
import { ResendPayoutButton } from "./resend-payout-button";
import { SandboxPayoutTools } from "./sandbox-payout-tools";

/** A cashout.failed error_code (or an API refusal) in words (lib/payouts/failure-text.ts). */
export { failureText };

/** Payouts and transfers with their state here and their status at the provider (live from the mirror). */
/** `sandboxTools`: the credential is the embedded sandbox's, so pending payouts can be settled or failed from here. */
export function PayoutList({ payouts, t, locale, canSend, sandboxTools = false }: { payouts: PayoutView[]; t: Translate; locale: Locale; canSend: boolean; sandboxTools?: boolean }) {
  if (payouts.length === 0) return <EmptyState title={t("send.list.emptyTitle")} description={t("send.list.emptyDescription")} />;
  return (
    <ul className="divide-y" data-testid="payout-list">
      {payouts.map((p) => {
        const failedCode = p.status === "failed" ? (p.mirrorErrorCode ?? "UNKNOWN") : null;
        return (
          <li key={p.id} className="grid gap-1 py-2.5" data-testid="payout-item" data-external-id={p.externalId}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium">
                {formatMoney(p.amount, p.currency, locale)} · {t(`send.kinds.${p.kind}`)}
              </span>
              {p.state === "sent" && p.status ? (
                <TransactionStatus status={p.status} reportedStatus={p.reportedStatus} t={t} />
              ) : (
                <Badge variant={p.state === "failed" || p.state === "rejected" ? "destructive" : p.state === "awaiting_approval" ? "warning" : "outline"} data-testid="payout-state">
                  {t(`send.state.${p.state}`)}
                </Badge>
              )}
            </div>
            <span className="truncate text-xs text-muted-foreground">
              {recipientText(p)} · {formatShortDateTime(p.createdAt, locale)}
              {p.kind === "transfer" && p.direction ? ` · ${t(p.direction === "received" ? "send.transfer.directionReceived" : "send.transfer.directionSent")}` : ""}
            </span>
            {failedCode && (
              <p className="text-xs text-destructive" data-testid="payout-failure">
                {t("send.list.failedBecause", { reason: failureText(failedCode, t) })} <span className="font-mono">({failedCode})</span> {t("send.list.refunded")}
              </p>
            )}
            {p.state === "failed" && p.errorCode && <p className="text-xs text-destructive">{t("send.failure.other", { code: p.errorCode })}</p>}
            {p.state === "rejected" && <p className="text-xs text-muted-foreground">{t("send.list.rejectedBecause", { name: p.decidedByName ?? "—", reason: p.rejectReason ?? "" })}</p>}
            {/* Not confirmed (it may have been made), or queued (the provider did not answer: nothing sent): the same body goes again. */}
            {(p.state === "sending" || (p.state === "queued" && !p.batchId)) && canSend && <ResendPayoutButton id={p.id} />}
            {sandboxTools && canSend && p.state === "sent" && p.status === "pending" && p.kind !== "transfer" && <SandboxPayoutTools id={p.id} codes={payoutFailureCodesFor(p.kind, p.network)} />}
          </li>
        );
      })}
    </ul>
  );
}
