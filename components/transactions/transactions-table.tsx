"use client";

import { useMemo } from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ShieldCheck } from "lucide-react";
import { useI18n } from "@/components/providers/i18n-provider";
import { CopyButton } from "@/components/ui/copy-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TransactionStatus } from "@/components/events/transaction-status";
import { formatDateTime, formatMoney } from "@/lib/i18n/format";
import { kindLabel } from "@/lib/transactions/kind";
import type { TransactionRowDto } from "@/lib/transactions/query";
import type { TransactionView } from "@/lib/transactions/filters";
import { cn } from "@/lib/utils";

/** `?…&tx=<id>`: the current view with the detail sheet of `id` open. */
function useDetailHref() {
  const params = useSearchParams();
  return (id: string) => {
    const p = new URLSearchParams(params.toString());
    p.set("tx", id);
    return `?${p.toString()}`;
  };
}

function useSortHref(sort: TransactionView["sort"]) {
  const params = useSearchParams();
  return (column: "date" | "amount") => {
    const p = new URLSearchParams(params.toString());
    const next = sort === `${column}.desc` ? `${column}.asc` : `${column}.desc`;
    if (next === "date.desc") p.delete("sort");
    else p.set("sort", next);
    p.delete("page");
    p.delete("tx");
    const s = p.toString();
    return s ? `?${s}` : "?";
  };
}

function Money({ value, currency, muted }: { value: string | null; currency: string | null; muted?: boolean }) {
  const { locale } = useI18n();
  return <span className={cn("tabular-nums whitespace-nowrap", muted && "text-muted-foreground")}>{value && currency ? formatMoney(value, currency, locale) : "—"}</span>;
}

function Verified({ row }: { row: TransactionRowDto }) {
  const { t, locale } = useI18n();
  if (!row.verifiedAt || row.reportedStatus) return null;
  return (
    <span className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-testid="tx-verified" title={formatDateTime(row.verifiedAt, locale)}>
      <ShieldCheck aria-hidden className="size-3" />
      {row.webhookEvent ? t("transactions.verifiedWebhook") : t("transactions.verified")}
    </span>
  );
}

function Status({ row }: { row: TransactionRowDto }) {
  const { t } = useI18n();
  return (
    <>
      <TransactionStatus status={row.status} reportedStatus={row.reportedStatus} t={t} />
      <Verified row={row} />
    </>
  );
}

/**
 * One page of the mirror, in the shadcn data-table shape (@tanstack/react-table, manual sorting and
 * pagination: the server already sorted and paged). Date and amount headers sort through the URL;
 * each row opens its detail sheet from a real link, so the keyboard (Tab, Enter) reaches every row.
 * Below the md breakpoint the same rows are a list of cards.
 */
