import { Skeleton } from "@/components/ui/skeleton";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** Placeholders of the Overview's widgets, each the size of what replaces it. */
export function BalancesSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <Skeleton className="h-10 w-64 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}

export function TotalSkeleton() {
  return (
    <Card aria-busy="true">
      <CardHeader className="gap-3">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-9 w-56 max-w-full" />
      </CardHeader>
      <CardContent className="grid gap-2">
        <Skeleton className="h-3 w-full max-w-md" />
        <Skeleton className="h-6 w-40" />
      </CardContent>
    </Card>
  );
}

export function CardSkeleton({ className, lines = 4, chart = false }: { className?: string; lines?: number; chart?: boolean }) {
  return (
    <Card className={cn("h-full", className)} aria-busy="true">
      <CardHeader className="gap-2">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-3 w-64 max-w-full" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {chart && <Skeleton className="h-56 sm:h-64" />}
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </CardContent>
    </Card>
  );
}
