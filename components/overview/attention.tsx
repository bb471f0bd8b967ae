import { CircleCheck } from "@/components/ui/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Access } from "@/lib/auth/access";
import type { Db, Scope } from "@/lib/db/scope";
import type { Translate } from "@/lib/i18n";
import { formatMoney, formatRelativeTime, formatShortDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { attentionItems, type AttentionItem } from "@/lib/overview/attention";
import { lastDays } from "@/lib/overview/period";
import { serializeTransactionSearchParams } from "@/lib/transactions/filters";
import type { Locale } from "@/lib/vocabulary";
import { cn } from "@/lib/utils";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "./card-classes";
import { AttentionLines, type AttentionLine } from "./attention-lines";
import { keep } from "@/lib/pages/kept";

type Line = Omit<AttentionLine, "kind">;

function lineOf(item: AttentionItem, t: Translate, locale: Locale, now: string, days: number): Line {
  switch (item.kind) {
    case "infraction": {
      const left = Date.parse(item.deadlineAt) - Date.parse(now);
      const type = item.type === "FRAUD" || item.type === "REFUND_REQUEST" ? t(`infractions.types.${item.type}`) : (item.type ?? "—");
      const amount = item.amount && item.currency ? formatMoney(item.amount, item.currency, locale) : "—";
      return {
        key: `infraction-${item.id}`,
        href: `/infractions/${item.id}`,
        icon: "infraction",
        // Who disputes it, when the payer is known (the transaction mirror's, or the detail's debtor).
        title: item.payerName ? t("overview.attention.infractionFrom", { type, amount, payer: item.payerName }) : t("overview.attention.infraction", { type, amount }),
        detail: t("overview.attention.infractionDue", { date: formatShortDateTime(item.deadlineAt, locale, now), in: formatRelativeTime(item.deadlineAt, locale, now) }),
        detailClass: left <= 24 * 3_600_000 ? "text-destructive" : "text-warning",
        ...(item.threshold ? { badge: { variant: item.threshold === "48h" ? "warning" : "destructive", text: t(`overviewWidgets.infractions.threshold.${item.threshold}`) } } : {}),
        data: { "data-threshold": item.threshold ?? "" },
      };
    }
    case "approval":
      return {
        key: `approval-${item.id}`,
        href: "/send/approvals",
        icon: "approval",
        title: t("overview.attention.approval", { kind: item.payoutKind, amount: formatMoney(item.amount, item.currency, locale) }),
        detail: item.requestedByName ? t("overview.attention.requestedBy", { name: item.requestedByName }) : undefined,
        data: { "data-payout-id": item.id },
      };
    case "batch":
      return {
        key: `batch-${item.id}`,
        href: `/send/bulk/${item.id}`,
        icon: "batch",
        title: t("overview.attention.batch", { rows: item.rows }),
        detail: [item.fileName, item.requestedByName ? t("overview.attention.requestedBy", { name: item.requestedByName }) : null].filter(Boolean).join(" · ") || undefined,
      };
    case "moreApprovals":
      return { key: "more-approvals", href: "/send/approvals", icon: "approval", title: t("overview.attention.moreApprovals", { count: item.count }) };
    case "failedPayouts":
      return {
        key: "failed-payouts",
        href: serializeTransactionSearchParams("/transactions", { type: "cashout", status: ["failed"], from: new Date(`${item.from}T00:00:00Z`), to: new Date(`${item.to}T00:00:00Z`) }),
        icon: "failed",
        title: t("overview.attention.failedPayouts", { count: item.count, days }),
        detail: t("overview.attention.failedPayoutsHint"),
        data: { "data-count": String(item.count) },
      };
    case "review":
      return {
        key: "review",
        href: "/settings/reconciliation",
        icon: "review",
        title: t("overview.attention.review", { count: item.count }),
        detail: t("overview.attention.reviewHint"),
        data: { "data-count": String(item.count) },
      };
  }
}

/**
 * "Needs your attention": one list of what waits for this member (lib/overview/attention.ts), each
 * line a link to where it is done. Quiet when there is nothing: one line that says so.
 */
export async function AttentionCard({ db, scope, access, days, className }: { db: Db; scope: Scope; access: Access; days: number; className?: string }) {
  const { t, locale, timeZone } = await getI18n();
  const { items, now } = await attentionItems(db, access, scope, { ...lastDays(days, timeZone), timeZone }, keep);
  return (
    <section aria-labelledby="attention-title" className={className}>
      <Card className={cn("h-full", OVERVIEW_CARD)} data-testid="attention" data-count={items.length}>
        <CardHeader className={OVERVIEW_PAD}>
          <CardTitle>
            <h2 id="attention-title">{t("overview.attention.title")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className={OVERVIEW_PAD}>
          {items.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CircleCheck aria-hidden className="size-4 text-success" />
              {t("overview.attention.none")}
            </p>
          ) : (
            <AttentionLines lines={items.map((item) => ({ ...lineOf(item, t, locale, now, days), kind: item.kind }))} />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