export function TransactionsTable({ rows, sort }: { rows: TransactionRowDto[]; sort: TransactionView["sort"] }) {
  const { t, locale } = useI18n();
  const detailHref = useDetailHref();
  const sortHref = useSortHref(sort);

  const columns = useMemo<ColumnDef<TransactionRowDto>[]>(() => {
    const sortable = (column: "date" | "amount", label: string, align?: "right") => {
      const active = sort.startsWith(column);
      const Icon = !active ? ArrowUpDown : sort.endsWith("asc") ? ArrowUp : ArrowDown;
      return (
        <Link
          href={sortHref(column)}
          scroll={false}
          className={cn("inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none", align === "right" && "flex-row-reverse")}
          aria-label={t("transactions.sort.by", { column: label })}
          data-testid={`sort-${column}`}
        >
          {label}
          <Icon aria-hidden className={cn("size-3.5", !active && "opacity-50")} />
        </Link>
      );
    };
    return [
      {
        id: "date",
        header: () => sortable("date", t("transactions.columns.date")),
        cell: ({ row }) => (
          <Link
            href={detailHref(row.original.transactionId)}
            scroll={false}
            className="whitespace-nowrap underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            data-testid="tx-open"
          >
            {formatDateTime(row.original.createdAt, locale)}
            {/* The visible date starts the link's name (speech input says what it sees); the rest is for screen readers. */}
            <span className="sr-only">, {t("transactions.detail.open", { id: row.original.transactionId })}</span>
          </Link>
        ),
      },
      {
        id: "kind",
        header: () => t("transactions.columns.kind"),
        cell: ({ row }) => <span data-testid="tx-kind">{kindLabel(t, row.original)}</span>,
      },
      {
        id: "amount",
        header: () => sortable("amount", t("transactions.columns.amount"), "right"),
        cell: ({ row }) => (
          <span data-testid="tx-amount" data-amount={row.original.amount ?? ""} data-currency={row.original.currency ?? ""}>
            <Money value={row.original.amount} currency={row.original.currency} />
          </span>
        ),
        meta: { align: "right" },
      },
      { id: "fee", header: () => t("transactions.columns.fee"), cell: ({ row }) => <Money value={row.original.fee} currency={row.original.currency} muted />, meta: { align: "right" } },
      { id: "net", header: () => t("transactions.columns.net"), cell: ({ row }) => <Money value={row.original.amountNet} currency={row.original.currency} />, meta: { align: "right" } },
      { id: "status", header: () => t("transactions.columns.status"), cell: ({ row }) => <Status row={row.original} /> },
      {
        id: "payer",
        header: () => t("transactions.columns.payer"),
        cell: ({ row }) => (
          <span className="block max-w-44">
            <span className="block truncate" data-testid="tx-payer">
              {row.original.payerName ?? "—"}
            </span>
            {row.original.payerDocument && <span className="block truncate font-mono text-xs text-muted-foreground">{row.original.payerDocument}</span>}
          </span>
        ),
      },
      {
        id: "id",
        header: () => t("transactions.columns.id"),
        cell: ({ row }) => (
          <span className="grid gap-0.5 font-mono text-xs">
            <span className="inline-flex items-center gap-1" title={row.original.transactionId}>
              {row.original.transactionId.slice(0, 10)}…
              <CopyButton value={row.original.transactionId} label={t("transactions.copyId")} copiedLabel={t("common.copied")} />
            </span>
            {row.original.externalId && (
              <span className="inline-flex items-center gap-1 text-muted-foreground" title={row.original.externalId}>
                {row.original.externalId.length > 14 ? `${row.original.externalId.slice(0, 14)}…` : row.original.externalId}
                <CopyButton value={row.original.externalId} label={t("transactions.detail.copy", { label: t("transactions.csv.externalId") })} copiedLabel={t("common.copied")} />
              </span>
            )}
          </span>
        ),
      },
    ];
  }, [t, locale, sort, sortHref, detailHref]);

  // The table is rebuilt from its props on every render (no memoised table functions are passed down).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, manualPagination: true, getRowId: (r) => r.transactionId });
  const alignOf = (meta: unknown) => ((meta as { align?: string } | undefined)?.align === "right" ? "text-right" : undefined);
  const ariaSort = (id: string) => (sort.startsWith(`${id}.`) ? (sort.endsWith("asc") ? "ascending" : "descending") : undefined);

  return (
    <>
      <div className="hidden md:block">
        <Table aria-label={t("pages.transactions.title")}>
          <TableHeader>
            {table.getHeaderGroups().map((g) => (
              <TableRow key={g.id}>
                {g.headers.map((h) => (
                  <TableHead key={h.id} className={alignOf(h.column.columnDef.meta)} aria-sort={ariaSort(h.column.id)}>
                    {flexRender(h.column.columnDef.header, h.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.map((r) => (
              <TableRow key={r.id} data-testid={`tx-${r.id}`}>
                {r.getVisibleCells().map((c) => (
                  <TableCell key={c.id} className={alignOf(c.column.columnDef.meta)}>
                    {flexRender(c.column.columnDef.cell, c.getContext())}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-2 md:hidden" aria-label={t("pages.transactions.title")}>
        {rows.map((r) => {
          return (
            <li key={r.transactionId} data-testid={`txcard-${r.transactionId}`} className="rounded-lg border bg-card p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <Link href={detailHref(r.transactionId)} scroll={false} className="font-medium underline-offset-4 hover:underline">
                  {kindLabel(t, r)}
                  <span className="sr-only">, {t("transactions.detail.open", { id: r.transactionId })}</span>
                </Link>
                <span className="font-medium">
                  <Money value={r.amount} currency={r.currency} />
                </span>
              </div>
              <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>{formatDateTime(r.createdAt, locale)}</span>
                <Status row={r} />
              </div>
              {r.payerName && <p className="mt-1 truncate text-xs">{r.payerName}</p>}
            </li>
          );
        })}
      </ul>
    </>
  );
}
