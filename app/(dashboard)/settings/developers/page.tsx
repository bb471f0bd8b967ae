import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { Activity, Download } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/shell/section-card";
import { CopyValues } from "@/components/ui/copy-values";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { apiContext } from "@/lib/api-context";
import { listRequestLog, rateHeadroom } from "@/lib/api-context/request-log-query";
import { REQUEST_LOG_RETENTION_DAYS } from "@/lib/api-context/request-log";
import { formatShortDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { pageContext } from "@/lib/pages/page-context";
import { loadRequestLogSearchParams, serializeRequestLogSearchParams } from "@/lib/api-context/request-log-params";
import { present } from "@/lib/search-params";
import { LogPager } from "@/components/shell/log-pager";
import { RateHeadroom } from "@/components/settings/rate-headroom";
import { LogRows, type LogRow } from "./log-rows";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("developers.title") };
}

/** Admins: what is left of the API's rate limits this minute, and every call the dashboard made to the Payment API, searchable by request id. */
export default async function DevelopersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { access, t, locale, db, scope } = await pageContext("logs.view");
  const f = present(loadRequestLogSearchParams(await searchParams));
  const ctx = await apiContext();
  const active = await ctx.credential(scope).catch(() => null);
  const [log, headroom] = await Promise.all([listRequestLog(db, access.organizationId, f), active ? rateHeadroom(db, active.id) : Promise.resolve(null)]);
  const query = (extra: { before?: number }) => serializeRequestLogSearchParams({ requestId: f.requestId, outcome: f.outcome, environment: f.environment, before: extra.before });
  const filtered = !!(f.requestId || f.outcome || f.environment);

  return (
    <div className="grid grid-cols-1 gap-6">
      {headroom && active && <RateHeadroom headroom={headroom} credentialName={active.name} t={t} />}
      <SectionCard title={t("developers.title")} description={t("developers.description", { days: REQUEST_LOG_RETENTION_DAYS })} contentClassName="grid gap-4">
        <form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label={t("developers.filters")}>
          <div className="grid gap-1.5">
            <Label htmlFor="log-request-id">{t("developers.requestId")}</Label>
            <Input id="log-request-id" name="requestId" defaultValue={f.requestId ?? ""} className="w-64 font-mono" spellCheck={false} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="log-outcome">{t("developers.outcome")}</Label>
            <NativeSelect id="log-outcome" name="outcome" defaultValue={f.outcome ?? ""}>
              <option value="">{t("developers.outcomeAll")}</option>
              <option value="ok">{t("developers.outcomeOk")}</option>
              <option value="errors">{t("developers.outcomeErrors")}</option>
              <option value="held">{t("developers.outcomeHeld")}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="log-environment">{t("credentials.environment")}</Label>
            <NativeSelect id="log-environment" name="environment" defaultValue={f.environment ?? ""}>
              <option value="">{t("developers.outcomeAll")}</option>
              <option value="sandbox">{t("environments.sandbox")}</option>
              <option value="production">{t("environments.production")}</option>
            </NativeSelect>
          </div>
          <Button type="submit" size="sm">
            {t("developers.search")}
          </Button>
          {filtered && (
            <Button asChild size="sm" variant="ghost">
              <Link href="/settings/developers">{t("developers.clear")}</Link>
            </Button>
          )}
          <Button asChild size="sm" variant="outline" className="ms-auto">
            {/* A file, not a page: a plain link (no client-side navigation). */}
            <a href={`/api/request-log/export${query({})}`} download data-testid="request-log-export">
              <Download aria-hidden /> {t("developers.export")}
            </a>
          </Button>
        </form>
        {log.items.length === 0 ? (
          <EmptyState icon={<Activity />} titleAs="h3" title={filtered ? t("developers.noMatch") : t("developers.emptyTitle")} description={filtered ? undefined : t("developers.emptyDescription")} />
        ) : (
          <CopyValues className="min-w-0">
            <Table containerLabel={t("developers.title")} phoneLabels={[t("developers.time"), t("developers.call"), t("developers.status"), t("developers.latency"), t("developers.requestId"), t("developers.member")]}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("developers.time")}</TableHead>
                  <TableHead>{t("developers.call")}</TableHead>
                  <TableHead>{t("developers.status")}</TableHead>
                  <TableHead className="text-right">{t("developers.latency")}</TableHead>
                  <TableHead>{t("developers.requestId")}</TableHead>
                  <TableHead>{t("developers.member")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                <LogRows
                  rows={log.items.map(
                    (e): LogRow => ({
                      k: String(e.id),
                      at: formatShortDateTime(e.createdAt, locale),
                      call: `${e.method} ${e.path}`,
                      via: `${t(`environments.${e.environment}`)}${e.credentialName ? ` · ${e.credentialName}` : ""}`,
                      status: e.status === 0 ? t("developers.noAnswer") : String(e.status),
                      tone: e.local ? "warning" : e.status >= 200 && e.status < 400 ? "success" : "destructive",
                      code: e.errorCode,
                      held: e.local,
                      ms: t("developers.ms", { ms: e.latencyMs }),
                      requestId: e.requestId,
                      member: e.user?.name ?? null,
                    }),
                  )}
                  text={{ held: t("developers.heldByBudget"), copy: t("developers.copyRequestId"), system: t("credentials.system") }}
                />
              </TableBody>
            </Table>
          </CopyValues>
        )}
        <LogPager href={(before) => `/settings/developers${query({ before })}`} before={f.before} nextBefore={log.nextBefore} t={t} />
      </SectionCard>
    </div>
  );
}
