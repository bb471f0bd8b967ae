import Link from "@/components/ui/link";
import { Suspense } from "react";
import { ArrowRight } from "@/components/ui/icons";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { InfoTip } from "@/components/ui/info-tip";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiFailure } from "@/components/shell/api-failure";
import { RefreshButton } from "@/components/shell/refresh-button";
import { refreshBalancesAction } from "@/app/(dashboard)/overview/actions";
import type { Access } from "@/lib/auth/access";
import { readOrLastKnown, type ApiEnvironment, type BalanceDto } from "@/lib/api-context";
import { describeFailure } from "@/lib/api-context/describe";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { mainCurrenciesFirst } from "@/lib/overview/currencies";
import { readPageBalance, readPageCurrencies } from "@/lib/overview/page-reads";
import type { OverviewParams } from "@/lib/overview/params";
import { cn } from "@/lib/utils";
import { BalanceRows } from "./balance-rows";
import { EstimatedTotal } from "./reporting-total";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "./card-classes";

/** How many balances a phone shows before "All balances". */
const ON_A_PHONE = 3;

const isZero = (v: string) => /^0(\.0*)?$/.test(v);

/**
 * Balances per currency as a short list, the organisation's local currency first, then the dollar
 * stable coins, then the rest (lib/overview/currencies.ts); a phone shows the first three. Read through
 * the organisation's API context (shared cache); when, and from which credential, is one click away.
 * The page's live stream re-renders it when a verified webhook moved money (the worker drops the
 * cached read first). While the provider does not answer, the last known balances are shown, under why.
 */
export async function Balances({ access, environment, params, className }: { access: Access; environment: ApiEnvironment; params: OverviewParams; className?: string }) {
  const { t, locale } = await getI18n();
  const [{ read, error }, { local }] = await Promise.all([
    readOrLastKnown<BalanceDto>(access, environment, "balance", () => readPageBalance(access, environment)),
    readPageCurrencies(access.organizationId, environment, locale),
  ]);
  const failure = error ? describeFailure(error, t(`environments.${environment}`)) : null;
  if (!read)
    return (
      <div className={className}>
        <ApiFailure failure={failure!} title={t("overview.balancesUnavailable")} />
      </div>
    );
  const balances = mainCurrenciesFirst(read.data, local, (b) => !isZero(b.available));
  return (
    <section aria-labelledby="balances-title" className={className}>
      <Card className={cn("h-full", OVERVIEW_CARD)} data-testid="balances">
        <CardHeader className={OVERVIEW_PAD}>
          <CardTitle className="flex items-center gap-1">
            <h2 id="balances-title">{t("overview.balances")}</h2>
            <InfoTip label={t("overview.balancesSource")} testId="balances-source">
              <p data-testid="balances-read-at" data-stale={read.stale === true}>
                {t(read.stale ? "overview.readAtLastKnown" : read.cached ? "overview.readAtCached" : "overview.readAt", {
                  at: formatDateTime(read.readAt, locale),
                  source: read.credential.name,
                  environment: t(`environments.${environment}`),
                })}
              </p>
            </InfoTip>
          </CardTitle>
          <CardAction>
            <RefreshButton action={refreshBalancesAction} label={t("overview.refresh")} />
          </CardAction>
        </CardHeader>
        <CardContent className={cn("grid gap-3", OVERVIEW_PAD)}>
          {failure && <ApiFailure failure={failure} title={t("overview.balancesUnavailable")} />}
          <ul className="-mx-2 grid grid-cols-1" aria-label={t("overview.balances")}>
            <BalanceRows
              rows={balances.map((b, i) => {
                const held = [!isZero(b.blocked) && t("overview.blocked", { amount: formatMoney(b.blocked, b.currency, locale) }), !isZero(b.pending) && t("overview.pending", { amount: formatMoney(b.pending, b.currency, locale) })].filter(Boolean);
                return { currency: b.currency, available: formatMoney(b.available, b.currency, locale), zero: isZero(b.available), held: held.length > 0 ? held.join(" · ") : null, phoneHidden: i >= ON_A_PHONE };
              })}
            />
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Suspense fallback={<Skeleton className="h-5 w-48" />}>
              <EstimatedTotal access={access} environment={environment} params={params} />
            </Suspense>
            {balances.length > ON_A_PHONE && (
              <Link href="/account" className="inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline md:hidden" data-testid="all-balances">
                {t("overview.allBalances")} <ArrowRight aria-hidden className="size-4" />
              </Link>
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
