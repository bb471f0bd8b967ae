import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import type { Locale, MessageKey, Translate } from "@/lib/i18n/translate";
import type { StoryStep } from "@/lib/transactions/story";
import { cn } from "@/lib/utils";

const DOT: Partial<Record<StoryStep["kind"], string>> = {
  paid: "bg-success",
  settled: "bg-success",
  received: "bg-success",
  converted: "bg-success",
  transferSent: "bg-success",
  failed: "bg-destructive",
  disputeOpened: "bg-warning",
  refundedToPayer: "bg-foreground",
  refundedToBalance: "bg-foreground",
};

function title(s: StoryStep, t: Translate, locale: Locale): string {
  const money = (a: StoryStep["amount"]) => (a ? formatMoney(a.value, a.currency, locale) : "");
  switch (s.kind) {
    case "disputeOpened":
      return t("transactions.detail.step.disputeOpened", { type: s.dispute?.type === "FRAUD" || s.dispute?.type === "REFUND_REQUEST" ? t(`infractions.types.${s.dispute.type}`) : (s.dispute?.type ?? "MED") });
    case "disputeResolved": {
      const o = s.dispute?.outcome;
      return t("transactions.detail.step.disputeResolved", { outcome: o === "won" || o === "lost" || o === "canceled" ? t(`transactions.detail.disputeOutcome.${o}`) : "" }).trim();
    }
    case "refundedToPayer":
      return t("transactions.detail.step.refundedToPayer", { amount: money(s.amount) });
    case "failed":
      {
      // A payout's failure code in the words of the Send page (send.failure).
      const key = `send.failure.${s.reason ?? "UNKNOWN"}`;
      return `${t("transactions.detail.step.failed")}: ${t.has(key) && key !== "send.failure.other" ? t(key as MessageKey) : t("send.failure.other", { code: s.reason ?? "" })}`;
    }
    default:
      return t(`transactions.detail.step.${s.kind}`);
  }
}

/** Where we know a step from, in a merchant's words (null: nothing worth saying). */
function sourceText(s: StoryStep, t: Translate): string | null {
  if (s.confirming) return t("transactions.detail.source.confirming");
  switch (s.source) {
    case "member":
      return s.kind === "approved" ? t("transactions.detail.source.memberApproved", { name: s.who ?? "" }) : s.kind === "payoutRequested" ? t("transactions.detail.source.memberRequested", { name: s.who ?? "" }) : t("transactions.detail.source.memberCreated", { name: s.who ?? "" });
    case "you":
      return s.kind === "approved" ? null : t("transactions.detail.source.you");
    case "check":
      return s.kind === "waitingForPayer" || s.kind === "waitingForBank" ? null : t("transactions.detail.source.check");
    default:
      return t(`transactions.detail.source.${s.source}`);
  }
}

/**
 * A transaction's story as a vertical timeline: each step in words, its time in the member's time
 * zone and where we know it from. A waiting step (still pending) comes last, dashed, with the time
 * until which the charge can be paid.
 */
export function StoryTimeline({ story, t, locale }: { story: StoryStep[]; t: Translate; locale: Locale }) {
  return (
    <ol className="grid gap-4 border-l pl-5" data-testid="detail-story">
      {story.map((s, i) => {
        const waiting = s.kind === "waitingForPayer" || s.kind === "waitingForBank";
        const source = sourceText(s, t);
        const when = waiting ? (s.at ? t("transactions.detail.step.expires", { at: formatDateTime(s.at, locale) }) : null) : s.at ? formatDateTime(s.at, locale) : t("transactions.detail.noTime");
        return (
          <li key={`${s.kind}-${i}`} className="relative text-sm" data-testid="story-step" data-kind={s.kind}>
            <span aria-hidden className={cn("absolute top-1.5 -left-[1.55rem] size-2.5 rounded-full ring-4 ring-background", waiting ? "border border-dashed border-muted-foreground bg-background" : (DOT[s.kind] ?? "bg-muted-foreground"))} />
            <p className="font-medium">{title(s, t, locale)}</p>
            {s.kind === "disputeOpened" && s.amount && <p className="text-muted-foreground">{t("transactions.detail.step.disputeHeld", { amount: formatMoney(s.amount.value, s.amount.currency, locale) })}</p>}
            {s.kind === "failed" && !s.confirming && <p className="text-muted-foreground">{t("transactions.detail.step.failedBalance")}</p>}
            <p className="text-xs text-muted-foreground">
              {when && (
                <time dateTime={s.at ?? undefined} data-testid="story-time">
                  {when}
                </time>
              )}
              {when && source && " · "}
              {source}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
