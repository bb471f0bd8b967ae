import type { CSSProperties } from "react";

/**
 * The Account page's tables: a table from 1024 px up; below, each row stacks into a small block
 * (a grid of labelled values, the column's name written above each value), so a phone reads every
 * figure without scrolling sideways. One DOM for both: the test ids and the order are the same.
 *
 * Styled in app/globals.css (`.stacked-table`) through the table's structure rather than by
 * utilities on every cell, which kept the Account page over 400 KB of HTML: a body cell and a
 * row heading (`th scope="row"`) are cells, a labelled cell writes its column's name above its
 * value when stacked (CSS content, so the cell's own text stays the value alone), and a group's
 * heading is `th scope="rowgroup"`. Only what differs is a class here.
 *
 * The column names are written once, on the table (`stackedLabels`: a custom property per cell's test
 * id, read by that cell's `::before` in app/globals.css), not on each of some hundred cells.
 */
export const stacked = {
  table: "stacked-table",
  /** a cell that takes the row's whole width when stacked */
  wide: "st-wide",
};

/** The labelled cells' test ids (app/globals.css maps each to its custom property). */
export type StackedLabelled = "limit-min" | "limit-per-operation-max" | "limit-today" | "limit-month" | "fee-percentage" | "fee-fixed" | "fee-minimum" | "fee-maximum";

/** The table's style: each labelled column's name, as a CSS string in `--st-<test id>`. */
export function stackedLabels(labels: Partial<Record<StackedLabelled, string>>): CSSProperties {
  return Object.fromEntries(Object.entries(labels).map(([id, label]) => [`--st-${id}`, JSON.stringify(label)])) as CSSProperties;
}
