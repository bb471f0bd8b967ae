"use client";

import Link from "@/components/ui/link";
import { StatusBadges, type StatusView } from "@/components/events/status-badges";

/**
 * A line of the latest transactions, as the server has already written it: `title` who paid or was
 * paid (else the description, else the kind), `detail` what follows the date (" · Cash-in · PIX"),
 * empty when the title is the kind already.
 */
export type LatestRow = { id: string; title: string; at: string; when: string; detail: string; amount: string; status: StatusView };

/**
 * The latest transactions' lines, each opening its detail on the Transactions page, drawn from what
 * the server wrote: the page's flight data carries a line as this short record, not its elements.
 */
export function LatestRows({ rows }: { rows: LatestRow[] }) {
  return (
    <ul className="ov-list">
      {rows.map((r) => (
        <li key={r.id}>
          <Link href={`/transactions?tx=${encodeURIComponent(r.id)}`} className="ov-line" data-testid={`latest-${r.id}`}>
            <span className="ov-l-main">
              <span className="ov-l-title">{r.title}</span>
              <span className="ov-l-sub">
                <time dateTime={r.at}>{r.when}</time>
                {r.detail}
              </span>
            </span>
            <span className="ov-l-end">
              <span className="ov-l-amt">{r.amount}</span>
              <StatusBadges view={r.status} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
