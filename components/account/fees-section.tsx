import Decimal from "decimal.js";
import { ApiFailure } from "@/components/shell/api-failure";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Access } from "@/lib/auth/access";
import { readFees, type ApiEnvironment } from "@/lib/api-context";
import { FEE_FIELDS, feesByOperation, normalizeFees, type FeeEntry, type FeeField } from "@/lib/account/normalize";
import { compareFees } from "@/lib/account/order";
import { formatAmount, formatPercent } from "@/lib/account/format";
import type { MessageKey } from "@/lib/i18n/translate";
import { getI18n } from "@/lib/i18n/server";
import { ExtraFields } from "./extra-fields";
import { methodLabel, operationLabel } from "./labels";
import { ReadSource } from "./read-source";
import { sectionRead, UnavailableSection } from "./section-read";
import { stacked, stackedLabels } from "./stacked-table";
import { FeeGroups, type FeeRowView } from "./fee-rows";

const LABELS: Record<FeeField, MessageKey> = {
  percentage: "account.fees.percentage",
  fixed: "account.fees.fixed",
  minimum: "account.fees.minimum",
  maximum: "account.fees.maximum",
};

const isZero = (v: string | null) => v !== null && new Decimal(v).isZero();

/** No percentage, no fixed part and no minimum: the operation is free (a maximum of a free fee says nothing). */
const isFree = (e: FeeEntry) => isZero(e.percentage) && isZero(e.fixed) && (e.minimum === null || isZero(e.minimum));

/**
 * The account's fees (GET /v2/account/fees) as one table: a row per operation, method and currency
 * with its percentage, fixed part and minimum (and maximum, when the API answers one anywhere); "No
 * fee" where the operation is free. Operations in the dashboard's order, currencies in the
 * merchant's (`local` first, lib/account/order.ts).
 */
export async function FeesSection({ access, environment, local }: { access: Access; environment: ApiEnvironment; local: Promise<string> }) {
  const { t, locale } = await getI18n();
  const { read, failure } = await sectionRead(access, environment, "fees", () => readFees(access, environment), t);
  if (!read) return <UnavailableSection id="fees" title={t("account.fees.title")} unavailable={t("account.fees.unavailable")} failure={failure!} />;
  const fees = normalizeFees(read.data);
  const groups = feesByOperation(fees.entries, compareFees(await local));
  // A maximum is shown only when the API answers one somewhere; the other three always, "not provided" when missing.
  const fields = FEE_FIELDS.filter((f) => f !== "maximum" || fees.entries.some((e) => e.maximum !== null));
  const value = (e: FeeEntry, f: FeeField) => {
    const v = e[f];
    if (v === null) return null;
    return f === "percentage" ? formatPercent(v, locale) : formatAmount(v, e.currency, locale);
  };
  return (
    <section aria-labelledby="fees-title" className="grid min-w-0 gap-3" data-testid="account-fees">
      <h2 id="fees-title" className="sr-only">
        {t("account.fees.title")}
      </h2>
      <div className="grid gap-1">
        <div className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <ReadSource read={read} environment={environment} testId="fees-read-at" className="-m-1" />
          <p>{t("account.fees.explain")}</p>
        </div>
      </div>
      {failure && <ApiFailure failure={failure} title={t("account.fees.unavailable")} />}
      {fees.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("account.fees.none")}</p>
      ) : (
        <Table aria-labelledby="fees-title" className={stacked.table} style={stackedLabels(Object.fromEntries(fields.map((f) => [`fee-${f}`, t(LABELS[f])])))} containerClassName="rounded-xl border bg-card px-2 text-card-foreground shadow-sm">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col">{t("account.fees.operation")}</TableHead>
              <TableHead scope="col">{t("account.fees.method")}</TableHead>
              <TableHead scope="col">{t("account.fees.currency")}</TableHead>
              {fields.map((f) => (
                <TableHead key={f} scope="col" className="text-right">
                  {t(LABELS[f])}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <FeeGroups
            fields={fields}
            groups={groups.map((g) => ({
              key: g.key,
              rows: g.items.map(
                (e, i): FeeRowView => ({
                  k: `${e.method}-${e.currency}-${i}`,
                  id: `fee-${g.key || "none"}-${e.method ?? "any"}-${e.currency ?? "none"}`,
                  ...(i === 0 ? { group: { label: operationLabel(t, g.key || null), size: g.items.length } } : {}),
                  method: methodLabel(t, e.method),
                  ...(e.extra.length > 0 ? { extra: <ExtraFields fields={e.extra} /> } : {}),
                  currency: e.currency,
                  free: isFree(e),
                  values: fields.map((f) => value(e, f)),
                }),
              ),
            }))}
            words={{ notProvided: t("account.notProvided"), anyMethod: t("account.methods.any"), noFee: t("account.fees.noFee") }}
          />
        </Table>
      )}
      <ExtraFields fields={fees.meta} title={t(fees.entries.length ? "account.alsoAnswered" : "account.asAnswered")} testId="fees-meta" />
    </section>
  );
}
