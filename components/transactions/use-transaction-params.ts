"use client";

import { useTransition } from "react";
import { useQueryStates, type Nullable, type Values } from "nuqs";
import { serializeTransactionSearchParams, transactionSearchParams } from "@/lib/transactions/filters";

export type TransactionParamsPatch = Partial<Nullable<Values<typeof transactionSearchParams>>>;

/**
 * The Transactions view's URL state on the client (nuqs, `shallow: false`: the server re-renders the
 * list from the mirror). `apply` changes filters at once, back to the first page, as one history entry,
 * and does nothing when they would not change: the same URL is never pushed twice, so Back always
 * returns to the previous view. `show` changes how the list looks (columns) in place, without a
 * history entry of its own.
 */
export function useTransactionParams() {
  const [pending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(transactionSearchParams, { shallow: false, history: "push", startTransition, scroll: false });

  const unchanged = (patch: TransactionParamsPatch) => {
    const current = Object.fromEntries(Object.keys(patch).map((k) => [k, params[k as keyof typeof params]]));
    return serializeTransactionSearchParams(current as TransactionParamsPatch) === serializeTransactionSearchParams(patch);
  };
  const apply = (patch: TransactionParamsPatch) => {
    if (unchanged(patch)) return;
    void setParams({ ...patch, page: null, tx: null });
  };
  const show = (patch: Pick<TransactionParamsPatch, "cols">) => {
    if (unchanged(patch)) return;
    void setParams(patch, { history: "replace" });
  };
  return { params, pending, apply, show };
}
