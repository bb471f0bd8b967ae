"use client";

import Link from "@/components/ui/link";
import { preloadDetailSheet } from "./detail-sheet-loader";
import { useSearchParams } from "next/navigation";
import { ArrowDown, ArrowUp, ArrowUpDown } from "@/components/ui/icons";
import type { TxIconName } from "./tx-icon-sprite";
import { useI18n } from "@/components/providers/i18n-provider";
import { CopyValue } from "@/components/ui/copy-value";
import { CopyValues } from "@/components/ui/copy-values";
import { TransactionStatus } from "@/components/events/transaction-status";
import { formatDateTime, formatMoney, formatShortDateTime } from "@/lib/i18n/format";
import type { TransactionListRow } from "@/lib/transactions/query";
import type { TransactionView, TxOptionalColumn } from "@/lib/transactions/filters";
import { cx } from "@/lib/class-join";

/**
 * What the table reads of a row: the page passes only these (a row of the mirror also carries the
 * payer's name and document, end-to-end id and hash, which the detail sheet shows, not the table;
 * the page picks these, `app/(dashboard)/transactions/page.tsx`).
 */
export type TxTableRow = Pick<
  TransactionListRow,
  | "transactionId"
  | "externalId"
  | "status"
  | "reportedStatus"
  | "amount"
  | "fee"
  | "amountNet"
  | "currency"
  | "createdAt"
  | "verifiedAt"
  | "webhookEvent"
  | "flow"
  | "counterparty"
  | "description"
> & {
  /** the transaction's kind in the member's words ("Cash-in · PIX"), said by the server (lib/transactions/kind.ts) */
  kind: string;
};

/**
 * A row as the page sends it: the fields without a value left out, and the optional columns' only
 * when shown (25 rows a page, in the page's flight data); the table reads a missing one as empty.
 */
export type SentTxRow = Pick<TxTableRow, "transactionId" | "status" | "createdAt" | "kind"> & Partial<TxTableRow>;

/** `?…&tx=<id>`: the current view with the detail sheet of `id` open; `sort=`: the view in that order, from its first page. */
function useHrefs(sort: TransactionView["sort"]) {
  const params = useSearchParams();
  const withParams = (change: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(params.toString());
    change(p);
    return `?${p.toString()}`;
  };
  return {
    detail: (id: string) => withParams((p) => p.set("tx", id)),
    sort: (column: "date" | "amount") =>
      withParams((p) => {
        const next = sort === `${column}.desc` ? `${column}.asc` : `${column}.desc`;
        if (next === "date.desc") p.delete("sort");
        else p.set("sort", next);
        p.delete("page");
        p.delete("tx");
      }),
  };
}

/**
 * An icon of the sprite the page draws once beside the table (components/transactions/tx-icon-sprite.tsx).
 * `i`: drawn as every icon (components/ui/icon.tsx), its stroke inherited by the symbol's shapes.
 */
const Icon = ({ name, className }: { name: TxIconName; className: string }) => (
  <svg aria-hidden className={`i ${className}`}>
    <use href={`#tx-icon-${name}`} />
  </svg>
);

/** An id, as much of it as its column leaves room for, with its copy button; the whole id in its title. */
function ShortId({ value, label }: { value: string | null | undefined; label: string }) {
  if (!value) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex min-w-0 items-center gap-0.5 font-mono text-xs" title={value}>
      <span className="truncate">{value}</span>
      <CopyValue value={value} label={label} />
    </span>
  );
}

/** The columns that give way when room is short (truncated), and their shares of what the others leave. */
const SHRINKING: Partial<Record<string, number>> = { description: 2, reference: 1, id: 1 };

function Money({ value, currency, muted }: { value: string | null | undefined; currency: string | null | undefined; muted?: boolean }) {
  const { locale } = useI18n();
  return <span className={cx("tx-money", muted && "text-muted-foreground")}>{value && currency ? formatMoney(value, currency, locale) : "—"}</span>;
}

/** The status in the member's words; where it comes from (confirmed by the provider, after a notice or not) only as a small mark with its tooltip. */
function Status({ row }: { row: SentTxRow }) {
  const { t, locale } = useI18n();
  const checked = row.verifiedAt && !row.reportedStatus ? (row.webhookEvent ? t("transactions.verifiedWebhook") : t("transactions.verified")) : null;
  return (
    <span className="tx-state">
      <TransactionStatus status={row.status} reportedStatus={row.reportedStatus ?? null} t={t} />
      {checked && (
        <span className="tx-mark" data-testid="tx-verified" title={`${checked} · ${formatDateTime(row.verifiedAt!, locale)}`}>
          <Icon name="verified" className="size-3.5" />
          <span className="sr-only">{checked}</span>
        </span>
      )}
    </span>
  );
}

/** Who paid (money in) or was paid (money out), then the description; the transaction's kind when neither is known. */
function Description({ row }: { row: SentTxRow }) {
  const lead = row.counterparty ?? row.description;
  return (
    <span className="tx-desc">
      <Icon name={row.flow ?? "neither"} className={cx("tx-flow", row.flow === "in" && "text-success")} />
      <span className={cx("truncate", !lead && "text-muted-foreground")} data-testid="tx-counterparty" title={lead ?? undefined}>
        {lead ?? row.kind}
      </span>
      {row.counterparty && row.description && <span className="truncate text-muted-foreground">{`· ${row.description}`}</span>}
    </span>
  );
}

