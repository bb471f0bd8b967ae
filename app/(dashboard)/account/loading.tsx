import { Skeleton } from "@/components/ui/skeleton";
import { LimitsSkeleton, ProfileSkeleton, TabsSkeleton } from "@/components/account/skeletons";

export default function Loading() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-6">
        <ProfileSkeleton />
        <div className="grid gap-4">
          <TabsSkeleton />
          <LimitsSkeleton />
        </div>
      </div>
    </div>
  );
}
