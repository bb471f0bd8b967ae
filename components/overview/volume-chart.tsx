"use client";

import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { useI18n } from "@/components/providers/i18n-provider";

/** One day as the server computed it: exact amounts as formatted text, numbers only for plotting. */
export type ChartDay = {
  day: string;
  label: string;
  cashin: number;
  cashout: number;
  cashinText: string;
  cashoutText: string;
};

const COLORS = { cashin: "var(--chart-2)", cashout: "var(--chart-1)" } as const;

type DayTooltipProps = { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }>; labels: { cashin: string; cashout: string } };

function DayTooltip({ active, payload, labels }: DayTooltipProps) {
  const d = payload?.[0]?.payload as ChartDay | undefined;
  if (!active || !d) return null;
  return (
    <div className="grid gap-1 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{d.label}</p>
      <p className="flex items-center gap-2">
        <span aria-hidden className="size-2 rounded-sm" style={{ background: COLORS.cashin }} />
        {labels.cashin}: <span className="tabular-nums">{d.cashinText}</span>
      </p>
      <p className="flex items-center gap-2">
        <span aria-hidden className="size-2 rounded-sm" style={{ background: COLORS.cashout }} />
        {labels.cashout}: <span className="tabular-nums">{d.cashoutText}</span>
      </p>
    </div>
  );
}

/**
 * The bars of the daily volume. Decorative for assistive technology: the card carries the same
 * figures as text (totals) and as a table, so the drawing is hidden from screen readers and takes
 * no keyboard focus.
 */
export function VolumeChart({ data }: { data: ChartDay[] }) {
  const { t, locale } = useI18n();
  const labels = { cashin: t("overviewWidgets.volume.cashin"), cashout: t("overviewWidgets.volume.cashout") };
  const compact = useMemo(() => new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }), [locale]);
  return (
    <div aria-hidden="true" className="h-56 w-full min-w-0 sm:h-64" data-testid="volume-chart" data-days={data.length}>
      <BarChart responsive accessibilityLayer={false} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} barGap={1} style={{ width: "100%", height: "100%" }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={16} interval="preserveStartEnd" tick={{ fontSize: 11 }} />
        <YAxis width={44} tickLine={false} axisLine={false} tick={{ fontSize: 11 }} tickFormatter={(v: number) => compact.format(v)} />
        <Tooltip content={(p) => <DayTooltip {...p} labels={labels} />} cursor={{ className: "fill-muted" }} />
        <Bar dataKey="cashin" name={labels.cashin} fill={COLORS.cashin} radius={[2, 2, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="cashout" name={labels.cashout} fill={COLORS.cashout} radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}
