import Link from "next/link";
import { Money } from "@/lib/payments/money";
import { ChartColumn } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Access } from "@/lib/auth/access";
import type { ApiEnvironment } from "@/lib/vocabulary";
import { getDb } from "@/lib/db";
import { formatMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { LOCALE_TIME_ZONES } from "@/lib/i18n/zones";
import type { Locale } from "@/lib/i18n/translate";
import { overviewHref, PERIODS, type OverviewParams } from "@/lib/overview/params";
import { readPageSyncStatus } from "@/lib/overview/page-reads";
import { dailyVolume, volumeCurrencies } from "@/lib/overview/queries";
import { cn } from "@/lib/utils";
import { MirrorSource } from "./mirror-source";
import { LazyVolumeChart } from "./volume-chart-lazy";
import type { ChartDay } from "./volume-chart";

/** A calendar day (YYYY-MM-DD) in the member's words; it is a date, not an instant, so no zone shift. */
function dayLabel(day: string, locale: Locale, style: "short" | "long"): string {
  return new Intl.DateTimeFormat(locale, style === "short" ? { day: "numeric", month: "short", timeZone: "UTC" } : { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

function zoneName(timeZone: string, locale: Locale): string {
  if (timeZone === "UTC") return "UTC";
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

const switchLink = (active: boolean) =>
  cn(
    "rounded-md border px-2 py-1 text-xs font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
    active && "bg-primary text-primary-foreground hover:bg-primary/90",
  );

/**
 * Confirmed cash-in and cash-out per day over 7, 30 or 90 days in one currency, summed in SQL from
 * the transaction mirror by the day of the member's market time zone.
 */
export async function VolumeCard({ access, environment, params, className }: { access: Access; environment: ApiEnvironment; params: OverviewParams; className?: string }) {
  const { t, locale } = await getI18n();
  const db = await getDb();
  const target = { organizationId: access.organizationId, environment };
  const timeZone = LOCALE_TIME_ZONES[locale];
  const [currencies, sync] = await Promise.all([volumeCurrencies(db, target, { days: params.period }), readPageSyncStatus(db, access.organizationId, environment)]);
  const currency = params.currency ?? currencies[0]?.currency;
  const choices = currency && !currencies.some((c) => c.currency === currency) ? [...currencies.map((c) => c.currency), currency] : currencies.map((c) => c.currency);

  const header = (
    <CardHeader>
      <CardTitle>
        <h2 id="volume-title">{t("overviewWidgets.volume.title")}</h2>
      </CardTitle>
      {currency && (
        <CardDescription>{t("overviewWidgets.volume.description", { currency, days: params.period, timeZone: zoneName(timeZone, locale) })}</CardDescription>
      )}
    </CardHeader>
  );

  if (!currency) {
    return (
      <section aria-labelledby="volume-title" className={className}>
        <Card className="h-full" data-testid="volume-card" data-period={params.period} data-empty="true">
          {header}
          <CardContent className="grid grid-cols-1 gap-3">
            <EmptyState icon={<ChartColumn />} titleAs="h3" title={t("overviewWidgets.volume.emptyTitle")} description={t("overviewWidgets.volume.emptyDescription")} />
            <MirrorSource lastSyncAt={sync.lastSyncAt} />
          </CardContent>
        </Card>
      </section>
    );
  }

  const days = await dailyVolume(db, target, { currency, days: params.period, timeZone });
  const totals = days.reduce((s, d) => ({ cashin: s.cashin.plus(d.cashin), cashout: s.cashout.plus(d.cashout) }), { cashin: new Money(0), cashout: new Money(0) });
  const money = (v: string | Money) => formatMoney(v.toString(), currency, locale);
  const data: ChartDay[] = days.map((d) => ({
    day: d.day,
    label: dayLabel(d.day, locale, "short"),
    // Numbers for drawing only; every figure shown is formatted from the exact string.
    cashin: Number(d.cashin),
    cashout: Number(d.cashout),
    cashinText: money(d.cashin),
    cashoutText: money(d.cashout),
  }));

  return (
    <section aria-labelledby="volume-title" className={className}>
      <Card className="h-full" data-testid="volume-card" data-period={params.period} data-currency={currency}>
        {header}
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <nav aria-label={t("overviewWidgets.volume.period")} className="flex flex-wrap items-center gap-1">
              {PERIODS.map((p) => (
                <Link key={p} href={overviewHref(params, { period: p })} scroll={false} aria-current={p === params.period ? "true" : undefined} className={switchLink(p === params.period)} data-testid={`period-${p}`}>
                  {t("overviewWidgets.volume.periodDays", { days: p })}
                </Link>
              ))}
            </nav>
            {choices.length > 1 && (
              <nav aria-label={t("overviewWidgets.volume.currency")} className="flex flex-wrap items-center gap-1">
                {choices.map((c) => (
                  <Link key={c} href={overviewHref(params, { currency: c })} scroll={false} aria-current={c === currency ? "true" : undefined} className={switchLink(c === currency)}>
                    {c}
                  </Link>
                ))}
              </nav>
            )}
          </div>
          <p className="text-sm" data-testid="volume-totals">
            {t("overviewWidgets.volume.totals", { days: params.period, cashin: money(totals.cashin), cashout: money(totals.cashout) })}
          </p>
          <div className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden="true">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ background: "var(--chart-2)" }} />
              {t("overviewWidgets.volume.cashin")}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ background: "var(--chart-1)" }} />
              {t("overviewWidgets.volume.cashout")}
            </span>
          </div>
          <LazyVolumeChart data={data} />
          <details>
            <summary className="cursor-pointer text-sm font-medium">{t("overviewWidgets.volume.table")}</summary>
            <Table containerClassName="mt-2" containerLabel={t("overviewWidgets.volume.table")} data-testid="volume-table">
              <TableCaption className="mt-2 text-xs">
                {t("overviewWidgets.volume.tableCaption", { currency, from: dayLabel(days[0]!.day, locale, "long"), to: dayLabel(days[days.length - 1]!.day, locale, "long") })}
              </TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">{t("overviewWidgets.volume.day")}</TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("overviewWidgets.volume.cashin")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("overviewWidgets.volume.cashout")}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.map((d) => (
                  <TableRow key={d.day} data-day={d.day}>
                    <TableHead scope="row" className="h-auto py-1 font-normal">
                      {d.label}
                    </TableHead>
                    <TableCell className="py-1 text-right tabular-nums">{d.cashinText}</TableCell>
                    <TableCell className="py-1 text-right tabular-nums">{d.cashoutText}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </details>
          <MirrorSource lastSyncAt={sync.lastSyncAt} />
        </CardContent>
      </Card>
    </section>
  );
}