/** A column of the table: its header, what it shows of a row, and whether its figures sit on the right. */
type Column = { id: string; header: React.ReactNode; cell: (row: SentTxRow) => React.ReactNode; align?: "right" };

/**
 * One page of the mirror (the server already sorted and paged it): date, description, type, status
 * and amount, and the columns the member added (`cols`). A plain table of column definitions: it sorts
 * and pages nothing itself, so it needs no table library in the browser (@tanstack/table-core was
 * 13.6 KiB of this page's script). One line a row; the description gives way (truncated) so
 * that the table always fits its card. Date and amount headers sort through the URL; the header row
 * stays under the app bar while the list scrolls. Each row is one link to its detail sheet (the
 * date is the link, stretched over the row), so a click or tap anywhere on it opens it and the
 * keyboard (Tab, Enter) and screen readers meet one real link per row. Below the md breakpoint the
 * same rows are cards (app/globals.css, `.tx-table`): one markup for both widths.
 */
export function TransactionsTable({ rows, sort, columns: chosen }: { rows: SentTxRow[]; sort: TransactionView["sort"]; columns: readonly TxOptionalColumn[] }) {
  const { t, locale } = useI18n();
  const href = useHrefs(sort);

  const sortable = (column: "date" | "amount", label: string, align?: "right") => {
    const active = sort.startsWith(column);
    const SortIcon = !active ? ArrowUpDown : sort.endsWith("asc") ? ArrowUp : ArrowDown;
    return (
      <Link
        href={href.sort(column)}
        scroll={false}
        className={cx("tx-link inline-flex items-center gap-1 hover:text-foreground hover:no-underline", align === "right" && "flex-row-reverse")}
        aria-label={t("transactions.sort.by", { column: label })}
        data-testid={`sort-${column}`}
      >
        {label}
        <SortIcon aria-hidden className={cx("size-3.5", !active && "opacity-50")} />
      </Link>
    );
  };
  const all: Column[] = [
    {
      id: "date",
      header: sortable("date", t("transactions.columns.date")),
      cell: (row) => (
        <Link href={href.detail(row.transactionId)} scroll={false} onMouseEnter={preloadDetailSheet} onFocus={preloadDetailSheet} onTouchStart={preloadDetailSheet} className="tx-link tx-open" data-testid="tx-open" title={formatDateTime(row.createdAt, locale)}>
          {formatShortDateTime(row.createdAt, locale)}
          {/* The visible date starts the link's name (speech input says what it sees); the rest is for screen readers. */}
          <span className="sr-only">{`, ${t("transactions.detail.open")}`}</span>
        </Link>
      ),
    },
    { id: "description", header: t("transactions.columns.description"), cell: (row) => <Description row={row} /> },
    {
      id: "kind",
      header: t("transactions.columns.kind"),
      cell: (row) => {
        const kind = row.kind;
        return (
          <span className="tx-kind" data-testid="tx-kind" title={kind}>
            {kind}
          </span>
        );
      },
    },
    { id: "status", header: t("transactions.columns.status"), cell: (row) => <Status row={row} /> },
    { id: "reference", header: t("transactions.columns.reference"), cell: (row) => <ShortId value={row.externalId} label={t("transactions.detail.copy", { label: t("transactions.csv.externalId") })} /> },
    { id: "id", header: t("transactions.columns.id"), cell: (row) => <ShortId value={row.transactionId} label={t("transactions.copyId")} /> },
    {
      id: "amount",
      header: sortable("amount", t("transactions.columns.amount"), "right"),
      cell: (row) => (
        <span data-testid="tx-amount" data-amount={row.amount ?? ""} data-currency={row.currency ?? ""}>
          <Money value={row.amount} currency={row.currency} />
        </span>
      ),
      align: "right",
    },
    { id: "fee", header: t("transactions.columns.fee"), cell: (row) => <Money value={row.fee} currency={row.currency} muted />, align: "right" },
    { id: "net", header: t("transactions.columns.net"), cell: (row) => <Money value={row.amountNet} currency={row.currency} />, align: "right" },
  ];
  const optional: readonly string[] = ["reference", "id", "fee", "net"] satisfies TxOptionalColumn[];
  const columns = all.filter((c) => !optional.includes(c.id) || chosen.includes(c.id as TxOptionalColumn));

  const shares = columns.reduce((n, c) => n + (SHRINKING[c.id] ?? 0), 0);
  const widthOf = (id: string) => (SHRINKING[id] ? { width: `${Math.round((SHRINKING[id] / shares) * 1000) / 10}%` } : undefined);
  const ariaSort = (id: string) => (sort.startsWith(`${id}.`) ? (sort.endsWith("asc") ? "ascending" : "descending") : undefined);

  return (
    // Every row's copy buttons share one handler.
    <CopyValues>
      <table aria-label={t("pages.transactions.title")} className="tx-table" data-columns={chosen.join(" ") || undefined}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} data-col={c.id} data-align={c.align} aria-sort={ariaSort(c.id)} style={widthOf(c.id)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.transactionId} data-testid={`tx-${row.transactionId}`} data-flow={row.flow ?? undefined}>
              {columns.map((c) => (
                <td key={c.id} data-col={c.id} data-align={c.align}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </CopyValues>
  );
}
