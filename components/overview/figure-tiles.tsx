"use client";

import type { ReactNode } from "react";
import { ArrowDownRight, ArrowUpRight, Minus } from "@/components/ui/icons";
import type { FigureKey } from "@/lib/overview/period";
import { Sparkline } from "./sparkline";

/** A figure's tile as the server has already written it (components/overview/figures.tsx). */
export type TileView = {
  key: FigureKey;
  label: string;
  value: string;
  previous: string;
  /** the change in words ("+12.5%", "No change"), its direction and exact percent (data attributes) */
  change: string;
  direction: "up" | "down" | "flat";
  percent: string | null;
  /** the change's colour class */
  tone: string;
  /** its days, for the small line */
  series: (number | null)[];
  /** an explanation beside the label (server-rendered), if any */
  help?: ReactNode;
};

/**
 * A figure's tile: its value, the change against the period before (in words, an arrow and a
 * colour), the previous value and its days as a small line drawn from the numbers: the page's flight
 * data carries the tile as this short record rather than its elements and the line's points.
 */
export function FigureTile({ tile }: { tile: TileView }) {
  const Arrow = tile.direction === "up" ? ArrowUpRight : tile.direction === "down" ? ArrowDownRight : Minus;
  return (
    <li className="ov-tile" data-testid={`figure-${tile.key}`} data-direction={tile.direction} data-change={tile.percent ?? ""}>
      <span className="ov-tile-label">
        {tile.label}
        {tile.help}
      </span>
      <span className="ov-tile-value" data-testid="figure-value">
        {tile.value}
      </span>
      <span className={`ov-tile-change ${tile.tone}`} data-testid="figure-change">
        <Arrow aria-hidden />
        {tile.change}
      </span>
      <span className="ov-tile-prev" data-testid="figure-previous">
        {tile.previous}
      </span>
      <Sparkline values={tile.series} className={tile.key === "cashout" ? "text-chart-1" : "text-chart-2"} />
    </li>
  );
}
