import { Skeleton } from "@/components/ui/skeleton";

/** Placeholders while a section waits for the API (decorative; the region says it is busy). */
export function ProfileSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="profile-skeleton">
      <Skeleton className="h-28" />
    </div>
  );
}

/** The two tabs' place while the page loads. */
export function TabsSkeleton() {
  return <Skeleton className="h-9 w-64 max-w-full" />;
}

export function LimitsSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="limits-skeleton">
      <Skeleton className="h-4 w-80 max-w-full" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-96" />
    </div>
  );
}

export function FeesSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="fees-skeleton">
      <Skeleton className="h-4 w-80 max-w-full" />
      <Skeleton className="h-96" />
    </div>
  );
}
