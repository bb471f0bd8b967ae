import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiFailure } from "@/components/shell/api-failure";
import type { Access } from "@/lib/auth/access";
import type { ApiEnvironment } from "@/lib/api-context";
import { describeFailure } from "@/lib/api-context/describe";
import { formatDateTime, formatMoney, formatNumber } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { readPageBalance } from "@/lib/overview/page-reads";
import { overviewHref, type OverviewParams } from "@/lib/overview/params";
import { rateFailureCode, readRate } from "@/lib/overview/rates";
import { REPORTING_CURRENCIES, reportingCurrencyFor, reportingTotal } from "@/lib/overview/reporting";
import { cn } from "@/lib/utils";

/**
 * The available balances added up in one reporting currency at the API's conversion rates: an
 * estimate, with the rates and their time. A currency whose rate cannot be read is listed apart.
 */
export async function ReportingTotalCard({ access, environment, params }: { access: Access; environment: ApiEnvironment; params: OverviewParams }) {
  const { t, locale } = await getI18n();
  const currency = reportingCurrencyFor(params.in, locale);
  let balance;
  try {
    balance = await readPageBalance(access, environment);
  } catch (e) {
    const failure = describeFailure(e, t(`environments.${environment}`));
    if (!failure) throw e;
    return <ApiFailure failure={failure} title={t("overviewWidgets.total.unavailable")} />;
  }
  const total = await reportingTotal(
    balance.data.map((b) => ({ currency: b.currency, amount: b.available })),
    currency,
    (from, to) => readRate(access, environment, from, to),
    rateFailureCode,
  );
  const environmentName = t(`environments.${environment}`);
  const converted = total.included.filter((r) => r.rateAt !== null);

  return (
    <section aria-labelledby="total-title">
      <Card data-testid="reporting-total">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardDescription>
              <h2 id="total-title">{t("overviewWidgets.total.title", { currency })}</h2>
            </CardDescription>
            <Badge variant="outline">{t("overviewWidgets.total.estimate")}</Badge>
          </div>
          <CardTitle className="text-3xl tabular-nums wrap-anywhere" data-testid="reporting-total-amount" data-currency={currency}>
            {formatMoney(total.total, currency, locale)}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3 text-sm">
          <div className="grid gap-1 text-xs text-muted-foreground">
            <p data-testid="reporting-total-source">
              {total.ratesAt
                ? t("overviewWidgets.total.source", { environment: environmentName, at: formatDateTime(total.ratesAt, locale) })
                : t("overviewWidgets.total.sourceNoRate", { environment: environmentName })}
            </p>
            {currency === "USD" && <p>{t("overviewWidgets.total.usdNote")}</p>}
            <p>{t("overviewWidgets.total.disclaimer")}</p>
          </div>
          {total.included.length === 0 && total.notIncluded.length === 0 && <p className="text-muted-foreground">{t("overviewWidgets.total.nothing")}</p>}
          {total.notIncluded.length > 0 && (
            <div className="rounded-md border border-warning/50 p-3" data-testid="reporting-total-not-included">
              <p className="font-medium">{t("overviewWidgets.total.notIncluded")}</p>
              <ul className="mt-1 grid gap-0.5">
                {total.notIncluded.map((r) => (
                  <li key={r.currency} className="flex flex-wrap gap-x-2 wrap-anywhere" data-currency={r.currency}>
                    <span className="tabular-nums">{formatMoney(r.amount, r.currency, locale)}</span>
                    <span className="font-mono text-xs text-muted-foreground">{r.reason}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {converted.length > 0 && (
            <details className="group">
              <summary className="cursor-pointer text-xs font-medium">{t("overviewWidgets.total.rates")}</summary>
              <ul className="mt-2 grid gap-0.5 text-xs text-muted-foreground" data-testid="reporting-total-rates">
                {converted.map((r) => (
                  <li key={r.currency} className="wrap-anywhere">
                    {t("overviewWidgets.total.rateLine", { from: r.currency, rate: formatNumber(r.rate, locale, 10), to: total.rateCurrency })}
                    {" · "}
                    {formatDateTime(r.rateAt!, locale)}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <nav aria-label={t("overviewWidgets.total.showIn")} className="flex flex-wrap items-center gap-1 text-xs">
            <span className="mr-1 text-muted-foreground">{t("overviewWidgets.total.showIn")}</span>
            {REPORTING_CURRENCIES.map((c) => (
              <Link
                key={c}
                href={overviewHref(params, { in: c })}
                scroll={false}
                aria-current={c === currency ? "true" : undefined}
                className={cn(
                  "rounded-md border px-2 py-1 font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  c === currency && "bg-primary text-primary-foreground hover:bg-primary/90",
                )}
              >
                {c}
              </Link>
            ))}
          </nav>
        </CardContent>
      </Card>
    </section>
  );
}
