import { Skeleton } from "@/components/ui/skeleton";

/** While the wallets and their deposits are read: the header and two wallet cards' worth. */
export default function Loading() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <div className="mb-2 flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
        <Skeleton className="h-9 w-32" />
      </div>
      <Skeleton className="h-5 w-48" />
      {[0, 1].map((i) => (
        <div key={i} className="grid gap-4 rounded-xl border p-4 sm:p-6">
          <Skeleton className="h-5 w-56 max-w-full" />
          <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
            <Skeleton className="size-40" />
            <div className="grid content-start gap-3">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-full max-w-md" />
              <Skeleton className="h-10 w-64 max-w-full" />
            </div>
          </div>
          <div className="grid gap-2">
            {[0, 1, 2].map((j) => (
              <Skeleton key={j} className="h-9" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
