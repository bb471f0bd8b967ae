import Decimal from "decimal.js";
import { ChevronDown } from "lucide-react";
import { ApiFailure } from "@/components/shell/api-failure";
import type { Access } from "@/lib/auth/access";
import { readLimits, type ApiEnvironment } from "@/lib/api-context";
import { groupBy, normalizeLimits } from "@/lib/account/normalize";
import { anyPositive, attachUsage, barPercent, mirrorUsage, usedPercent, type LimitLine } from "@/lib/account/usage";
import { formatAmount, formatPercent } from "@/lib/account/format";
import { getDb } from "@/lib/db";
import { syncStatus } from "@/lib/events/queries";
import type { Locale } from "@/lib/vocabulary";
import { formatDateTime } from "@/lib/i18n/format";
import type { Translate } from "@/lib/i18n/translate";
import { getI18n } from "@/lib/i18n/server";
import { ExtraFields } from "./extra-fields";
import { methodLabel, operationLabel } from "./labels";
import { ReadSource } from "./read-source";
import { sectionRead, UnavailableSection } from "./section-read";
import { UsageBar } from "./usage-bar";

type Fmt = { t: Translate; locale: Locale };

/**
 * One period of a limit: "used X of Y" with a bar when both are known. The used amount is the
 * mirror's sum; the API's own count is shown beside it (or alone, when the mirror cannot say).
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
  return (
    <div className="grid min-w-0 gap-1" data-testid={`limit-${period}`}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="grid gap-1">
        {max !== null && used !== null ? (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="tabular-nums wrap-anywhere" data-testid="used-of">
                {t("account.limits.usedOf", { used: money(used), max: money(max) })}
              </span>
              {share !== null && (
                <span className="text-xs text-muted-foreground tabular-nums" data-testid="used-share">
                  {share}
                </span>
              )}
            </div>
            {bar !== null && percent !== null && share !== null && (
              <UsageBar
                percent={bar}
                valueText={share}
                label={t("account.limits.barLabel", {
                  operation: operationLabel(t, line.operation),
                  currency: line.currency ?? "",
                  period: label,
                  percent: formatPercent(percent, locale),
                })}
              />
            )}
          </>
        ) : max !== null ? (
          <span className="tabular-nums wrap-anywhere" data-testid="limit-max">
            {t("account.limits.limitOnly", { max: money(max) })}
          </span>
        ) : used !== null ? (
          <span className="tabular-nums wrap-anywhere">{t("account.limits.usedNoLimit", { used: money(used) })}</span>
        ) : (
          <span className="text-muted-foreground">{t("account.notProvided")}</span>
        )}
        {mirror !== null && api !== null ? (
          <span className="text-xs text-muted-foreground" data-testid="api-count">
            {new Decimal(mirror).eq(api) ? t("account.limits.apiCountSame") : t("account.limits.apiCount", { used: money(api) })}
          </span>
        ) : mirror === null && api !== null ? (
          <span className="text-xs text-muted-foreground" data-testid="api-count">
            {t("account.limits.apiCountOnly")}
          </span>
        ) : null}
      </dd>
    </div>
  );
}

function LimitItem({ fmt, line, mirrorKnown }: { fmt: Fmt; line: LimitLine; mirrorKnown: boolean }) {
  const { t, locale } = fmt;
  const money = (v: string | null) => (v === null ? <span className="text-muted-foreground">{t("account.notProvided")}</span> : formatAmount(v, line.currency, locale));
  const method = methodLabel(t, line.method);
  const id = [line.currency ?? "none", line.operation ?? "none", line.method].filter(Boolean).join("-");
  return (
    <li className="grid min-w-0 content-start gap-3" data-testid={`limit-${id}`}>
      <h3 className="font-medium">
        {operationLabel(t, line.operation)}
        {method && <span className="text-muted-foreground"> · {method}</span>}
      </h3>
      <dl className="grid gap-3 text-sm">
        <div className="grid min-w-0 gap-1" data-testid="limit-per-operation">
          <dt className="text-muted-foreground">{t("account.limits.perOperation")}</dt>
          <dd className="grid grid-cols-2 gap-x-3 tabular-nums">
            <span className="wrap-anywhere">
              <span className="text-xs text-muted-foreground">{t("account.limits.minimum")} </span>
              <span data-testid="limit-min">{money(line.perOperationMin)}</span>
            </span>
            <span className="wrap-anywhere">
              <span className="text-xs text-muted-foreground">{t("account.limits.maximum")} </span>
              <span data-testid="limit-per-operation-max">{money(line.perOperationMax)}</span>
            </span>
          </dd>
        </div>
        <Period fmt={fmt} line={line} period="today" label={t("account.limits.today")} max={line.dailyMax} mirror={line.mirror?.today ?? null} api={line.dailyUsed} />
        <Period fmt={fmt} line={line} period="month" label={t("account.limits.thisMonth")} max={line.monthlyMax} mirror={line.mirror?.month ?? null} api={line.monthlyUsed} />
      </dl>
      {line.method && mirrorKnown && <p className="text-xs text-muted-foreground">{t("account.limits.perMethod")}</p>}
      <ExtraFields fields={line.extra} />
    </li>
  );
}

/**
 * The account's limits (GET /v2/account/limits) per currency and operation, each with what the
 * transaction mirror counts as used today and this month (lib/account/usage.ts).
 */
