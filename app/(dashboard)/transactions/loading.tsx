import { Skeleton } from "@/components/ui/skeleton";

/** While the first page of the mirror is read: the header, the filters and a table's worth of rows. */
export default function Loading() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <Skeleton className="h-40" />
      <Skeleton className="h-6 w-72 max-w-full" />
      <div className="grid gap-2">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    </div>
  );
}
