/**
 * The Overview's URL state: `?period=7|30|90` (days of the volume chart, 30 by default),
 * `?currency=` (the chart's currency, by default the one with the most confirmed transactions) and
 * `?in=` (the reporting currency of the total, lib/overview/reporting.ts). Plain links carry it, so
 * a view can be shared and the switches work without JavaScript.
 */
import { firstValues, queryString, type RawSearchParams } from "@/lib/search-params";

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

export type OverviewParams = { period: Period; currency: string | undefined; in: string | undefined };

export function parseOverviewParams(raw: RawSearchParams): OverviewParams {
  const v = firstValues(raw);
  const n = Number(v.period);
  const period = (PERIODS as readonly number[]).includes(n) ? (n as Period) : DEFAULT_PERIOD;
  const currency = v.currency && /^[A-Za-z0-9]{2,10}$/.test(v.currency) ? v.currency.toUpperCase() : undefined;
  const reporting = v.in && /^[A-Za-z]{3,5}$/.test(v.in) ? v.in.toUpperCase() : undefined;
  return { period, currency, in: reporting };
}

/** The Overview's URL with `change` applied to the current state (defaults left out). */
export function overviewHref(current: OverviewParams, change: Partial<OverviewParams>): string {
  const next = { ...current, ...change };
  return `/overview${queryString({ period: next.period === DEFAULT_PERIOD ? undefined : next.period, currency: next.currency, in: next.in })}`;
}
