import { cn } from "@/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiFailure } from "@/components/shell/api-failure";
import { RefreshButton } from "@/components/shell/refresh-button";
import { refreshBalancesAction } from "@/app/(dashboard)/overview/actions";
import type { Access } from "@/lib/auth/access";
import { readOrLastKnown, type ApiEnvironment, type BalanceDto } from "@/lib/api-context";
import { describeFailure } from "@/lib/api-context/describe";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { readPageBalance } from "@/lib/overview/page-reads";

const isZero = (b: BalanceDto[number]) => [b.available, b.blocked, b.pending].every((v) => /^0(\.0*)?$/.test(v));

/**
 * Balances per currency, read through the organisation's API context (shared cache), with when.
 * The page's live stream re-renders it when a verified webhook moved money (the worker drops the
 * cached read first). While the provider does not answer, the last known balances are shown with
 * their time, under why.
 */
export async function Balances({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const { t, locale } = await getI18n();
  const { read, error } = await readOrLastKnown<BalanceDto>(access, environment, "balance", () => readPageBalance(access, environment));
  const failure = error ? describeFailure(error, t(`environments.${environment}`)) : null;
  if (!read) return <ApiFailure failure={failure!} title={t("overview.balancesUnavailable")} />;
  const balances = [...read.data].sort((a, b) => Number(isZero(a)) - Number(isZero(b)));
  return (
    <section aria-labelledby="balances-title" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h2 id="balances-title" className="text-lg font-semibold">
            {t("overview.balances")}
          </h2>
          <p className="text-xs text-muted-foreground" data-testid="balances-read-at" data-stale={read.stale === true}>
            {t(read.stale ? "overview.readAtLastKnown" : read.cached ? "overview.readAtCached" : "overview.readAt", {
              at: formatDateTime(read.readAt, locale),
              source: read.credential.name,
              environment: t(`environments.${environment}`),
            })}
          </p>
        </div>
        <RefreshButton action={refreshBalancesAction} label={t("overview.refresh")} />
      </div>
      {failure && <ApiFailure failure={failure} title={t("overview.balancesUnavailable")} />}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("overview.balances")}>
        {balances.map((b) => (
          <li key={b.currency} className="min-w-0">
            {/* An empty balance is quieter (dashed, no shadow) without lowering text contrast. */}
            <Card className={isZero(b) ? "border-dashed bg-transparent shadow-none" : undefined} data-testid={`balance-${b.currency}`}>
              <CardHeader>
                <CardDescription>{t("overview.available", { currency: b.currency })}</CardDescription>
                {/* Crypto amounts carry up to nine decimals: they wrap rather than widen the page. */}
                <CardTitle className={cn("text-2xl wrap-anywhere tabular-nums", isZero(b) && "text-muted-foreground")} data-testid="balance-available">
                  {formatMoney(b.available, b.currency, locale)}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-2 gap-2 text-sm">
                  <div className="min-w-0">
                    <dt className="text-muted-foreground">{t("overview.blocked")}</dt>
                    <dd className="wrap-anywhere tabular-nums">{formatMoney(b.blocked, b.currency, locale)}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-muted-foreground">{t("overview.pending")}</dt>
                    <dd className="wrap-anywhere tabular-nums">{formatMoney(b.pending, b.currency, locale)}</dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
