/** The filtered, paginated transaction list. */
import type { RequestOptions } from "../core/transport";
import { transactionListRequestSchema, transactionListResponseSchema, type TransactionListRequest } from "../schemas/transactions";
import { ApiResource } from "./shared";

export type TransactionListParams = TransactionListRequest;

export class Transactions extends ApiResource {
  /** POST /v2/account/transactions/list: a read (safe to repeat) despite the POST. */
  list(filters: TransactionListParams = {}, options?: RequestOptions) {
    return this._call(() => {
      const json = this._validate(transactionListRequestSchema, filters, "/v2/account/transactions/list");
      return { method: "POST", path: "/v2/account/transactions/list", json, schema: transactionListResponseSchema, safeToRetry: true };
    }, options);
  }
}
