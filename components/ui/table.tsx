import * as React from "react";

import { cx, cxYield } from "@/lib/class-join";

/** The table's container, before a caller's `containerClassName` (a caller's rounding replaces its own). */
export const TABLE_CONTAINER = "relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";
export const TABLE_CLASSES = "w-full caption-bottom text-sm";
export const TABLE_CAPTION = "mt-4 text-sm text-muted-foreground";
/** The classes of a caption (a caller's margin and text size replace its own). */
export const tableCaptionClasses = (className?: string) => cxYield(TABLE_CAPTION, className, /^mt-/, /^text-(xs|sm|base|lg)$/);
/** The classes of a table's container (a caller's rounding replaces its own). */
export const tableContainerClasses = (className?: string) => cxYield(TABLE_CONTAINER, className, /^rounded(-|$)/);

/**
 * The container scrolls horizontally on narrow screens; it is focusable so keyboard users can
 * scroll it (axe "scrollable-region-focusable"). Name it with `containerLabel` when there is no caption.
 */
function Table({
  className,
  containerClassName,
  containerLabel,
  phoneLabels,
  style,
  ...props
}: React.ComponentProps<"table"> & { containerClassName?: string; containerLabel?: string; phoneLabels?: (string | null)[] }) {
  return (
    <div
      data-slot="table-container"
      tabIndex={0}
      role={containerLabel ? "region" : undefined}
      aria-label={containerLabel}
      className={tableContainerClasses(containerClassName)}
    >
      <table data-slot="table" className={cx(TABLE_CLASSES, phoneLabels && "phone-rows", className)} style={phoneLabels ? { ...phoneRowLabels(phoneLabels), ...style } : style} {...props} />
    </div>
  );
}

/**
 * `phoneLabels`: the table reads as rows of labelled values below 640 px (`.phone-rows` in
 * app/globals.css), each cell under its column's name; these are the names, one per column in
 * order (null: the column writes none, e.g. its actions). At most six.
 */
function phoneRowLabels(labels: (string | null)[]): React.CSSProperties {
  return Object.fromEntries(labels.flatMap((label, i) => (label ? [[`--pr-${i + 1}`, JSON.stringify(label)]] : []))) as React.CSSProperties;
}

/*
 * Classes are joined with cx, not cn: a client table (team, sessions, a bulk file's rows) then
 * brings no merge table to the browser; test/ui/class-join.test.ts checks every caller's classes.
 *
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
function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={tableCaptionClasses(className)} {...props} />;
}

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
