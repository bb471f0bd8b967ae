import { Skeleton } from "@/components/ui/skeleton";

/** Placeholders while a section waits for the API (decorative; the region says it is busy). */
export function ProfileSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="profile-skeleton">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-40" />
    </div>
  );
}

export function LimitsSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="limits-skeleton">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-48" />
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
    </div>
  );
}

export function FeesSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" data-testid="fees-skeleton">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-36" />
      <Skeleton className="h-36" />
    </div>
  );
}
