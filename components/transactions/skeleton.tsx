"use client";

/*
 * The Transactions page's placeholder: the header, the filter chips, the saved views and a table's
 * worth of one-line rows. Bare `.skel` bars (app/globals.css) under an aria-hidden container; a
 * client component without props, so the page's flight data names it instead of carrying its
 * two dozen elements.
 */
export function TransactionsSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <div className="mb-3 grid gap-2" aria-hidden="true">
        <div className="skel h-8 w-48" />
        <div className="skel h-4 w-80 max-w-full" />
      </div>
      <div className="flex flex-wrap gap-2" aria-hidden="true">
        <div className="skel h-8 w-full sm:w-60" />
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skel h-8 w-24 rounded-full" />
        ))}
      </div>
      <div className="skel h-8 w-72 max-w-full" aria-hidden="true" />
      <div className="grid gap-1" aria-hidden="true">
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className="skel h-9" />
        ))}
      </div>
    </div>
  );
}
