"use client";
import { CheckCircle2 } from "@/components/ui/icons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/plain-button";
import { useI18n } from "@/components/providers/i18n-provider";
import { formatMoney, formatNumber } from "@/lib/i18n/format";
import type { Executed } from "@/lib/conversions/service";

/** What left one balance and arrived in the other, with both balances after. */
export function ResultCard({ result, onAnother }: { result: Executed; onAnother: () => void }) {
  const { t, locale } = useI18n();
  const c = result.conversion;
  const money = (v: string, cur: string) => formatMoney(v, cur, locale);
  const b = result.balances;
  return (
    <section aria-labelledby="convert-result-title" className="grid gap-4" data-testid="conversion-result" tabIndex={-1} ref={(el) => el?.focus()}>
      <div className="flex items-center gap-2">
        <CheckCircle2 aria-hidden className="size-5 text-success" />
        <h3 id="convert-result-title" className="text-base font-semibold">
          {t("convert.result.title")}
        </h3>
      </div>
      {result.replayed && (
        <Alert>
          <AlertDescription>{t("convert.result.replayed")}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1 rounded-lg border p-4" data-testid="result-base">
          <p className="text-sm text-muted-foreground">{t("convert.result.left", { currency: c.baseCurrency })}</p>
          <p className="text-xl font-semibold tabular-nums">−{money(c.amountFrom ?? c.amount, c.baseCurrency)}</p>
          <p className="text-xs text-muted-foreground">
            {t("convert.result.balanceNow", { currency: c.baseCurrency })}:{" "}
            <span className="font-medium text-foreground tabular-nums" data-testid="balance-after-base">
              {b?.base != null ? money(b.base, c.baseCurrency) : t("convert.result.balanceUnknown")}
            </span>
          </p>
        </div>
        <div className="grid gap-1 rounded-lg border p-4" data-testid="result-destination">
          <p className="text-sm text-muted-foreground">{t("convert.result.arrived", { currency: c.destinationCurrency })}</p>
          <p className="text-xl font-semibold tabular-nums text-success">+{money(c.amountTo ?? "0", c.destinationCurrency)}</p>
          <p className="text-xs text-muted-foreground">
            {t("convert.result.balanceNow", { currency: c.destinationCurrency })}:{" "}
            <span className="font-medium text-foreground tabular-nums" data-testid="balance-after-destination">
              {b?.destination != null ? money(b.destination, c.destinationCurrency) : t("convert.result.balanceUnknown")}
            </span>
          </p>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {c.rate && t("convert.result.rate", { base: c.baseCurrency, rate: formatNumber(c.rate, locale, 10), destination: c.destinationCurrency })}
        {c.fee && <> · {t("convert.result.fee", { fee: money(c.fee, c.baseCurrency) })}</>}
        {c.conversionId && (
          <>
            {" "}
            · <span className="font-mono">{t("convert.result.id", { id: c.conversionId })}</span>
          </>
        )}
      </p>
      <div className="flex justify-end">
        <Button type="button" onClick={onAnother}>
          {t("convert.result.another")}
        </Button>
      </div>
    </section>
  );
}
