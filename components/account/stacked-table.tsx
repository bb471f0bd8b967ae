/**
 * The Account page's tables: a table from 1024 px up; below, each row stacks into a small block
 * (a grid of labelled values, the column's name written above each value), so a phone reads every
 * figure without scrolling sideways. One DOM for both: the test ids and the order are the same.
 */
export const stacked = {
  table: "text-[0.8125rem] max-lg:block",
  head: "max-lg:hidden [&_th]:h-auto [&_th]:px-1.5 [&_th]:py-2 [&_th]:align-bottom [&_th]:font-medium [&_th]:whitespace-normal [&_th]:text-muted-foreground",
  body: "border-t max-lg:block",
  row: "max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-4 max-lg:gap-y-2 max-lg:py-3",
  cell: "px-1.5 py-1.5 whitespace-normal align-top max-lg:block max-lg:p-0",
  /**
   * A value cell whose column's name (its `data-label`) is written above it when stacked; CSS
   * content, so the cell's own text stays the value alone.
   */
  labelled:
    "max-lg:before:block max-lg:before:text-xs max-lg:before:font-normal max-lg:before:text-muted-foreground max-lg:before:content-[attr(data-label)]",
  /** a cell that takes the row's whole width when stacked */
  wide: "max-lg:col-span-full",
  /** the heading cell of a group of rows (a currency, an operation): a column in the table, a title when stacked */
  group: "h-auto px-1.5 py-1.5 text-left align-top font-semibold whitespace-nowrap max-lg:col-span-full max-lg:block max-lg:px-0 max-lg:pt-1 max-lg:text-base",
};