export async function LimitsSection({ access, environment }: { access: Access; environment: ApiEnvironment }) {
  const { t, locale } = await getI18n();
  const db = await getDb();
  const target = { organizationId: access.organizationId, environment };
  // The mirror is read while the API answers.
  const mirror = Promise.all([mirrorUsage(db, target), syncStatus(db, access.organizationId, environment)]);
  mirror.catch(() => undefined);
  const { read, failure } = await sectionRead(access, environment, "limits", () => readLimits(access, environment), t);
  if (!read) return <UnavailableSection id="limits" title={t("account.limits.title")} unavailable={t("account.limits.unavailable")} failure={failure!} />;
  const [usage, sync] = await mirror;
  const synced = sync.lastSyncAt !== null;
  const limits = normalizeLimits(read.data);
  const lines = attachUsage(limits.entries, synced ? usage.rows : null);
  const groups = groupBy(lines, (l) => l.currency ?? "");
  const fmt = { t, locale };
  return (
    <section aria-labelledby="limits-title" className="grid gap-3" data-testid="account-limits">
      <div className="grid gap-1">
        <h2 id="limits-title" className="text-lg font-semibold">
          {t("account.limits.title")}
        </h2>
        <ReadSource read={read} environment={environment} testId="limits-read-at" />
        <p className="text-xs text-muted-foreground" data-testid="limits-mirror-source">
          {synced ? t("account.limits.mirrorSource", { at: formatDateTime(sync.lastSyncAt!, locale) }) : t("account.limits.mirrorNeverSynced")}
        </p>
      </div>
      {failure && <ApiFailure failure={failure} title={t("account.limits.unavailable")} />}
      {lines.length === 0 && <p className="text-sm text-muted-foreground">{t("account.limits.none")}</p>}
      <div className="grid gap-3">
        {groups.map((g) => {
          const active = anyPositive(g.items.flatMap((l) => [l.mirror?.today, l.mirror?.month, l.dailyUsed, l.monthlyUsed]));
          return (
            <details
              key={g.key}
              open={active || groups.length <= 2}
              className="group min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm"
              data-testid={`limits-${g.key || "none"}`}
            >
              <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
                <span className="font-semibold">{g.key || t("account.limits.noCurrency")}</span>
                <span className="text-xs text-muted-foreground">{t("account.limits.count", { count: g.items.length })}</span>
                <ChevronDown aria-hidden className="ml-auto size-4 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <ul className="grid gap-6 border-t px-4 py-4 md:grid-cols-2 2xl:grid-cols-4">
                {g.items.map((line, i) => (
                  <LimitItem key={`${line.operation}-${line.method}-${i}`} fmt={fmt} line={line} mirrorKnown={synced} />
                ))}
              </ul>
            </details>
          );
        })}
      </div>
      <ExtraFields fields={limits.meta} title={t(lines.length ? "account.alsoAnswered" : "account.asAnswered")} testId="limits-meta" />
    </section>
  );
}
