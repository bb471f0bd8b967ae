import { Skeleton } from "@/components/ui/skeleton";

/** While the first page of the mirror is read: the header, the filter chips, the saved views and a table's worth of one-line rows. */
export default function Loading() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <div className="mb-3 grid gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Skeleton className="h-8 w-full sm:w-60" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-24 rounded-full" />
        ))}
      </div>
      <Skeleton className="h-8 w-72 max-w-full" />
      <div className="grid gap-1">
        {Array.from({ length: 12 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </div>
    </div>
  );
}
