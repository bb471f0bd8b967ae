import Decimal from "decimal.js";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiFailure } from "@/components/shell/api-failure";
import type { Access } from "@/lib/auth/access";
import { readFees, type ApiEnvironment } from "@/lib/api-context";
import { FEE_FIELDS, feesByOperation, normalizeFees, type FeeEntry, type FeeField } from "@/lib/account/normalize";
import { formatAmount, formatPercent } from "@/lib/account/format";
import type { MessageKey } from "@/lib/i18n/translate";
import { getI18n } from "@/lib/i18n/server";
import { ExtraFields } from "./extra-fields";
import { methodLabel, operationLabel } from "./labels";
import { ReadSource } from "./read-source";
import { sectionRead, UnavailableSection } from "./section-read";

const LABELS: Record<FeeField, MessageKey> = {
  percentage: "account.fees.percentage",
  fixed: "account.fees.fixed",
  minimum: "account.fees.minimum",
  maximum: "account.fees.maximum",
};

const isZero = (v: string | null) => v !== null && new Decimal(v).isZero();

/** No percentage, no fixed part and no minimum: the operation is free (a maximum of a free fee says nothing). */
const isFree = (e: FeeEntry) => isZero(e.percentage) && isZero(e.fixed) && (e.minimum === null || isZero(e.minimum));

/** The account's fees (GET /v2/account/fees) per operation, method and currency. */
export async function FeesSection({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const { t, locale } = await getI18n();
  const { read, failure } = await sectionRead(access, environment, "fees", () => readFees(access, environment), t);
  if (!read) return <UnavailableSection id="fees" title={t("account.fees.title")} unavailable={t("account.fees.unavailable")} failure={failure!} />;
  const fees = normalizeFees(read.data);
  // A maximum is shown only when the API answers one somewhere; the other three always, "not provided" when missing.
  const fields = FEE_FIELDS.filter((f) => f !== "maximum" || fees.entries.some((e) => e.maximum !== null));
  const value = (e: FeeEntry, f: FeeField) => {
    const v = e[f];
    if (v === null) return <span className="text-muted-foreground">{t("account.notProvided")}</span>;
    return f === "percentage" ? formatPercent(v, locale) : formatAmount(v, e.currency, locale);
  };
  return (
    <section aria-labelledby="fees-title" className="grid gap-3" data-testid="account-fees">
      <div className="grid gap-1">
        <h2 id="fees-title" className="text-lg font-semibold">
          {t("account.fees.title")}
        </h2>
        <ReadSource read={read} environment={environment} testId="fees-read-at" />
        <p className="text-xs text-muted-foreground">{t("account.fees.explain")}</p>
      </div>
      {failure && <ApiFailure failure={failure} title={t("account.fees.unavailable")} />}
      {fees.entries.length === 0 && <p className="text-sm text-muted-foreground">{t("account.fees.none")}</p>}
      {feesByOperation(fees.entries).map((g) => (
        <Card key={g.key} className="min-w-0 gap-4" data-testid={`fees-${g.key || "none"}`}>
          <CardHeader>
            <CardTitle>
              <h3>{operationLabel(t, g.key || null)}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {g.items.map((e, i) => {
                const method = methodLabel(t, e.method) ?? t("account.methods.any");
                return (
                  <li
                    key={`${e.method}-${e.currency}-${i}`}
                    className="grid min-w-0 content-start gap-2 rounded-lg border p-3"
                    data-testid={`fee-${g.key || "none"}-${e.method ?? "any"}-${e.currency ?? "none"}`}
                  >
                    <p className="flex flex-wrap items-baseline justify-between gap-x-2 font-medium">
                      <span>{method}</span>
                      {e.currency && <span className="text-sm text-muted-foreground">{e.currency}</span>}
                    </p>
                    {isFree(e) ? (
                      <p className="text-sm" data-testid="fee-free">
                        {t("account.fees.noFee")}
                      </p>
                    ) : (
                      <dl className="grid grid-cols-[repeat(auto-fit,minmax(5.5rem,1fr))] gap-2 text-sm">
                        {fields.map((f) => (
                          <div key={f} className="grid min-w-0 gap-0.5" data-testid={`fee-${f}`}>
                            <dt className="text-xs text-muted-foreground">{t(LABELS[f])}</dt>
                            <dd className="tabular-nums wrap-anywhere">{value(e, f)}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    <ExtraFields fields={e.extra} />
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
      ))}
      <ExtraFields fields={fees.meta} title={t(fees.entries.length ? "account.alsoAnswered" : "account.asAnswered")} testId="fees-meta" />
    </section>
  );
}
