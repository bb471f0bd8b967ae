import { CardSkeleton, FiguresSkeleton, HeaderSkeleton } from "@/components/overview/skeletons";

/** While the page resolves who is asking and which environment: the widgets' own placeholders. */
export default function Loading() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <HeaderSkeleton />
      <CardSkeleton lines={2} />
      <FiguresSkeleton />
      <div className="grid gap-6 lg:grid-cols-5">
        <CardSkeleton className="lg:col-span-2" lines={4} />
        <CardSkeleton className="lg:col-span-3" lines={8} />
      </div>
    </div>
  );
}
