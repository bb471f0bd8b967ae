import Link from "@/components/ui/link";
import { InfoTip } from "@/components/ui/info-tip";
import type { Access } from "@/lib/auth/access";
import type { ApiEnvironment } from "@/lib/api-context";
import { formatDateTime, formatMoney, formatNumber } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { readPageBalance } from "@/lib/overview/page-reads";
import { overviewHref, type OverviewParams } from "@/lib/overview/params";
import { rateFailureCode, readRate } from "@/lib/overview/rates";
import { REPORTING_CURRENCIES, reportingCurrencyFor, reportingTotal } from "@/lib/overview/reporting";
import { switchLink } from "./figures";

/**
 * The available balances added up in one reporting currency at the API's conversion rates, as one
 * small line: an estimate. How it is made (the rates and their time, what is not included, the
 * choice of currency) is one click away.
 */
export async function EstimatedTotal({ access, environment, params }: { access: Access; environment: ApiEnvironment; params: OverviewParams }) {
  const { t, locale } = await getI18n();
  const currency = reportingCurrencyFor(params.in, locale);
  const balance = await readPageBalance(access, environment).catch(() => null);
  if (!balance) return <p className="text-xs text-muted-foreground">{t("overview.total.unavailable")}</p>;
  const total = await reportingTotal(
    balance.data.map((b) => ({ currency: b.currency, amount: b.available })),
    currency,
    (from, to) => readRate(access, environment, from, to),
    rateFailureCode,
  );
  const converted = total.included.filter((r) => r.rateAt !== null);
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground" data-testid="reporting-total">
      <span className="tabular-nums wrap-anywhere" data-testid="reporting-total-amount" data-currency={currency} data-amount={total.total}>
        {t("overview.total.line", { amount: formatMoney(total.total, currency, locale) })}
      </span>
      <InfoTip label={t("overview.total.about")} testId="reporting-total-info">
        <p data-testid="reporting-total-source">{total.ratesAt ? t("overview.total.source", { at: formatDateTime(total.ratesAt, locale) }) : t("overview.total.sourceNoRate")}</p>
        {currency === "USD" && <p>{t("overview.total.usdNote")}</p>}
        {total.notIncluded.length > 0 && (
          <p data-testid="reporting-total-not-included">{t("overview.total.notIncluded", { currencies: total.notIncluded.map((r) => r.currency).join(", ") })}</p>
        )}
        {converted.length > 0 && (
          <ul className="grid gap-0.5 text-muted-foreground" data-testid="reporting-total-rates">
            {converted.map((r) => (
              <li key={r.currency} className="wrap-anywhere">
                {t("overview.total.rateLine", { from: r.currency, rate: formatNumber(r.rate, locale, 10), to: total.rateCurrency })}
              </li>
            ))}
          </ul>
        )}
        <nav aria-label={t("overview.total.showIn")} className="flex flex-wrap items-center gap-1">
          <span className="mr-1 text-muted-foreground">{t("overview.total.showIn")}</span>
          {REPORTING_CURRENCIES.map((c) => (
            <Link
              key={c}
              href={overviewHref(params, { in: c })}
              scroll={false}
              aria-current={c === currency ? "true" : undefined}
              className={switchLink}
            >
              {c}
            </Link>
          ))}
        </nav>
      </InfoTip>
    </div>
  );
}
