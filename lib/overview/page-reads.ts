import "server-only";
/**
 * Reads several Overview widgets need, made once per render: each widget streams on its own inside
 * its Suspense boundary, and React's request cache lets them share one read.
 */
import { cache } from "react";
import { readBalance, type ApiEnvironment } from "@/lib/api-context";
import { getDb } from "@/lib/db";
import { syncStatus } from "@/lib/events/queries";
import type { Locale } from "@/lib/vocabulary";
import { currenciesTag, keep, settledTag, syncTag } from "@/lib/pages/kept";
import { localCurrency } from "./currencies";
import { volumeCurrencies } from "./queries";

/** The balances (from the API context's shared cache): the balances and the total widgets. */
export const readPageBalance = cache(readBalance);

/** When the mirror was last synced: the figures and the latest transactions say so in their details. */
export const readPageSyncStatus = cache((db: Parameters<typeof syncStatus>[0], organizationId: string, environment: ApiEnvironment) =>
  keep(`sync:${organizationId}:${environment}`, [syncTag(organizationId)], () => syncStatus(db, organizationId, environment)),
);

/** How far back the local currency is judged from. */
const LOCAL_CURRENCY_DAYS = 90;

/** The currencies of the organisation's transactions (most completed first) and its local currency: the figures and the balances. */
export const readPageCurrencies = cache(async (organizationId: string, environment: ApiEnvironment, locale: Locale) => {
  const db = await getDb();
  // Counts of settled transactions per currency: a pending one written (a charge created) changes neither.
  const activity = await keep(`currencies:${organizationId}:${environment}`, [settledTag(organizationId), currenciesTag(organizationId)], () =>
    volumeCurrencies(db, { organizationId, environment }, { days: LOCAL_CURRENCY_DAYS }),
  );
  return { activity, local: localCurrency(activity, locale) };
});
