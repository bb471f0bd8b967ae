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

/*
 * The parts of a table carry no classes or slots of their own: app/globals.css styles them through
 * the table (`data-slot="table"`), and an element's own `className` (utilities) overrides that. A
 * page of rows then carries only what each cell adds, in its HTML and in its flight data alike.
 */
const TableHeader = plain("thead", "TableHeader");
const TableBody = plain("tbody", "TableBody");
const TableFooter = plain("tfoot", "TableFooter");
const TableRow = plain("tr", "TableRow");
const TableHead = plain("th", "TableHead");
const TableCell = plain("td", "TableCell");
const TableCaption = slotComponent("caption", "table-caption", "mt-4 text-sm text-muted-foreground");

function plain<T extends "thead" | "tbody" | "tfoot" | "tr" | "th" | "td">(Tag: T, name: string) {
  const Element: React.ElementType = Tag;
  function Part(props: React.ComponentProps<T>) {
    return <Element {...props} />;
  }
  Part.displayName = name;
  return Part;
}

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
