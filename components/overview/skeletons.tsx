"use client";

import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { cx } from "@/lib/class-join";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "./card-classes";

/*
 * Placeholders of the Overview's widgets, each about the size of what replaces it. A bar is a bare
 * `.skel` (app/globals.css: what components/ui/skeleton.tsx draws) under an aria-hidden container:
 * the page shows some fifty of them while it streams. A client component (no state, no words): the
 * page's flight data names it with its two props rather than carrying its elements, twice (the
 * route's loading state and each widget's Suspense fallback).
 */
const Bar = ({ className }: { className: string }) => <div className={`skel ${className}`} />;

export function FiguresSkeleton({ className }: { className?: string }) {
  return (
    <Card className={cx(OVERVIEW_CARD, className)} aria-busy="true">
      <CardHeader className={cx("flex flex-wrap items-center justify-between gap-2", OVERVIEW_PAD)} aria-hidden="true">
        <Bar className="h-5 w-32" />
        <Bar className="h-7 w-56 max-w-full" />
      </CardHeader>
      <CardContent className={cx("grid gap-4", OVERVIEW_PAD)} aria-hidden="true">
        <Bar className="h-4 w-72 max-w-full" />
        <div className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Bar key={i} className="h-32" />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

export function CardSkeleton({ className, lines = 4 }: { className?: string; lines?: number }) {
  return (
    <Card className={cx("h-full", OVERVIEW_CARD, className)} aria-busy="true">
      <CardHeader className={OVERVIEW_PAD} aria-hidden="true">
        <Bar className="h-5 w-48" />
      </CardHeader>
      <CardContent className={cx("grid gap-3", OVERVIEW_PAD)} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <Bar key={i} className="h-8" />
        ))}
      </CardContent>
    </Card>
  );
}

/** The page title's and greeting's place (the route's loading state). */
export function HeaderSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      <Bar className="h-8 w-48" />
      <Bar className="h-4 w-64 max-w-full" />
    </div>
  );
}
