import Decimal from "decimal.js";
import { Info } from "lucide-react";
import { ApiFailure } from "@/components/shell/api-failure";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Access } from "@/lib/auth/access";
import { readLimits, type ApiEnvironment } from "@/lib/api-context";
import { normalizeLimits } from "@/lib/account/normalize";
import { limitsByCurrency } from "@/lib/account/order";
import { attachUsage, barPercent, usedPercent, type LimitLine } from "@/lib/account/usage";
import { formatAmount, formatPercent } from "@/lib/account/format";
import { getDb } from "@/lib/db";
import { readPageSyncStatus } from "@/lib/overview/page-reads";
import type { Locale } from "@/lib/vocabulary";
import { formatDateTime } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";
import { getI18n } from "@/lib/i18n/server";
import { DayResetNote } from "./day-reset-note";
import { ExtraFields } from "./extra-fields";
import { methodLabel, operationLabel } from "./labels";
import { ReadSource } from "./read-source";
import { pageMirrorUsage, sectionRead, UnavailableSection } from "./section-read";
import { stacked, stackedLabels } from "./stacked-table";
import { UsageBar } from "./usage-bar";

type Fmt = { t: Translate; locale: Locale };

/** Where the dashboard's count of a period differs from the API's own: the API's figure is shown beside it. */
const differs = (mirror: string | null, api: string | null) => mirror !== null && api !== null && !new Decimal(mirror).eq(api);

/**
 * One period of a limit: "X of Y" with a bar when both are known. The used amount is what the
 * dashboard counts from the transactions it has read; the API's own count is shown only where it
 * differs (or alone, when the dashboard cannot count).
 */
function Period({ fmt, label, period, max, mirror, api, line }: { fmt: Fmt; label: string; period: "today" | "month"; max: string | null; mirror: string | null; api: string | null; line: LimitLine }) {
  const { t, locale } = fmt;
  const money = (v: string) => formatAmount(v, line.currency, locale);
  const used = mirror ?? api;
  const percent = used !== null && max !== null ? usedPercent(used, max) : null;
  const bar = used !== null && max !== null ? barPercent(used, max) : null;
  // Something used but under a tenth of a percent is not "0 %".
  const share =
    percent === null
      ? null
      : percent === "0" && used !== null && new Decimal(used).gt(0)
        ? t("account.limits.usedBelow", { percent: formatPercent("0.1", locale) })
        : t("account.limits.usedPercent", { percent: formatPercent(percent, locale) });
  const nothingUsed = used !== null && new Decimal(used).isZero();
  return (
    <TableCell data-testid={`limit-${period}`} data-used={used ?? undefined} data-api-used={api !== null && api !== used ? api : undefined}>
      {max !== null && used !== null ? (
        <div className="st-period">
          {/* An empty bar says nothing the muted "0 of …" does not: its place is kept, empty (a page has dozens). */}
          {nothingUsed ? (
            <span className="st-bar" />
          ) : (
            bar !== null &&
            percent !== null &&
            share !== null && (
              <UsageBar
                className="st-bar"
                percent={bar}
                valueText={share}
                label={t("account.limits.barLabel", {
                  operation: operationLabel(t, line.operation),
                  currency: line.currency ?? "",
                  period: label,
                  percent: formatPercent(percent, locale),
                })}
              />
            )
          )}
          {/* Nothing used reads quieter, so what was used stands out down the column. */}
          <span className={nothingUsed ? "st-used text-muted-foreground" : "st-used"} data-testid="used-of">
            {t("account.limits.usedOf", { used: money(used), max: money(max) })}
          </span>
        </div>
      ) : max !== null ? (
        <span className="tabular-nums wrap-anywhere" data-testid="limit-max">
          {t("account.limits.limitOnly", { max: money(max) })}
        </span>
      ) : used !== null ? (
        <span className="tabular-nums wrap-anywhere">{t("account.limits.usedNoLimit", { used: money(used) })}</span>
      ) : (
        <span className="text-muted-foreground">{t("account.notProvided")}</span>
      )}
      {differs(mirror, api) && (
        <span className="mt-0.5 block text-xs text-warning" data-testid="api-count">
          * {t("account.limits.apiCount", { used: money(api!) })}
        </span>
      )}
    </TableCell>
  );
}

