import type { Metadata } from "next";
import { ProviderNotice } from "@/components/shell/provider-notice";
import type { SearchParams } from "nuqs/server";
import { PageHeader } from "@/components/shell/page-header";
import { NotConnected } from "@/components/shell/not-connected";
import { EmptyState } from "@/components/ui/empty-state";
import { Card } from "@/components/ui/card";
import { LiveRefresh } from "@/components/live/live-refresh";
import { FilterBar } from "@/components/transactions/filter-bar";
import { TransactionsTable, type SentTxRow, type TxTableRow } from "@/components/transactions/transactions-table";
import { TxIconSprite } from "@/components/transactions/tx-icon-sprite";
import { Pager } from "@/components/transactions/pager";
import { SavedViews } from "@/components/transactions/saved-views";
import { ExportButton } from "@/components/transactions/export-button";
import { ColumnsMenu, SortChip } from "@/components/transactions/view-options";
import { DetailSheet } from "@/components/transactions/detail-sheet-loader";
import { ClientMessages } from "@/components/providers/client-messages";
import { syncStatus } from "@/lib/events/queries";
import { shownStatus } from "@/components/events/transaction-status";
import { getI18n } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import { kindLabel } from "@/lib/transactions/kind";
import { pageContext } from "@/lib/pages/page-context";
import { activeFilterCount, filterChips } from "@/lib/transactions/filter-words";
import { isFiltered, loadTransactionSearchParams, serializeTransactionSearchParams, toTransactionView, type TxOptionalColumn } from "@/lib/transactions/filters";
import { listTransactions, mirrorCurrencies, type TransactionListRow } from "@/lib/transactions/query";
import { transactionDetail } from "@/lib/transactions/detail";
import { listSavedViews, viewQueryOf } from "@/lib/transactions/saved-views";
import { badgesTag, currenciesTag, keep, mirrorTag, syncTag, viewsTag } from "@/lib/pages/kept";

/** The optional columns and the field each shows (the others are always shown). */
const OPTIONAL_FIELD: Partial<Record<TxOptionalColumn, keyof TxTableRow>> = { reference: "externalId", fee: "fee", net: "amountNet" };

/**
 * A row as the table reads it: only its fields go into the page's flight data, those without a
 * value left out, and an optional column's only when it is shown.
 */
function txTableRow(r: TransactionListRow, cols: readonly TxOptionalColumn[], t: Translate): SentTxRow {
  const row: TxTableRow = {
    transactionId: r.transactionId,
    externalId: r.externalId,
    kind: kindLabel(t, r),
    // A completed conversion is shown "converted" ("Done"): components/events/transaction-status.tsx.
    status: shownStatus(r),
    reportedStatus: r.reportedStatus,
    amount: r.amount,
    fee: r.fee,
    amountNet: r.amountNet,
    currency: r.currency,
    createdAt: r.createdAt,
    verifiedAt: r.verifiedAt,
    webhookEvent: r.webhookEvent,
    flow: r.flow,
    counterparty: r.counterparty,
    description: r.description,
  };
  const hidden = new Set<string>(Object.entries(OPTIONAL_FIELD).flatMap(([col, field]) => (cols.includes(col as TxOptionalColumn) ? [] : [field])));
  return Object.fromEntries(Object.entries(row).filter(([k, v]) => v !== null && !hidden.has(k))) as SentTxRow;
}

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("pages.transactions.title") };
}

/**
 * The organisation's transactions from the mirror (never the API), filtered, sorted and paged in
 * PostgreSQL from the URL's state, live; `?tx=` opens one in a sheet.
 */
export default async function TransactionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { access, t, locale, timeZone, environment, isConnected, db, scope: target, after } = await pageContext("dashboard.view");
  if (!isConnected) {
    return (
      <>
        <PageHeader title={t("pages.transactions.title")} description={t("pages.transactions.description")} />
        <NotConnected access={access} environment={environment} />
      </>
    );
  }
  const params = await loadTransactionSearchParams(searchParams);
  const view = toTransactionView(params);
  // The mirror's rows, its currencies and when it was synced are the same for the whole team until it changes.
  const org = access.organizationId;
  const mirror = [mirrorTag(org), badgesTag(org)];
  const [page, sync, views, currencies, detail] = await Promise.all([
    keep(`transactions:${org}:${environment}:${timeZone}:${JSON.stringify(view)}`, mirror, () => listTransactions(db, target, view, timeZone)),
    keep(`sync:${org}:${environment}`, [syncTag(org)], () => syncStatus(db, org, environment)),
    // The member's own views, until they save or delete one (`views:`).
    keep(`views:${access.userId}:${org}`, [viewsTag(access.userId)], () => listSavedViews(db, org, access.userId)),
    // The filter's currencies, until one the mirror had not arrives (not at every transaction).
    keep(`currencies-in-mirror:${org}:${environment}`, [currenciesTag(org)], () => mirrorCurrencies(db, target)),
    params.tx ? transactionDetail(db, target, params.tx.slice(0, 100)) : Promise.resolve(null),
  ]);
  const filtered = isFiltered(view);
  const { chips, more } = filterChips(params, t, locale);
  return (
    <>
      <PageHeader title={t("pages.transactions.title")} description={t("pages.transactions.description")} actions={<ExportButton />} />
      <ProviderNotice access={access} environment={environment} />
      {/* data-query: the view these results are for (tests wait for it after a soft navigation). */}
      <div className="grid grid-cols-1 gap-3" data-testid="tx-results" data-query={serializeTransactionSearchParams({ ...params, tx: null })}>
        <FilterBar chips={chips} more={more.length > 0} q={params.q} activeCount={activeFilterCount(view)} currencies={currencies} />
        <SavedViews views={views} current={viewQueryOf(params)} t={t} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p data-testid="tx-count" className="text-xs text-muted-foreground">
            {sync.lastSyncAt ? t("transactions.count", { count: page.total }) : t("transactions.arriving")}
          </p>
          <LiveRefresh kinds={["transaction", "webhook"]} environment={environment} after={after} />
          <div className="ml-auto flex items-center gap-2">
            <SortChip sort={view.sort} />
            <ColumnsMenu />
          </div>
        </div>
        {page.total === 0 ? (
          filtered ? (
            <EmptyState title={t("transactions.noMatchTitle")} description={t("transactions.noMatchDescription")} />
          ) : (
            <EmptyState title={t("transactions.emptyTitle")} description={t("transactions.emptyDescription")} />
          )
        ) : (
          <>
            <Card className="py-0 max-md:border-0 max-md:bg-transparent max-md:shadow-none">
              <TxIconSprite />
              <TransactionsTable rows={page.rows.map((r) => txTableRow(r, params.cols, t))} sort={view.sort} columns={params.cols} />
            </Card>
            <Pager page={page} params={params} t={t} locale={locale} />
          </>
        )}
      </div>
      {params.tx && (
        // The sheet's words only with the sheet: most visits never open one.
        <ClientMessages namespaces={["charges.code.registered", "charges.code.registration", "charges.code.registrationPending", "infractions.statuses", "infractions.types", "send.failure", "transactions.detail", "transactions.reportedVerifying", "webhooks.eventNames"]}>
          <DetailSheet key={params.tx} id={params.tx} detail={detail} />
        </ClientMessages>
      )}
    </>
  );
}
