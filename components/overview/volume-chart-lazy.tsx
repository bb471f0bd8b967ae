"use client";

import dynamic from "next/dynamic";

/** The chart's height, so nothing moves when it arrives. */
function ChartPlaceholder() {
  return <div aria-hidden="true" className="h-56 w-full animate-pulse rounded-md bg-accent sm:h-64" />;
}

/**
 * The chart's code (recharts) loads after the page is interactive: it cannot draw on the server
 * anyway (it measures its box first), and the figures it shows are already on the page as text.
 */
export const LazyVolumeChart = dynamic(() => import("./volume-chart").then((m) => m.VolumeChart), { ssr: false, loading: ChartPlaceholder });
