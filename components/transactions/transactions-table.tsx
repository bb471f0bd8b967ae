"use client";

import { useMemo, type MouseEvent } from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, Copy, ShieldCheck } from "lucide-react";
import { useI18n } from "@/components/providers/i18n-provider";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
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

/*
 * The icons repeated in every row are drawn once (a sprite) and referenced by each row: a hundred
 * inline copies of the same SVG were a fifth of the page.
 */
const ICON_COPY = "tx-icon-copy";
const ICON_VERIFIED = "tx-icon-verified";

function IconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <symbol id={ICON_COPY} viewBox="0 0 24 24">
        <Copy />
      </symbol>
      <symbol id={ICON_VERIFIED} viewBox="0 0 24 24">
        <ShieldCheck />
      </symbol>
    </svg>
  );
}

const Icon = ({ id, className }: { id: string; className: string }) => (
  <svg aria-hidden className={className}>
    <use href={`#${id}`} />
  </svg>
);

/** A copy button in a row: the table's one click handler copies `data-copy` (see `onCopyClick`). */
function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <button type="button" className="tx-copy" data-copy={value} aria-label={label} title={label}>
      <Icon id={ICON_COPY} className="size-3.5" />
    </button>
  );
}

function Money({ value, currency, muted }: { value: string | null; currency: string | null; muted?: boolean }) {
  const { locale } = useI18n();
  return <span className={cn("tx-money", muted && "text-muted-foreground")}>{value && currency ? formatMoney(value, currency, locale) : "—"}</span>;
}

function Status({ row }: { row: TransactionRowDto }) {
  const { t, locale } = useI18n();
  return (
    <>
      <TransactionStatus status={row.status} reportedStatus={row.reportedStatus} t={t} />
      {row.verifiedAt && !row.reportedStatus && (
        <span className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-testid="tx-verified" title={formatDateTime(row.verifiedAt, locale)}>
          <Icon id={ICON_VERIFIED} className="size-3" />
          {row.webhookEvent ? t("transactions.verifiedWebhook") : t("transactions.verified")}
        </span>
      )}
    </>
  );
}

/**
 * One page of the mirror, in the shadcn data-table shape (@tanstack/react-table, manual sorting and
 * pagination: the server already sorted and paged). Date and amount headers sort through the URL;
 * each row opens its detail sheet from a real link, so the keyboard (Tab, Enter) reaches every row.
 * Below the md breakpoint the same rows are shown as cards (app/globals.css, `.tx-table`): one
 * markup for both widths.
 */
export function TransactionsTable({ rows, sort }: { rows: TransactionRowDto[]; sort: TransactionView["sort"] }) {
  const { t, locale } = useI18n();
  const detailHref = useDetailHref();
  const sortHref = useSortHref(sort);

  const columns = useMemo<ColumnDef<TransactionRowDto>[]>(() => {
    const sortable = (column: "date" | "amount", label: string, align?: "right") => {
      const active = sort.startsWith(column);
      const SortIcon = !active ? ArrowUpDown : sort.endsWith("asc") ? ArrowUp : ArrowDown;
      return (
        <Link
          href={sortHref(column)}
          scroll={false}
          className={cn("tx-link inline-flex items-center gap-1 hover:text-foreground hover:no-underline", align === "right" && "flex-row-reverse")}
          aria-label={t("transactions.sort.by", { column: label })}
          data-testid={`sort-${column}`}
        >
          {label}
          <SortIcon aria-hidden className={cn("size-3.5", !active && "opacity-50")} />
        </Link>
      );
    };
    const copyLabel = t("transactions.copyId");
    const copyExternalLabel = t("transactions.detail.copy", { label: t("transactions.csv.externalId") });
    return [
      {
        id: "date",
        header: () => sortable("date", t("transactions.columns.date")),
        cell: ({ row }) => (
          <Link href={detailHref(row.original.transactionId)} scroll={false} className="tx-link" data-testid="tx-open">
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
              <CopyValue value={row.original.transactionId} label={copyLabel} />
            </span>
            {row.original.externalId && (
              <span className="inline-flex items-center gap-1 text-muted-foreground" title={row.original.externalId}>
                {row.original.externalId.length > 14 ? `${row.original.externalId.slice(0, 14)}…` : row.original.externalId}
                <CopyValue value={row.original.externalId} label={copyExternalLabel} />
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
  const alignOf = (meta: unknown) => ((meta as { align?: string } | undefined)?.align === "right" ? "right" : undefined);
  const ariaSort = (id: string) => (sort.startsWith(`${id}.`) ? (sort.endsWith("asc") ? "ascending" : "descending") : undefined);

  /** Every row's copy buttons share this one handler. */
  const onCopyClick = async (e: MouseEvent<HTMLDivElement>) => {
    const button = (e.target as Element).closest<HTMLElement>("[data-copy]");
    if (!button?.dataset.copy) return;
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      toast({ title: t("common.copied") });
    } catch {
      // The clipboard can be refused (permissions, insecure origin): the value stays in its title.
    }
  };

  return (
    // The handler only delegates the buttons' own clicks; the buttons are the keyboard's way in.
    <div onClick={onCopyClick}>
      <IconSprite />
      <Table aria-label={t("pages.transactions.title")} className="tx-table">
        <TableHeader>
          {table.getHeaderGroups().map((g) => (
            <TableRow key={g.id}>
              {g.headers.map((h) => (
                <TableHead key={h.id} className={alignOf(h.column.columnDef.meta) && "text-right"} aria-sort={ariaSort(h.column.id)}>
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id} data-testid={`tx-${r.id}`}>
              {r.getVisibleCells().map((c) => (
                <td key={c.id} data-col={c.column.id} data-align={alignOf(c.column.columnDef.meta)}>
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
