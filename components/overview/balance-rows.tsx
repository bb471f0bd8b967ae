"use client";

/** A balance's line as the server has already written it: currency, available and what is held. */
export type BalanceRow = { currency: string; available: string; zero: boolean; held: string | null; phoneHidden: boolean };

/**
 * The balances' lines, drawn from what the server wrote (components/overview/balances.tsx): the
 * page's flight data carries a line as this short record rather than its elements.
 */
export function BalanceRows({ rows }: { rows: BalanceRow[] }) {
  return rows.map((b) => (
    <li key={b.currency} className={b.phoneHidden ? "ov-bal max-md:hidden" : "ov-bal"} data-testid={`balance-${b.currency}`}>
      <span className="text-sm font-medium">{b.currency}</span>
      <span className="grid min-w-0 justify-items-end text-right">
        {/* Crypto amounts carry up to nine decimals: they wrap rather than widen the page. */}
        <span className={b.zero ? "tabular-nums wrap-anywhere font-normal text-muted-foreground" : "font-semibold tabular-nums wrap-anywhere"} data-testid="balance-available">
          {b.available}
        </span>
        {b.held && <span className="text-xs text-muted-foreground tabular-nums wrap-anywhere">{b.held}</span>}
      </span>
    </li>
  ));
}
