/**
 * The Overview's URL state (nuqs, like every page's): `?period=7|30|90` (days of the volume chart, 30
 * by default), `?currency=` (the chart's currency, by default the one with the most confirmed
 * transactions) and `?in=` (the reporting currency of the total, lib/overview/reporting.ts). Plain
 * links carry it, so a view can be shared and the switches work without JavaScript.
 */
import { createLoader, createParser, createSerializer, parseAsNumberLiteral } from "nuqs/server";
import type { RawSearchParams } from "@/lib/search-params";

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

/** A currency code matching `shape`, upper-cased; anything else is absent. */
const parseAsCode = (shape: RegExp) =>
  createParser({
    parse: (v: string) => (shape.test(v) ? v.toUpperCase() : null),
    serialize: (v: string) => v,
  });

export const overviewSearchParams = {
  period: parseAsNumberLiteral(PERIODS).withDefault(DEFAULT_PERIOD),
  currency: parseAsCode(/^[A-Za-z0-9]{2,10}$/),
  in: parseAsCode(/^[A-Za-z]{3,5}$/),
};

export type OverviewParams = { period: Period; currency: string | undefined; in: string | undefined };

const loadOverviewSearchParams = createLoader(overviewSearchParams);
const serializeOverviewSearchParams = createSerializer(overviewSearchParams, { clearOnDefault: true });

export function parseOverviewParams(raw: RawSearchParams): OverviewParams {
  const v = loadOverviewSearchParams(raw);
  return { period: v.period, currency: v.currency ?? undefined, in: v.in ?? undefined };
}

/** The Overview's URL with `change` applied to the current state (defaults left out). */
export function overviewHref(current: OverviewParams, change: Partial<OverviewParams>): string {
  const next = { ...current, ...change };
  return serializeOverviewSearchParams("/overview", { period: next.period, currency: next.currency ?? null, in: next.in ?? null });
}
