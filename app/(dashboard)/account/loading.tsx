import { HeaderSkeleton, LimitsSkeleton, ProfileSkeleton, TabsSkeleton } from "@/components/account/skeletons";

export default function Loading() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <HeaderSkeleton />
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
