import "server-only";
/**
 * Reads several Overview widgets need, made once per render: each widget streams on its own inside
 * its Suspense boundary, and React's request cache lets them share one read.
 */
import { cache } from "react";
import { readBalance } from "@/lib/api-context";
import { syncStatus } from "@/lib/events/queries";

/** The balances (from the API context's shared cache): the balances and the total widgets. */
export const readPageBalance = cache(readBalance);

/** When the mirror was last synced: the chart and the latest transactions. */
export const readPageSyncStatus = cache(syncStatus);
