import { TransactionsSkeleton } from "@/components/transactions/skeleton";

/** While the first page of the mirror is read: the header, the filter chips, the saved views and a table's worth of one-line rows. */
export default function Loading() {
  return <TransactionsSkeleton />;
}
