import { ArrowRight } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { formatShortDateTime, formatMoney, formatNumber } from "@/lib/i18n/format";
import type { Locale, Translate } from "@/lib/i18n";
import type { ConversionView } from "@/lib/conversions/service";

const REASONS = new Set(["INSUFFICIENT_BALANCE", "INSUFFICIENT_FUNDS", "BELOW_MIN_LIMIT", "EXCEEDS_MAX_LIMIT", "LIMIT_EXCEEDED", "QUOTE_EXPIRED", "CREDENTIAL_PERMISSION_DENIED"]);

/** Why a conversion was not made, in a few words. */
export function reasonText(code: string | null, t: Translate): string {
  if (code && REASONS.has(code)) return t(`convert.list.reasons.${code as "QUOTE_EXPIRED"}`);
  return t("convert.list.reasons.other", { code: code ?? "—" });
}

/** Conversions made from the dashboard: what left one balance and what arrived in the other. */
export function ConversionList({ conversions, t, locale }: { conversions: ConversionView[]; t: Translate; locale: Locale }) {
  if (conversions.length === 0) return <EmptyState titleAs="h3" title={t("convert.list.emptyTitle")} description={t("convert.list.emptyDescription")} />;
  return (
    <ul className="divide-y" data-testid="conversion-list">
      {conversions.map((c) => {
        const from = c.amountFrom ?? c.amount;
        return (
          <li key={c.id} className="grid gap-1 py-3" data-testid="conversion-item" data-external-id={c.externalId} data-state={c.state}>
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="flex min-w-0 flex-wrap items-center gap-1.5 text-sm font-medium">
                <span className="tabular-nums">−{formatMoney(from, c.baseCurrency, locale)}</span>
                <ArrowRight aria-hidden className="size-3.5 text-muted-foreground" />
                <span className="tabular-nums">{c.amountTo ? `+${formatMoney(c.amountTo, c.destinationCurrency, locale)}` : c.destinationCurrency}</span>
              </span>
              {c.state === "done" ? (
                <Badge variant="success">{t("convert.list.state.done")}</Badge>
              ) : c.state === "failed" ? (
                <Badge variant="destructive">{t("convert.list.state.failed")}</Badge>
              ) : (
                <Badge variant="warning">{t("convert.list.state.sending")}</Badge>
              )}
            </div>
            <p className="text-xs text-muted-foreground">
              {formatShortDateTime(c.createdAt, locale)}
              {c.rate && <> · {t("convert.rate.value", { base: c.baseCurrency, rate: formatNumber(c.rate, locale, 10), destination: c.destinationCurrency })}</>}
              {c.state === "failed" && <> · {t("convert.list.failedBecause", { reason: reasonText(c.errorCode, t) })}</>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
