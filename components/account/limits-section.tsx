import Decimal from "decimal.js";
import { ApiFailure } from "@/components/shell/api-failure";
import { Table, TableHead, TableHeader, TableRow } from "@/components/ui/table";
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
import { LimitGroups, type LimitRowView, type PeriodView } from "./limit-rows";

type Fmt = { t: Translate; locale: Locale };

/** Where the dashboard's count of a period differs from the API's own: the API's figure is shown beside it. */
const differs = (mirror: string | null, api: string | null) => mirror !== null && api !== null && !new Decimal(mirror).eq(api);

/**
 * One period of a limit, written for the page: "X of Y" with a bar when both are known. The used
 * amount is what the dashboard counts from the transactions it has read; the API's own count is
 * shown only where it differs (or alone, when the dashboard cannot count).
 */
function periodView(fmt: Fmt, line: LimitLine, label: string, max: string | null, mirror: string | null, api: string | null): PeriodView {
  const { t, locale } = fmt;
  const money = (v: string) => formatAmount(v, line.currency, locale);
  const used = mirror ?? api;
  const view: PeriodView = {};
  if (used !== null) view.used = used;
  if (api !== null && api !== used) view.api = api;
  if (max !== null && used !== null) {
    const percent = usedPercent(used, max);
    const bar = barPercent(used, max);
    // Something used but under a tenth of a percent is not "0 %".
    const share =
      percent === null
        ? null
        : percent === "0" && new Decimal(used).gt(0)
        ? t("account.limits.usedBelow", { percent: formatPercent("0.1", locale) })
        : t("account.limits.usedPercent", { percent: formatPercent(percent, locale) });
    const quiet = new Decimal(used).isZero();
    view.of = { text: t("account.limits.usedOf", { used: money(used), max: money(max) }), quiet };
    if (!quiet && bar !== null && percent !== null && share !== null)
      view.of.bar = {
        percent: bar,
        valueText: share,
        label: t("account.limits.barLabel", { operation: operationLabel(t, line.operation), currency: line.currency ?? "", period: label, percent: formatPercent(percent, locale) }),
      };
  } else if (max !== null) view.limitOnly = t("account.limits.limitOnly", { max: money(max) });
  else if (used !== null) view.usedOnly = t("account.limits.usedNoLimit", { used: money(used) });
  if (differs(mirror, api)) view.apiCount = t("account.limits.apiCount", { used: money(api!) });
  return view;
}

function rowView(fmt: Fmt, line: LimitLine, first: boolean, groupSize: number, i: number): LimitRowView {
  const { t, locale } = fmt;
  const money = (v: string | null) => (v === null ? null : formatAmount(v, line.currency, locale));
  return {
    k: `${line.operation}-${line.method}-${i}`,
    id: [line.currency ?? "none", line.operation ?? "none", line.method].filter(Boolean).join("-"),
    ...(first ? { group: { label: line.currency ?? t("account.limits.noCurrency"), size: groupSize } } : {}),
    operation: operationLabel(t, line.operation),
    method: methodLabel(t, line.method),
    perMethod: !!line.method && line.mirror === null && (line.dailyUsed !== null || line.monthlyUsed !== null),
    ...(line.extra.length > 0 ? { extra: <ExtraFields fields={line.extra} /> } : {}),
    min: money(line.perOperationMin),
    max: money(line.perOperationMax),
    today: periodView(fmt, line, t("account.limits.today"), line.dailyMax, line.mirror?.today ?? null, line.dailyUsed),
    month: periodView(fmt, line, t("account.limits.thisMonth"), line.monthlyMax, line.mirror?.month ?? null, line.monthlyUsed),
  };
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
        <div className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <ReadSource read={read} environment={environment} testId="limits-read-at" className="-m-1" />
          <p data-testid="limits-mirror-source">{synced ? t("account.limits.usedSource", { at: formatDateTime(sync.lastSyncAt!, locale) }) : t("account.limits.usedSourceNotYet")}</p>
        </div>
        <DayResetNote />
      </div>
      {failure && <ApiFailure failure={failure} title={t("account.limits.unavailable")} />}
      {groups.length > 1 && (
        // Eight currencies are a long page on a phone: straight to the one the member came for.
        <nav aria-label={t("account.limits.jumpTo")} className="flex flex-wrap gap-1.5" data-testid="limits-jump">
          {groups.map((g) => (
            <a key={g.key} href={`#limits-${g.key || "none"}`} className="jump-link">
              {g.key || t("account.limits.noCurrency")}
            </a>
          ))}
        </nav>
      )}
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
          <LimitGroups
            groups={groups.map((g) => ({ key: g.key, rows: g.items.map((line, i) => rowView(fmt, line, i === 0, g.items.length, i)) }))}
            words={{ notProvided: t("account.notProvided"), perMethod: t("account.limits.perMethod") }}
          />
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
