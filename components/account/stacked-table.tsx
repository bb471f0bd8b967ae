/**
 * The Account page's tables: a table from 1024 px up; below, each row stacks into a small block
 * (a grid of labelled values, the column's name written above each value), so a phone reads every
 * figure without scrolling sideways. One DOM for both: the test ids and the order are the same.
 *
 * Styled in app/globals.css (`.stacked-table`) through the table's structure rather than by
 * utilities on every cell, which kept the Account page over 400 KB of HTML: a body cell and a
 * row heading (`th scope="row"`) are cells, a cell with a `data-label` writes that label above its
 * value when stacked (CSS content, so the cell's own text stays the value alone), and a group's
 * heading is `th scope="rowgroup"`. Only what differs is a class here.
 */
export const stacked = {
  table: "stacked-table",
  /** a cell that takes the row's whole width when stacked */
  wide: "st-wide",
};
