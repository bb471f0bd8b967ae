import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { ChartColumn } from "@/components/ui/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InfoTip } from "@/components/ui/info-tip";
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Db, Scope } from "@/lib/db/scope";
import { dateFormat, formatList, formatMoney, formatNumber, formatRelativeTime, numberFormat } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n";
import type { Locale } from "@/lib/vocabulary";
import { mainCurrenciesFirst } from "@/lib/overview/currencies";
import { readPageCurrencies, readPageSyncStatus } from "@/lib/overview/page-reads";
import { overviewHref, PERIODS, type OverviewParams } from "@/lib/overview/params";
import { periodFigures, type Change, type FigureKey, type PeriodFigures } from "@/lib/overview/period";
import { dailyActivity } from "@/lib/overview/queries";
import { cn } from "@/lib/utils";
import { keep, settledTag } from "@/lib/pages/kept";
import { DayRows } from "./day-rows";
import { FigureTile, type TileView } from "./figure-tiles";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "./card-classes";

/** A calendar day (YYYY-MM-DD) in the member's words; it is a date, not an instant, so no zone shift. */
function dayLabel(day: string, locale: Locale, style: "short" | "long"): string {
  return dateFormat(locale, style === "short" ? { day: "numeric", month: "short", timeZone: "UTC" } : { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

function zoneName(timeZone: string, locale: Locale): string {
  if (timeZone === "UTC") return "UTC";
  const part = dateFormat(locale, { timeZone, timeZoneName: "longGeneric" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** A percentage ("97.5", exact) in the member's words ("97,5 %"); Intl formats decimal strings exactly. */
function percent(value: string, locale: Locale, signDisplay: "auto" | "exceptZero" = "auto"): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1, signDisplay }).format(`${value}E-2` as unknown as number);
}

/** A link of a small switch (period, currency, reporting currency): the current one filled. */
// The current one carries aria-current="true", which fills it (app/globals.css, `.ov-switch`).
export const switchLink = "ov-switch";

/** The change as a merchant reads it without colour: a signed figure ("+12.5%", "−2.1 pts"), "No change" or "New this period". */
function changeText(t: Translate, locale: Locale, change: Change, points: boolean): string {
  if (change.percent === null) return change.direction === "up" ? t("overview.figures.noPrevious") : t("overview.figures.same");
  if (change.direction === "flat") return t("overview.figures.same");
  const signed = `${change.direction === "down" ? "-" : ""}${change.percent}`;
  if (points) return t("overview.figures.points", { change: numberFormat(locale, { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(signed as unknown as number) });
  return percent(signed, locale, "exceptZero");
}

type Tile = { key: FigureKey; label: string; value: string; previous: string; series: (number | null)[]; help?: ReactNode };

/** A tile written for the page: its words, colour and days. */
function tileView(tile: Tile, change: Change, t: Translate, locale: Locale): TileView {
  // Money out growing is neither good nor bad: only the other figures are coloured (the words say the same).
  const tone =
    change.direction === "flat" || change.percent === null || tile.key === "cashout" ? "text-muted-foreground" : change.direction === "up" ? "text-success" : "text-destructive";
  return {
    key: tile.key,
    label: tile.label,
    value: tile.value,
    previous: t("overview.figures.previous", { value: tile.previous }),
    change: changeText(t, locale, change, tile.key === "successRate"),
    direction: change.direction,
    percent: change.percent,
    tone,
    series: tile.series,
    ...(tile.help ? { help: tile.help } : {}),
  };
}

function tilesOf(f: PeriodFigures, currency: string, t: Translate, locale: Locale): Tile[] {
  const money = (v: string) => formatMoney(v, currency, locale);
  const rate = (v: string | null) => (v === null ? t("overview.figures.noOutcome") : percent(v, locale));
  return [
    { key: "cashin", label: t("overview.figures.cashin"), value: money(f.current.cashin), previous: money(f.previous.cashin), series: f.series.map((d) => Number(d.cashin)) },
    { key: "cashout", label: t("overview.figures.cashout"), value: money(f.current.cashout), previous: money(f.previous.cashout), series: f.series.map((d) => Number(d.cashout)) },
    {
      key: "completed",
      label: t("overview.figures.completed"),
      value: formatNumber(f.current.completed, locale),
      previous: formatNumber(f.previous.completed, locale),
      series: f.series.map((d) => d.completed),
    },
    {
      key: "successRate",
      label: t("overview.figures.successRate"),
      value: rate(f.current.successRate),
      previous: rate(f.previous.successRate),
      series: f.series.map((d) => (d.successRate === null ? null : Number(d.successRate))),
      help: (
        <InfoTip label={t("overview.figures.successRateLabel")} testId="success-rate-help">
          <p>{t("overview.figures.successRateHelp", { currency })}</p>
        </InfoTip>
      ),
    },
  ];
}

/**
 * What came in and went out today and over the period (7, 30 or 90 days) in one currency, each figure
 * against the period of the same length before it, with its days as a small line. Summed in SQL from
 * the transaction mirror by the day of the member's market time zone; where that comes from is one
 * click away.
 */
export async function FiguresCard({ db, scope, params, className }: { db: Db; scope: Scope; params: OverviewParams; className?: string }) {
  const { t, locale, timeZone } = await getI18n();
  const [{ activity, local }, sync] = await Promise.all([readPageCurrencies(scope.organizationId, scope.environment, locale), readPageSyncStatus(db, scope.organizationId, scope.environment)]);
  const choices = mainCurrenciesFirst(activity, local).map((c) => c.currency);
  const currency = params.currency ?? (choices.includes(local) ? local : choices[0]);
  if (currency && !choices.includes(currency)) choices.push(currency);
  const source = (c: string) =>
    sync.lastSyncAt
      ? t("overview.figures.source", { currency: c, timeZone: zoneName(timeZone, locale), ago: formatRelativeTime(sync.lastSyncAt, locale) })
      : t("overview.figures.sourceNever", { currency: c, timeZone: zoneName(timeZone, locale) });

  const header = (
    <CardHeader className={cn("flex flex-wrap items-center justify-between gap-2", OVERVIEW_PAD)}>
      <CardTitle className="flex items-center gap-1">
        <h2 id="figures-title">{t("overview.figures.title")}</h2>
        {currency && (
          <InfoTip label={t("overview.figures.sourceLabel")} testId="figures-source">
            <p>{source(currency)}</p>
          </InfoTip>
        )}
      </CardTitle>
      {currency && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <nav aria-label={t("overview.figures.period")} className="flex flex-wrap items-center gap-1">
            {PERIODS.map((p) => (
              <Link key={p} href={overviewHref(params, { period: p })} scroll={false} aria-current={p === params.period ? "true" : undefined} className={switchLink} data-testid={`period-${p}`}>
                {t("overview.figures.periodDays", { days: p })}
              </Link>
            ))}
          </nav>
          {choices.length > 1 && (
            <nav aria-label={t("overview.figures.currency")} className="flex flex-wrap items-center gap-1">
              {choices.map((c) => (
                <Link key={c} href={overviewHref(params, { currency: c })} scroll={false} aria-current={c === currency ? "true" : undefined} className={switchLink}>
                  {c}
                </Link>
              ))}
            </nav>
          )}
        </div>
      )}
    </CardHeader>
  );

  if (!currency) {
    return (
      <section aria-labelledby="figures-title" className={className}>
        <Card className={OVERVIEW_CARD} data-testid="period-figures" data-period={params.period} data-empty="true">
          {header}
          <CardContent className={OVERVIEW_PAD}>
            <EmptyState icon={<ChartColumn />} titleAs="h3" title={t("overview.figures.emptyTitle")} description={t("overview.figures.emptyDescription")} />
          </CardContent>
        </Card>
      </section>
    );
  }

  const days = params.period * 2;
  // Only settled rows count (confirmed, failed, expired, cancelled): a charge created, pending, leaves it true (`settled:`).
  const daily = await keep(`activity:${scope.organizationId}:${scope.environment}:${currency}:${days}:${timeZone}`, [settledTag(scope.organizationId)], () =>
    dailyActivity(db, scope, { currency, days, timeZone }),
  );
  const f = periodFigures(daily, params.period);
  const money = (v: string) => formatMoney(v, currency, locale);
  return (
    <section aria-labelledby="figures-title" className={className}>
      <Card
        className={OVERVIEW_CARD}
        data-testid="period-figures"
        data-period={params.period}
        data-currency={currency}
        data-from={f.from}
        data-to={f.to}
        data-previous-from={f.previousFrom}
        data-previous-to={f.previousTo}
      >
        {header}
        <CardContent className={cn("grid grid-cols-1 gap-3 sm:gap-4", OVERVIEW_PAD)}>
          {/* One sentence that wraps between words, not three items with separators left dangling at a phone's line ends. */}
          <p className="text-sm tabular-nums" data-testid="today-figures" data-cashin={f.today.cashin} data-cashout={f.today.cashout} data-completed={f.today.completed}>
            <span className="font-medium">{t("overview.figures.today")}:</span>{" "}
            {formatList(
              [
                t("overview.figures.todayIn", { amount: money(f.today.cashin) }),
                t("overview.figures.todayOut", { amount: money(f.today.cashout) }),
                t("overview.figures.todayCompleted", { count: f.today.completed }),
              ],
              locale,
            )}
          </p>
          <ul className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4" aria-label={t("overview.figures.title")}>
            {tilesOf(f, currency, t, locale).map((tile) => (
              <FigureTile key={tile.key} tile={tileView(tile, f.change[tile.key], t, locale)} />
            ))}
          </ul>
          <details>
            <summary className="cursor-pointer text-sm font-medium">{t("overview.figures.table")}</summary>
            <Table containerClassName="mt-2" className="figures-table" containerLabel={t("overview.figures.table")} data-testid="figures-table">
              <TableCaption className="mt-2 text-xs">{t("overview.figures.tableCaption", { currency, from: dayLabel(f.from, locale, "long"), to: dayLabel(f.to, locale, "long") })}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">{t("overview.figures.day")}</TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("overview.figures.cashin")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("overview.figures.cashout")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("overview.figures.completed")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("overview.figures.unsuccessful")}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <DayRows rows={f.series.map((d) => [d.day, dayLabel(d.day, locale, "short"), money(d.cashin), money(d.cashout), formatNumber(d.completed, locale), formatNumber(d.unsuccessful, locale)])} />
              </TableBody>
            </Table>
          </details>
        </CardContent>
      </Card>
    </section>
  );
}
