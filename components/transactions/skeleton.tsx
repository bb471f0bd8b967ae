/*
 * The Transactions page's placeholder: the header, the filter chips, the saved views and a table's
 * worth of one-line rows. Bare `.skel` bars (app/globals.css) under aria-hidden containers; the
 * twelve rows are one element drawn by CSS (`.tx-skel-rows`), so that the few elements left cost the
 * flight data less than a client component's code would cost every visit.
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
        <div className="tx-skel-chips" />
      </div>
      <div className="skel h-8 w-72 max-w-full" aria-hidden="true" />
      <div className="tx-skel-rows" aria-hidden="true" />
    </div>
  );
}