function LimitRow({ fmt, line, first, groupSize }: { fmt: Fmt; line: LimitLine; first: boolean; groupSize: number }) {
  const { t, locale } = fmt;
  const money = (v: string | null) => (v === null ? <span className="text-muted-foreground">{t("account.notProvided")}</span> : formatAmount(v, line.currency, locale));
  const method = methodLabel(t, line.method);
  const id = [line.currency ?? "none", line.operation ?? "none", line.method].filter(Boolean).join("-");
  return (
    <TableRow data-testid={`limit-${id}`}>
      {first && (
        <TableHead scope="rowgroup" rowSpan={groupSize}>
          {line.currency ?? t("account.limits.noCurrency")}
        </TableHead>
      )}
      <TableHead scope="row">
        {operationLabel(t, line.operation)}
        {method && <span className="text-muted-foreground"> · {method}</span>}
        {line.method && line.mirror === null && (line.dailyUsed !== null || line.monthlyUsed !== null) && (
          <span className="block text-xs font-normal text-muted-foreground">{t("account.limits.perMethod")}</span>
        )}
        <ExtraFields fields={line.extra} />
      </TableHead>
      <TableCell className="st-num" data-testid="limit-min">
        {money(line.perOperationMin)}
      </TableCell>
      <TableCell className="st-num" data-testid="limit-per-operation-max">
        {money(line.perOperationMax)}
      </TableCell>
      <Period fmt={fmt} line={line} period="today" label={t("account.limits.today")} max={line.dailyMax} mirror={line.mirror?.today ?? null} api={line.dailyUsed} />
      <Period fmt={fmt} line={line} period="month" label={t("account.limits.thisMonth")} max={line.monthlyMax} mirror={line.mirror?.month ?? null} api={line.monthlyUsed} />
    </TableRow>
  );
}

/**
 * The account's limits (GET /v2/account/limits) as one table: a row per currency and operation
 * (and method, when the API answers per method), its minimum and maximum per operation, and what
 * was used today and this month against the daily and monthly limits (lib/account/usage.ts).
 * Currencies come in the merchant's order (`local` first, lib/account/order.ts).
 */
export async function LimitsSection({ access, environment, local }: { access: Access; environment: ApiEnvironment; local: Promise<string> }) {
  const { t, locale } = await getI18n();
  const db = await getDb();
  // The dashboard's count is read while the API answers.
  const counted = Promise.all([pageMirrorUsage(db, access.organizationId, environment), readPageSyncStatus(db, access.organizationId, environment)]);
  counted.catch(() => undefined);
  const { read, failure } = await sectionRead(access, environment, "limits", () => readLimits(access, environment), t);
  if (!read) return <UnavailableSection id="limits" title={t("account.limits.title")} unavailable={t("account.limits.unavailable")} failure={failure!} />;
  const [[usage, sync], localCurrency] = await Promise.all([counted, local]);
  const synced = sync.lastSyncAt !== null;
  const limits = normalizeLimits(read.data);
  const lines = attachUsage(limits.entries, synced ? usage.rows : null);
  const groups = limitsByCurrency(lines, localCurrency);
  const anyDiffers = lines.some((l) => differs(l.mirror?.today ?? null, l.dailyUsed) || differs(l.mirror?.month ?? null, l.monthlyUsed));
  const fmt = { t, locale };
  return (
    <section aria-labelledby="limits-title" className="grid min-w-0 gap-3" data-testid="account-limits">
      <h2 id="limits-title" className="sr-only">
        {t("account.limits.title")}
      </h2>
      <div className="grid gap-1">
        <ReadSource read={read} environment={environment} testId="limits-read-at" />
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="limits-mirror-source">
          <Info aria-hidden className="mt-px size-3.5 shrink-0" />
          <span>{synced ? t("account.limits.usedSource", { at: formatDateTime(sync.lastSyncAt!, locale) }) : t("account.limits.usedSourceNotYet")}</span>
        </p>
        <DayResetNote />
      </div>
      {failure && <ApiFailure failure={failure} title={t("account.limits.unavailable")} />}
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("account.limits.none")}</p>
      ) : (
        <Table
          aria-labelledby="limits-title"
          className={stacked.table}
          style={stackedLabels({
            "limit-min": t("account.limits.minPerOperation"),
            "limit-per-operation-max": t("account.limits.maxPerOperation"),
            "limit-today": t("account.limits.today"),
            "limit-month": t("account.limits.thisMonth"),
          })}
          containerClassName="rounded-xl border bg-card px-2 text-card-foreground shadow-sm">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col">{t("account.limits.currency")}</TableHead>
              <TableHead scope="col">{t("account.limits.operation")}</TableHead>
              <TableHead scope="col">{t("account.limits.minPerOperation")}</TableHead>
              <TableHead scope="col">{t("account.limits.maxPerOperation")}</TableHead>
              <TableHead scope="col">{t("account.limits.today")}</TableHead>
              <TableHead scope="col">{t("account.limits.thisMonth")}</TableHead>
            </TableRow>
          </TableHeader>
          {groups.map((g) => (
            <TableBody key={g.key} data-testid={`limits-${g.key || "none"}`}>
              {g.items.map((line, i) => (
                <LimitRow key={`${line.operation}-${line.method}-${i}`} fmt={fmt} line={line} first={i === 0} groupSize={g.items.length} />
              ))}
            </TableBody>
          ))}
        </Table>
      )}
      {anyDiffers && (
        <p className="text-xs text-warning" data-testid="limits-api-differs">
          * {t("account.limits.apiDiffers")}
        </p>
      )}
      <ExtraFields fields={limits.meta} title={t(lines.length ? "account.alsoAnswered" : "account.asAnswered")} testId="limits-meta" />
    </section>
  );
}
