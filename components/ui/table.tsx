import * as React from "react";

import { slotComponent } from "@/components/ui/slot-component";
import { cn } from "@/lib/utils";

/**
 * The container scrolls horizontally on narrow screens; it is focusable so keyboard users can
 * scroll it (axe "scrollable-region-focusable"). Name it with `containerLabel` when there is no caption.
 */
function Table({
  className,
  containerClassName,
  containerLabel,
  ...props
}: React.ComponentProps<"table"> & { containerClassName?: string; containerLabel?: string }) {
  return (
    <div
      data-slot="table-container"
      tabIndex={0}
      role={containerLabel ? "region" : undefined}
      aria-label={containerLabel}
      className={cn(
        "relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        containerClassName,
      )}
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

const TableHeader = slotComponent("thead", "table-header", "[&_tr]:border-b");
const TableBody = slotComponent("tbody", "table-body", "[&_tr:last-child]:border-0");
const TableFooter = slotComponent("tfoot", "table-footer", "border-t bg-muted/50 font-medium [&>tr]:last:border-b-0");
const TableRow = slotComponent("tr", "table-row", "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted");
const TableHead = slotComponent("th", "table-head", "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground");
const TableCell = slotComponent("td", "table-cell", "p-2 align-middle whitespace-nowrap");
const TableCaption = slotComponent("caption", "table-caption", "mt-4 text-sm text-muted-foreground");

/** A column heading for `TableColumns`: its label, and classes for its `<th>` (e.g. `text-right`, `sr-only`). */
type TableColumn = { label: React.ReactNode; className?: string };

/** The header of a table whose columns are just labels: `<thead>` with one row of `<th>`, one per column. */
function TableColumns({ columns, ...props }: { columns: TableColumn[] } & React.ComponentProps<"thead">) {
  return (
    <TableHeader {...props}>
      <TableRow>
        {columns.map((column, index) => (
          <TableHead key={index} className={column.className}>
            {column.label}
          </TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

export {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumns,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
  type TableColumn,
};
