/** Building blocks of the paginated lists (transactions, infractions). */
import { z } from "zod";
import { pageSchema, pageSizeSchema, paginationShape } from "./common";

/** The paging fields of a list request (numbers coerced: a query string sends them as strings). */
export const pageQueryShape = {
  /** default 1 */
  page: pageSchema.optional(),
  /** default 50, maximum 100 */
  page_size: pageSizeSchema.optional(),
};

/** A list response: one page of `item`s with page, page_size, has_next, has_prev. */
export const listResponseSchema = <T extends z.ZodType>(item: T) => z.looseObject({ items: z.array(item), ...paginationShape });
