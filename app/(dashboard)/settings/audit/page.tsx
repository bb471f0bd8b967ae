import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { ScrollText } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/shell/section-card";
import { EmptyState } from "@/components/ui/empty-state";
import { DateField } from "@/components/ui/date-field";
import { ClientMessages } from "@/components/providers/client-messages";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { authorizePage } from "@/lib/auth/authorize";
import { auditActionsInUse, listAudit } from "@/lib/audit/audit";
import { readAudit } from "@/lib/audit/sentence";
import { getDb } from "@/lib/db";
import { dateFormat, formatShortDateTime } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { loadAuditSearchParams, serializeAuditSearchParams } from "@/lib/audit/params";
import { present } from "@/lib/search-params";
import { LogPager } from "@/components/shell/log-pager";
import { listMembers } from "@/lib/team/members";
import type { MessageKey } from "@/lib/i18n";
import { AuditRows, type AuditRow } from "./audit-rows";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("audit.title") };
}

/** Midnight of a calendar day in the market's time zone, as an instant. */
function dayStart(day: string, timeZone: string, plusDays = 0): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + plusDays);
  // The zone's offset at that moment: format the UTC instant in the zone and compare.
  const parts = dateFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(utc);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asZone = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return new Date(utc.getTime() - (asZone - utc.getTime()));
}

/** Admins: the organisation's append-only record of sensitive actions. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await authorizePage("logs.view");
  const { t, locale, timeZone: zone } = await getI18n();
  const f = present(loadAuditSearchParams(await searchParams));
  const db = await getDb();
  const [log, actions, members] = await Promise.all([
    listAudit(db, access.organizationId, {
      action: f.action,
      userId: f.member,
      from: f.from ? dayStart(f.from, zone) : undefined,
      to: f.to ? new Date(dayStart(f.to, zone, 1).getTime() - 1) : undefined,
      before: f.before,
    }),
    auditActionsInUse(db, access.organizationId),
    listMembers(db, access.organizationId),
  ]);
  const actionLabel = (a: string) => {
    const key = `audit.actions.${a.replace(/\./g, "_")}` as MessageKey;
    return t.has(key) ? t(key) : a;
  };
  const query = (extra: { before?: number }) => serializeAuditSearchParams({ action: f.action, member: f.member, from: f.from, to: f.to, before: extra.before });
  const filtered = !!(f.action || f.member || f.from || f.to);

  return (
    <SectionCard title={t("audit.title")} description={t("audit.description")} contentClassName="grid gap-4">
      <ClientMessages namespaces={["dateField"]}>
        <form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label={t("audit.filters")}>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-action">{t("audit.action")}</Label>
            <NativeSelect id="audit-action" name="action" defaultValue={f.action ?? ""}>
              <option value="">{t("audit.allActions")}</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {actionLabel(a)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-member">{t("audit.member")}</Label>
            <NativeSelect id="audit-member" name="member" defaultValue={f.member ?? ""}>
              <option value="">{t("audit.allMembers")}</option>
              {members.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-from">{t("audit.from")}</Label>
            <DateField id="audit-from" name="from" defaultValue={f.from ?? ""} className="w-40" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="audit-to">{t("audit.to")}</Label>
            <DateField id="audit-to" name="to" defaultValue={f.to ?? ""} className="w-40" />
          </div>
          <Button type="submit" size="sm">
            {t("developers.search")}
          </Button>
          {filtered && (
            <Button asChild size="sm" variant="ghost">
              <Link href="/settings/audit">{t("developers.clear")}</Link>
            </Button>
          )}
        </form>
      </ClientMessages>
      {log.items.length === 0 ? (
        <EmptyState icon={<ScrollText />} titleAs="h3" title={filtered ? t("developers.noMatch") : t("audit.emptyTitle")} />
      ) : (
        <Table containerLabel={t("audit.title")} phoneLabels={[t("developers.time"), t("audit.member"), t("audit.action"), t("audit.details"), t("audit.address")]}>
          <TableHeader>
            <TableRow>
              <TableHead>{t("developers.time")}</TableHead>
              <TableHead>{t("audit.member")}</TableHead>
              <TableHead>{t("audit.action")}</TableHead>
              <TableHead>{t("audit.details")}</TableHead>
              <TableHead>{t("audit.address")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <AuditRows
              rows={log.items.map(
                (e): AuditRow => ({
                  k: String(e.id),
                  at: formatShortDateTime(e.createdAt, locale),
                  user: e.user ? { name: e.user.name, email: e.user.email } : null,
                  action: actionLabel(e.action),
                  reading: readAudit(e, t, locale),
                  address: e.address,
                }),
              )}
              system={t("credentials.system")}
            />
          </TableBody>
        </Table>
      )}
      <LogPager href={(before) => `/settings/audit${query({ before })}`} before={f.before} nextBefore={log.nextBefore} t={t} />
    </SectionCard>
  );
}
