import { Skeleton } from "@/components/ui/skeleton";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "./card-classes";

/** Placeholders of the Overview's widgets, each about the size of what replaces it. */
export function FiguresSkeleton({ className }: { className?: string }) {
  return (
    <Card className={cn(OVERVIEW_CARD, className)} aria-busy="true">
      <CardHeader className={cn("flex flex-wrap items-center justify-between gap-2", OVERVIEW_PAD)}>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-7 w-56 max-w-full" />
      </CardHeader>
      <CardContent className={cn("grid gap-4", OVERVIEW_PAD)}>
        <Skeleton className="h-4 w-72 max-w-full" />
        <div className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

export function CardSkeleton({ className, lines = 4 }: { className?: string; lines?: number }) {
  return (
    <Card className={cn("h-full", OVERVIEW_CARD, className)} aria-busy="true">
      <CardHeader className={OVERVIEW_PAD}>
        <Skeleton className="h-5 w-48" />
      </CardHeader>
      <CardContent className={cn("grid gap-3", OVERVIEW_PAD)}>
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </CardContent>
    </Card>
  );
}
